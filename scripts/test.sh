#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# shellcheck disable=SC2086
ensure_packages $LINEUP_BUILD_PACKAGES $LINEUP_RUN_PACKAGES $LINEUP_TEST_PACKAGES
cargo fmt --check
cargo test --workspace "$@"
