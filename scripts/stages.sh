# The time table (sourced, not run): every stage of a run with its wall
# time, printed at the end with the total. The outermost script that calls
# `stages_begin` owns the table and prints it when it exits (whatever the
# exit); the scripts it runs add their rows to the same file.
#
#   stages_begin
#   stage "build" cargo test --workspace --no-run
#   stage_cargo_test "tests" cargo test --workspace   # a row per test binary
#
# A stage runs one command (a function's inner failures are not seen by
# `set -e` under `||`, so a stage of several steps is a script of its own).

stages_begin() {
    [ -n "${LINEUP_STAGES:-}" ] && return 0
    LINEUP_STAGES=$(mktemp)
    export LINEUP_STAGES
    STAGES_STARTED=$EPOCHREALTIME
    trap stages_end EXIT
}

# Runs "$@" as the stage NAME; its exit status is the command's.
stage() {
    local name=$1
    shift
    local start=$EPOCHREALTIME status=0
    echo "== $name" >&2
    "$@" || status=$?
    stages_row "$name" "$start" "$EPOCHREALTIME" "$status" ""
    return "$status"
}

# A cargo test run as the stage NAME, with a row under it for each test
# binary: its own time and counts, read off libtest's lines.
stage_cargo_test() {
    local name=$1
    shift
    local start=$EPOCHREALTIME status=0 out
    out=$(mktemp)
    echo "== $name" >&2
    "$@" 2>&1 | tee "$out" || status=${PIPESTATUS[0]}
    stages_row "$name" "$start" "$EPOCHREALTIME" "$status" ""
    # "Running tests/it/main.rs (.../deps/it-HASH)" names the binary whose
    # "test result: ok. 3 passed; 0 failed; 1 ignored; ...; finished in 2.5s"
    # follows; "Doc-tests lineup_core" names a crate's doctests.
    awk -v table="$LINEUP_STAGES" '
        /^ *Running / { bin = $NF; sub(/\)$/, "", bin); sub(/.*\//, "", bin); sub(/-[0-9a-f]+$/, "", bin) }
        /^ *Doc-tests / { bin = "doc " $2 }
        /^test result: / {
            match($0, /[0-9]+ passed/); p = substr($0, RSTART, RLENGTH) + 0
            match($0, /[0-9]+ failed/); f = substr($0, RSTART, RLENGTH) + 0
            match($0, /[0-9]+ ignored/); i = substr($0, RSTART, RLENGTH) + 0
            match($0, /finished in [0-9.]+s/); s = substr($0, RSTART + 12, RLENGTH - 13) + 0
            if (p + f + i > 0)
                printf "  %s\t%.1f\t\t%d passed, %d failed, %d ignored\n", bin, s, p, f, i >> table
        }' "$out"
    rm -f "$out"
    return "$status"
}

# One row: name, seconds, exit status (blank when 0) and a note.
stages_row() {
    local seconds
    seconds=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b - a }')
    local failed=""
    [ "$4" -ne 0 ] && failed="exit $4"
    printf '%s\t%s\t%s\t%s\n' "$1" "$seconds" "$failed" "$5" >>"$LINEUP_STAGES"
}

# Prints the table if this script owns it, and exits with STATUS (by
# default the status the script is exiting with).
stages_end() {
    local status=${1:-$?}
    [ -z "${STAGES_STARTED:-}" ] && exit "$status"
    local total
    total=$(awk -v a="$STAGES_STARTED" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
    echo
    echo "Time table (wall seconds; indented rows are test binaries within their stage)"
    awk -F'\t' '{ printf "  %-34s %8s s  %s%s\n", $1, $2, $3, ($4 == "" ? "" : "  " $4) }' "$LINEUP_STAGES"
    printf '  %-34s %8s s  (%d min %d s)\n' "total" "$total" \
        $((${total%.*} / 60)) $((${total%.*} % 60))
    rm -f "$LINEUP_STAGES"
    exit "$status"
}
