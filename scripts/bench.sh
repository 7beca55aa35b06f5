#!/usr/bin/env bash
# Runs the benchmarks with the same build as play and tests (the dev profile
# is fully optimised), instead of a second, release build of bevy.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# shellcheck disable=SC2086
ensure_packages $LINEUP_BUILD_PACKAGES
# The benchmarks measure the plain libraries: no Bevy to build.
cargo bench --profile dev -p lineup-core "$@"
