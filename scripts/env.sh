# Shared set-up for the scripts (sourced, not run): the system packages a
# fresh Debian machine lacks, and one build folder for play, tests and benches.

# Build everything into one persistent folder under $HOME, so bevy is compiled
# once for playing, testing and benchmarking, and survives fresh clones.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/lineup-target}"

# Headers to build (ALSA for sound, udev, X11/Wayland/xkb for the window),
# the libraries winit loads at run time, and Mesa's Vulkan drivers (a software
# renderer included) so the game also runs on machines without a GPU.
LINEUP_BUILD_PACKAGES="pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev libx11-dev"
LINEUP_RUN_PACKAGES="libvulkan1 mesa-vulkan-drivers libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0"
# A virtual display, input tools, xprop (the window icon) and xwd (what the
# screen shows) for the window tests, gdb for the stacks of a game that
# crashed or hung in one, and g++ for libFuzzer (scripts/fuzz.sh builds it).
LINEUP_TEST_PACKAGES="xvfb xauth xdotool x11-utils x11-apps xclip gdb g++"
# Throw-away PostgreSQL and Redis for the tests of several server instances
# (scripts/services.sh starts them on loopback).
LINEUP_SERVICE_PACKAGES="postgresql redis-server redis-tools"
# To build the Debian package (dpkg-shlibdeps finds the libraries the
# programs link; strip), and to check and try it (scripts/package-test.sh).
LINEUP_PACKAGE_PACKAGES="dpkg-dev binutils"
LINEUP_PACKAGE_CHECK_PACKAGES="lintian desktop-file-utils appstream systemd man-db bsdextrautils"
# The cargo-deb that scripts/package.sh installs when it finds no other.
CARGO_DEB_VERSION="3.8.0"

# Runs a command that changes the system: as it is for root, else via sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs whichever of the given Debian packages are missing.
ensure_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing system packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

# Installs a package file and what it depends on (dpkg leaves the
# dependencies it cannot meet to apt-get -f), and checks that it is
# installed. (Steps joined with &&: it runs as a stage, where set -e does
# not stop a function.)
install_deb() {
    local package
    package=$(dpkg-deb -f "$1" Package) &&
        { as_root dpkg -i "$1" || true; } &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get -f install -y -qq &&
        dpkg-query -W -f='${Status}\n' "$package" | grep -q "install ok installed"
}
