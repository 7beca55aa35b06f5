#!/usr/bin/env bash
# The release as players get it, checked once before it is published (not in
# CI: the fat-LTO build alone takes about 40 minutes on two cores). Builds the
# release package (scripts/package.sh), installs it, starts the installed
# /usr/games/lineup from another folder with only HOME set, clicks a disc into
# the middle column and waits until the game has kept it (its autosave under
# HOME, read back), listens to what it played, then removes the package.
# Ends with the release figures and the time table. Run as root or with sudo.
#
#   scripts/release-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source scripts/stages.sh
stages_begin
# shellcheck disable=SC2086
stage "packages" ensure_packages $LINEUP_TEST_PACKAGES

stage "release build" scripts/package.sh
deb=$(ls -t dist/lineup_*_amd64.deb | head -n 1)
stage "install" install_deb "$deb"

# The player's machine: a HOME of its own, ALSA writing what it plays to a
# file (raw 16-bit stereo, 48 kHz), a virtual display, and a working folder
# that is not the game's.
play=$(mktemp -d)
trap 'status=$?; as_root dpkg -r lineup >/dev/null 2>&1 || true; rm -rf "$play"; stages_end "$status"' EXIT
mkdir -p "$play/home" "$play/cwd"
cat >"$play/home/.asoundrc" <<EOF
pcm.!default {
  type plug
  slave {
    pcm { type file; slave.pcm "null"; file "$play/sound.raw"; format "raw" }
    format S16_LE
    channels 2
    rate 48000
  }
}
EOF

unfinished="$play/home/.local/share/lineup/unfinished"

# "red" when the pixel (X, Y) of an xwd screenshot (24-bit TrueColor) is a
# red disc's, else its colour.
red_at() {
    python3 - "$@" <<'EOF'
import struct, sys
x, y, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
data = open(path, "rb").read()
if len(data) < 100:
    sys.exit()
h = struct.unpack(">25I", data[:100])
header, order, bpp, line, ncolors = h[0], h[7], h[11], h[12], h[19]
at = header + 12 * ncolors + y * line + x * (bpp // 8)
pixel = int.from_bytes(data[at:at + 4], "little" if order == 0 else "big")
r, g, b = (pixel >> 16) & 255, (pixel >> 8) & 255, pixel & 255
print("red" if r > 140 and g < 90 and b < 90 else "%d,%d,%d" % (r, g, b))
EOF
}

# Plays one move in the installed release (no dev log to wait on: the
# release leaves it out, so the positive event is the autosave holding the
# move). The click is sent again until the move is kept, for at most two
# minutes: a click before the first frame is not seen.
play_a_move() {
    # Xvfb picks a free display and names it on descriptor 5.
    Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp 5>"$play/display" 2>/dev/null &
    local xvfb=$!
    for _ in $(seq 100); do [ -s "$play/display" ] && break; sleep 0.1; done
    local display=":$(cat "$play/display")"
    (cd "$play/cwd" && exec env -i PATH="$PATH" HOME="$play/home" DISPLAY="$display" \
        /usr/games/lineup --game connect4 --frame-stats >"$play/game.log" 2>&1) &
    local game=$!
    local kept=""
    for _ in $(seq 240); do
        sleep 0.5
        DISPLAY=$display xdotool mousemove 490 410 click 1 >/dev/null 2>&1 || true
        if grep -rqs 'moves: *"4' "$unfinished"; then
            kept=yes
            break
        fi
    done
    # Then the disc on the screen, at rest in the bottom hole of column 4
    # (red there), as the player sees it.
    local landed=""
    if [ -n "$kept" ]; then
        for _ in $(seq 100); do
            DISPLAY=$display xwd -root -silent >"$play/release-move.xwd" || true
            if [ "$(red_at 490 650 "$play/release-move.xwd")" = red ]; then
                landed=yes
                break
            fi
            sleep 0.1
        done
    fi
    kill -INT "$game" 2>/dev/null || true
    local status=0
    wait "$game" || status=$?
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    cat "$play/game.log"
    if [ -z "$kept" ]; then
        echo "release check: the installed game kept no move in column 4 within two minutes" >&2
        return 1
    fi
    if [ -z "$landed" ]; then
        echo "release check: the move was kept, but no red disc came to rest in column 4" >&2
        return 1
    fi
    # Ctrl+C is a clean close (130), not a crash.
    if [ "$status" -ne 130 ] && [ "$status" -ne 0 ]; then
        echo "release check: the game ended with status $status on Ctrl+C" >&2
        return 1
    fi
    if grep -q panicked "$play/game.log"; then
        echo "release check: the game panicked" >&2
        return 1
    fi
}
stage "play a move" play_a_move

# What it played: the loudness of the whole capture (silence is -100 dBFS;
# ALSA's file plugin is not paced, so the capture is longer than the run).
loudness=$(python3 - "$play/sound.raw" <<'EOF'
import math, struct, sys
data = open(sys.argv[1], "rb").read() if __import__("os").path.exists(sys.argv[1]) else b""
n = len(data) // 2
samples = struct.unpack("<%dh" % n, data[: n * 2])
rms = math.sqrt(sum(s * s for s in samples) / n) / 32768 if n else 0
print("%.1f dBFS over %.1f s of samples" % (20 * math.log10(max(rms, 1e-5)), n / 2 / 48000))
EOF
)
case "$loudness" in -100.0*) echo "release check: the game played nothing" >&2; exit 1 ;; esac

# The engines at release speed: Pascal Pons' first test set, solved exactly.
# (Test_L1_R2: from the opening, of medium difficulty.)
positions=crates/lineup-core/tests/data/connect4/Test_L1_R2
solve_start=$EPOCHREALTIME
cut -d' ' -f1 "$positions" | /usr/games/lineup solve >"$play/scores"
solve_seconds=$(awk -v a="$solve_start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
[ "$(wc -l <"$play/scores")" -eq "$(wc -l <"$positions")" ] ||
    { echo "release check: lineup solve answered $(wc -l <"$play/scores") of $(wc -l <"$positions")" >&2; exit 1; }
wrong=$(paste -d' ' <(cut -d' ' -f2 "$positions") "$play/scores" | awk '$1 != $NF' | wc -l)
[ "$wrong" -eq 0 ] || { echo "release check: $wrong scores differ from Pons' set" >&2; exit 1; }

echo
echo "Release figures ($(date -u +%F), $(git rev-parse --short HEAD))"
echo "  package              $(du -h "$deb" | cut -f1)  $deb"
for program in /usr/games/lineup /usr/bin/lineup-server /usr/games/pbrain-lineup; do
    printf '  %-20s %s\n' "$(basename "$program")" "$(du -h "$program" | cut -f1)"
done
echo "  move                 $(grep -rho 'moves: *"[0-9]*"' "$unfinished" | head -n 1) kept, a red disc at rest in column 4"
echo "  sound                $loudness"
echo "  frames               $(grep -o 'Frame stats:.*' "$play/game.log" || echo none printed)"
echo "  Pons' Test_L1_R2     $(wc -l <"$positions") positions solved exactly in $solve_seconds s"
cp "$play/release-move.xwd" dist/ 2>/dev/null &&
    echo "  the screen after the move: dist/release-move.xwd (convert xwd:dist/release-move.xwd a.png)"

stage "remove" as_root dpkg -r lineup
