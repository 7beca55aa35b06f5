#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo fuzz, libFuzzer) of lineup-core's readers of
# outside data: the targets in fuzz/fuzz_targets/ (or only the TARGETs
# named), each run SECONDS (default 60) from its seed corpus in fuzz/corpus/.
# Usage: scripts/fuzz.sh [SECONDS [TARGET...]]. Fails if any target crashes;
# the input that did is kept under fuzz/artifacts/TARGET/ (see
# docs/testing.md, "Fuzzing", for how to replay it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift $(($# > 0 ? 1 : 0))

# The fuzz crate is its own workspace and builds into fuzz/target (cargo
# fuzz's default), never into the shared build folder of scripts/env.sh.
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

"${cargo[@]}" build "${sanitizer[@]}"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <("${cargo[@]}" list)
fi

# libFuzzer adds the inputs it finds to the first corpus folder: it works on
# a copy, so fuzz/corpus stays as committed.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for target in "${targets[@]}"; do
    mkdir -p "$work/$target" "fuzz/artifacts/$target"
    if [ -d "fuzz/corpus/$target" ]; then
        cp -r "fuzz/corpus/$target/." "$work/$target/"
    fi
    before=$(find "fuzz/artifacts/$target" -type f | wc -l)
    status=0
    "${cargo[@]}" run "${sanitizer[@]}" "$target" "$work/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 >"$work/$target.log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log" | tail -n 1)
    crashes=$(($(find "fuzz/artifacts/$target" -type f | wc -l) - before))
    if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then
        # Failed without leaving an input (a build or start-up failure).
        crashes=1
    fi
    echo "fuzz: $target runs ${runs:-0}, new crashes $crashes"
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed+=("$target")
        tail -n 40 "$work/$target.log" >&2
    fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzz: crashed: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
    exit 1
fi
