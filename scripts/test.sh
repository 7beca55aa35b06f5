#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# shellcheck disable=SC2086
ensure_packages $LINEUP_BUILD_PACKAGES $LINEUP_RUN_PACKAGES $LINEUP_TEST_PACKAGES
cargo fmt --check
cargo test --workspace "$@"
# Thirty seconds of coverage-guided fuzzing for each reader of outside data
# (fuzz/, its own build folder; docs/testing.md, "Fuzzing").
bash scripts/fuzz.sh 30
# Several server instances on PostgreSQL and Redis, and the PostgreSQL
# store's players, ratings and histories: the project's own throw-away
# services on loopback, stopped whatever happens.
services=$(mktemp -d)
trap 'bash scripts/services.sh stop "$services"; rm -rf "$services"' EXIT
eval "$(bash scripts/services.sh start "$services")"
cargo test -p lineup-online --test online -- --ignored cluster
cargo test -p lineup-online --test online -- --ignored store_players::postgres
