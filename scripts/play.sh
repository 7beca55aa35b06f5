#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks, then starts the game.
# Arguments go to the game: scripts/play.sh --help
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# shellcheck disable=SC2086
ensure_packages $LINEUP_BUILD_PACKAGES $LINEUP_RUN_PACKAGES
# pbrain-lineup too: the game offers the engine beside it as a player.
cargo build -p lineup-core --bin pbrain-lineup
cargo run --bin lineup -- "$@"
