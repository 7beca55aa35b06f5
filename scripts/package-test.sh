#!/usr/bin/env bash
# The Debian package as a player meets it (CI runs this after the tests, as
# root): builds it from the test build (scripts/package.sh --profile dev),
# checks it with lintian, desktop-file-validate and appstreamcli, installs it
# with dpkg and apt-get, shows `man lineup`, verifies the server's unit,
# plays a move in the installed game under Xvfb (tests/it/installed_package.rs),
# then removes it and checks that nothing is left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source scripts/stages.sh
stages_begin
# shellcheck disable=SC2086
stage "package tools" ensure_packages $LINEUP_TEST_PACKAGES $LINEUP_PACKAGE_CHECK_PACKAGES

stage "package build" scripts/package.sh --profile dev
deb=$(ls -t dist/lineup_*_amd64.deb | head -n 1)
echo "== $deb: $(du -h "$deb" | cut -f1)"

# Errors fail; the warnings are printed for the reader.
stage "lintian" lintian --fail-on error --info "$deb"

echo "== the menu entry and the AppStream metadata, as packaged"
unpacked=$(mktemp -d)
trap 'status=$?; rm -rf "$unpacked"; stages_end "$status"' EXIT
dpkg-deb -x "$deb" "$unpacked"
desktop-file-validate "$unpacked"/usr/share/applications/*.desktop
appstreamcli validate --no-net "$unpacked"/usr/share/metainfo/*.metainfo.xml

stage "install" install_deb "$deb"

echo "== man lineup"
man -w lineup | grep -q "/usr/share/man/man6/lineup.6"
page=$(MANWIDTH=80 man lineup 2>/dev/null | col -b)
head -n 12 <<<"$page"
grep -q -- "--first <PLAYER>" <<<"$page"
man -w lineup-server pbrain-lineup lineup-solve >/dev/null

echo "== the server's unit"
systemd-analyze verify /lib/systemd/system/lineup-server.service

stage_cargo_test "installed game, played" \
    cargo test --workspace --test it installed_package -- --ignored --test-threads 1

echo "== remove"
files=$(dpkg -L lineup | sort)
as_root dpkg -r lineup
left=""
for f in $files; do
    [ -f "$f" ] || [ -L "$f" ] && left="$left $f"
done
if [ -n "$left" ]; then
    echo "dpkg -r left files behind:$left" >&2
    exit 1
fi
echo "The package installs, plays and leaves nothing behind."
