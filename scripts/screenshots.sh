#!/usr/bin/env bash
# Makes the README's screenshots with the game itself (--screenshot), in a
# virtual display at the size the screens are laid out for, with settings of
# their own (the defaults): docs/screenshots/connect-four.png and renju.png.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# shellcheck disable=SC2086
ensure_packages $LINEUP_BUILD_PACKAGES $LINEUP_RUN_PACKAGES xvfb xauth
cargo build --bin lineup
game="$CARGO_TARGET_DIR/debug/lineup"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
shot() {
    local out=$1
    shift
    LINEUP_HOME="$home" xvfb-run -a -s "-screen 0 1280x800x24" \
        "$game" --language en --window 1280x800 --screenshot "$out" "$@"
    echo "Wrote $out"
}
mkdir -p docs/screenshots
# Red's four along the bottom row, lit, against Master.
shot docs/screenshots/connect-four.png --game connect4 --moves 4433556 \
    --second computer:master
# Black to move: i8 would be a double three (g8 h8 i8, and i8 j9 k10), so
# it is marked with a red cross.
shot docs/screenshots/renju.png --game gomoku --rule renju \
    --moves h8h9g8g9j9i10k10j11 --second computer:master
