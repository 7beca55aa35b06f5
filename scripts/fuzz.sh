#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo fuzz, libFuzzer) of lineup-core's readers of
# outside data: the targets in fuzz/fuzz_targets/ (or only the TARGETs
# named), each run SECONDS (default 60) from its seed corpus in fuzz/corpus/.
# Runs as many targets at once as there are cores. Fails if any target
# crashes; the input that did is kept under
# fuzz/artifacts/TARGET/ (see docs/testing.md, "Fuzzing", for how to replay
# it).
#
#   scripts/fuzz.sh [SECONDS [TARGET...]]
#   scripts/fuzz.sh --ci [SECONDS [LONGER]]
#
# --ci (what scripts/test.sh runs): every target SECONDS (default 5), and
# LONGER (default 15) each target whose reader changed since the last
# release. A target names the files it reads through on its `//! Reads:`
# line (paths under crates/lineup-core/src/); the last release is the commit
# that wrote CHANGELOG.md's newest version heading.
set -euo pipefail
cd "$(dirname "$0")/.."

ci=""
if [ "${1:-}" = "--ci" ]; then
    ci=yes
    shift
    seconds="${1:-5}"
    longer="${2:-15}"
    set --
else
    seconds="${1:-60}"
    shift $(($# > 0 ? 1 : 0))
fi

# The fuzz crate is its own workspace, built with the fuzzer's flags, so it
# shares no compiled crate with the game's build: it has a folder of its own,
# beside the game's and kept like it across clones (fuzz/target when
# LINEUP_FUZZ_TARGET_DIR is set to it).
target_dir="${LINEUP_FUZZ_TARGET_DIR:-$HOME/.cache/lineup-fuzz-target}"
unset CARGO_TARGET_DIR

if ! cargo fuzz --help >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

# libFuzzer's instrumentation and AddressSanitizer want a nightly compiler;
# without one, stable builds the coverage instrumentation alone.
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    cargo=(cargo +nightly fuzz)
    sanitizer=()
    echo "fuzz: nightly toolchain ($(rustc +nightly --version)), AddressSanitizer"
else
    cargo=(cargo fuzz)
    sanitizer=(--sanitizer none)
    echo "fuzz: no nightly toolchain: stable ($(rustc --version)), --sanitizer none"
fi

"${cargo[@]}" build "${sanitizer[@]}" --target-dir "$target_dir"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <("${cargo[@]}" list)
fi

# The commit of the last release: the one that wrote CHANGELOG.md's newest
# "## X.Y.Z" heading (none in a clone without that history: then every
# target counts as changed).
release=$(sed -n 's/^## \([0-9][0-9.]*\) .*/\1/p' CHANGELOG.md | head -n 1)
base=""
if [ -n "$release" ]; then
    base=$(git log --format=%H -S"## $release " -- CHANGELOG.md 2>/dev/null | tail -n 1 || true)
fi
if [ -n "$ci" ]; then
    echo "fuzz: $seconds s a target, $longer s for a target whose reader changed since ${release:-the start} (${base:0:12})"
fi

# Whether the files TARGET reads through (its `//! Reads:` line) changed
# since the last release.
reader_changed() {
    local reads
    reads=$(sed -n 's|^//! Reads: ||p' "fuzz/fuzz_targets/$1.rs")
    [ -n "$reads" ] || return 0
    [ -n "$base" ] || return 0
    local paths=()
    for path in $reads; do paths+=("crates/lineup-core/src/$path"); done
    ! git diff --quiet "$base" HEAD -- "${paths[@]}"
}

# libFuzzer adds the inputs it finds to the first corpus folder: it works on
# a copy, so fuzz/corpus stays as committed.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Fuzzes one target; its line goes to $work/TARGET.line, and the status
# file says whether it failed.
fuzz_one() {
    local target=$1
    mkdir -p "$work/$target" "fuzz/artifacts/$target"
    if [ -d "fuzz/corpus/$target" ]; then
        cp -r "fuzz/corpus/$target/." "$work/$target/"
    fi
    local before status=0 time_for=$seconds runs crashes
    before=$(find "fuzz/artifacts/$target" -type f | wc -l)
    if [ -n "$ci" ] && reader_changed "$target"; then
        time_for=$longer
    fi
    "${cargo[@]}" run "${sanitizer[@]}" --target-dir "$target_dir" "$target" "$work/$target" -- \
        -max_total_time="$time_for" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 >"$work/$target.log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log" | tail -n 1)
    crashes=$(($(find "fuzz/artifacts/$target" -type f | wc -l) - before))
    if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then
        # Failed without leaving an input (a build or start-up failure).
        crashes=1
    fi
    echo "fuzz: $target ${time_for} s, runs ${runs:-0}, new crashes $crashes" >"$work/$target.line"
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        echo failed >"$work/$target.status"
    fi
}

# Each libFuzzer run is one process on one core: as many at once as there
# are cores (LINEUP_FUZZ_JOBS), each target its own corpus and artifacts.
jobs="${LINEUP_FUZZ_JOBS:-$(nproc)}"
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    fuzz_one "$target" &
done
wait

failed=()
for target in "${targets[@]}"; do
    cat "$work/$target.line" 2>/dev/null || echo "fuzz: $target did not run"
    if [ -f "$work/$target.status" ] || [ ! -f "$work/$target.line" ]; then
        failed+=("$target")
        tail -n 40 "$work/$target.log" >&2
    fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzz: crashed: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
    exit 1
fi
