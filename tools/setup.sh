#!/usr/bin/env bash
# Sets Sightline up on Debian 12 and runs it: installs the Debian packages that are
# missing (through sudo when not root), builds in Release under build/, then
#   demo  opens the window on the bundled demo table; without a display, renders the demo
#         to build/demo.png and prints sightline-cli's report instead (the default)
#   test  runs every test through ctest
# Safe to run again: it installs only what is missing and rebuilds only what changed.
set -euo pipefail

mode=${1:-demo}
case "$mode" in
  demo|test) ;;
  *) echo "usage: $0 [demo|test]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
source tools/packages.sh

packages=(
  cmake ninja-build g++ ccache pkg-config
  qt6-base-dev qt6-svg-dev libgl-dev
  libcgal-dev libgmp-dev libmpfr-dev libboost-dev
  libbenchmark-dev libtcod-dev
  poppler-utils
)
ensure_packages "${packages[@]}"

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --parallel "$(nproc)"

if [ "$mode" = demo ]; then
  if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "Opening the window on scenarios/demo.sightline.json"
    exec build/app/gui/sightline scenarios/demo.sightline.json --observer b-int-1 --target r-nob
  fi
  echo "No display here (DISPLAY and WAYLAND_DISPLAY are unset), so no window: the demo table"
  echo "is drawn to build/demo.png and sightline-cli's report follows."
  build/app/cli/sightline-cli render scenarios/demo.sightline.json -o build/demo.png --observer b-int-1 --target r-nob
  build/app/cli/sightline-cli check scenarios/demo.sightline.json
else
  ctest --test-dir build --output-on-failure --parallel "$(nproc)"
fi
