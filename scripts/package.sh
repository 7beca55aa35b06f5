#!/usr/bin/env bash
# Builds the Debian package dist/lineup_VERSION_amd64.deb: the game
# (/usr/games/lineup), the Gomocup engine beside it (/usr/games/pbrain-lineup)
# and the server (/usr/bin/lineup-server, with a systemd unit), a menu
# entry, icons, AppStream metadata, man pages, shell completions and the
# copyright file. Everything made from the code is made here, never by hand
# (examples/package_files.rs); cargo-deb writes the package.
#
#   scripts/package.sh                 # the release: LTO, one codegen unit
#   scripts/package.sh --profile dev   # CI: packages the test build as it is
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

profile=release
case "${1:-}" in
    --profile) profile="${2:?--profile needs a name: release or dev}" ;;
    "") ;;
    *) echo "usage: scripts/package.sh [--profile release|dev]" >&2; exit 2 ;;
esac

# shellcheck disable=SC2086
ensure_packages $LINEUP_BUILD_PACKAGES $LINEUP_PACKAGE_PACKAGES
# cargo-deb, at a version known to read our metadata.
if [ "$(cargo deb --version 2>/dev/null)" != "cargo-deb $CARGO_DEB_VERSION" ]; then
    cargo install --locked cargo-deb --version "$CARGO_DEB_VERSION"
fi

# The release leaves out the dev tools (a log line for every state change);
# the dev package is the test build itself, so nothing is compiled again.
features=()
[ "$profile" = release ] && features=(--no-default-features)
# One build for the three, so the crates share one set of features.
cargo build --profile "$profile" "${features[@]}" -p lineup -p lineup-core -p lineup-server \
    --bin lineup --bin lineup-server --bin pbrain-lineup --example package_files

# Cargo puts the dev profile's files in debug/, every other in its name.
out_dir="$CARGO_TARGET_DIR/$profile"
[ "$profile" = dev ] && out_dir="$CARGO_TARGET_DIR/debug"

stage=dist/stage
rm -rf "$stage"
mkdir -p "$stage/usr/games" "$stage/usr/bin"
# Stripped here (cargo-deb strips only what it builds itself).
strip_to() { strip --strip-unneeded --remove-section=.comment -o "$2" "$1"; }
strip_to "$out_dir/lineup" "$stage/usr/games/lineup"
strip_to "$out_dir/pbrain-lineup" "$stage/usr/games/pbrain-lineup"
strip_to "$out_dir/lineup-server" "$stage/usr/bin/lineup-server"

# Man pages, completions, icons and the copyright file, from the code; the
# man pages carry the date of the last commit, so a rebuild is the same.
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
"$out_dir/examples/package_files" "$stage" "$date"
gzip -9n "$stage"/usr/share/man/man*/*

# Every file in the package dated by the last commit (cargo-deb reads
# SOURCE_DATE_EPOCH; without it, Cargo.toml's day): a rebuild is the same,
# and a changed man page is newer than man's cached copy of the old one.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date -u +%s)
export SOURCE_DATE_EPOCH

# The workspace's version (the first in Cargo.toml, [workspace.package]).
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
mkdir -p dist
deb="dist/lineup_${version}-1_amd64.deb"
# The test build's package is only installed and played here: it is
# compressed fast (a larger file), the release's as small as it goes.
fast=()
[ "$profile" = dev ] && fast=(--fast)
cargo deb -p lineup --no-build --no-strip "${fast[@]}" --output "$deb"
echo "Wrote $deb"
