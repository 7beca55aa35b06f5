#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks, then runs every test, and ends
# with the time table (scripts/stages.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source scripts/stages.sh
stages_begin
# shellcheck disable=SC2086
stage "packages" ensure_packages $LINEUP_BUILD_PACKAGES $LINEUP_RUN_PACKAGES $LINEUP_TEST_PACKAGES
stage "fmt" cargo fmt --check
stage "build" cargo test --workspace --no-run "$@"
# Lints of every target, on the build's dependencies (a check of them, kept
# in the same folder from one run to the next).
stage "clippy" cargo clippy --workspace --all-targets -- -D warnings
stage_cargo_test "tests" cargo test --workspace "$@"
# Coverage-guided fuzzing of each reader of outside data: a few seconds a
# target, longer for a target whose reader changed since the last release
# (fuzz/, its own build folder; docs/testing.md, "Fuzzing").
stage "fuzz" bash scripts/fuzz.sh --ci
# Several server instances on PostgreSQL and Redis, and the PostgreSQL
# store's players, ratings and histories, on the project's own throw-away
# services.
bash scripts/test-services.sh
