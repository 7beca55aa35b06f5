#!/usr/bin/env bash
# The tests that need PostgreSQL and Redis: several server instances, and the
# PostgreSQL store's players, ratings and histories. The project's own
# throw-away services on loopback (scripts/services.sh), stopped whatever
# happens.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source scripts/stages.sh
stages_begin
services=$(mktemp -d)
trap 'status=$?; bash scripts/services.sh stop "$services"; rm -rf "$services"; stages_end "$status"' EXIT
stage "services start" bash scripts/services.sh start "$services" >"$services/env"
eval "$(cat "$services/env")"
# --workspace, as every test run: a run of one package would resolve other
# features for the crates it shares and build them again (syn, libc, tokio...).
stage_cargo_test "services tests" cargo test --workspace --test server -- --ignored cluster store_players::postgres store_pruning::postgres
