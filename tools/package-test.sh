#!/usr/bin/env bash
# Builds the Debian package (cpack -G DEB in build/) and installs it into a fresh Debian 12
# root made by debootstrap (kept in build/debian-root.tar after the first run; each run
# starts from a clean copy), then, inside that root: sightline-cli on the demo table (check,
# render, a ruling sheet), its man page, the desktop entry, the MIME type and the window
# itself offscreen (a screenshot of the demo). Needs root or sudo and Debian's mirror.
# Run tools/setup.sh first (the build).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/packages.sh
ensure_packages debootstrap dpkg-dev
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi

cmake --build build --parallel "$(nproc)"
(cd build && rm -f sightline_*.deb && cpack -G DEB >/dev/null)
deb=$(ls build/sightline_*_amd64.deb)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
dpkg-deb -f "$deb" Depends

root=build/debian-root
if [ ! -f build/debian-root.tar ]; then
  echo "making a Debian 12 root with debootstrap (once)"
  "${sudo[@]}" rm -rf "$root.base"
  "${sudo[@]}" debootstrap --variant=minbase bookworm "$root.base" http://deb.debian.org/debian >build/debootstrap.log
  "${sudo[@]}" tar -C "$root.base" -cf build/debian-root.tar .
  "${sudo[@]}" rm -rf "$root.base"
fi
cleanup() {
  "${sudo[@]}" umount "$root/proc" 2>/dev/null || true
  "${sudo[@]}" rm -rf "$root"
}
trap cleanup EXIT
cleanup
mkdir -p "$root"
"${sudo[@]}" tar -C "$root" -xf build/debian-root.tar
"${sudo[@]}" mount -t proc proc "$root/proc"
"${sudo[@]}" cp "$deb" "$root/tmp/sightline.deb"
in_root() { "${sudo[@]}" chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
in_root apt-get update -q >/dev/null
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/sightline.deb >build/package-install.log
echo "installed; what it put on the system:"
in_root dpkg -L sightline | grep -E "bin/|\.desktop|metainfo|mime/packages|man1|icons/.*svg"

demo=/usr/share/sightline/examples/demo.sightline.json
in_root sightline-cli --version
in_root sightline-cli check "$demo" | tail -2
in_root sightline-cli render "$demo" -o /tmp/demo.png --observer b-int-1 --target r-nob
in_root sightline-cli ruling "$demo" --attacker blue-intercessors --target red-boyz --pdf /tmp/sheet.pdf | tail -1
in_root test -s /tmp/demo.png
in_root test -s /tmp/sheet.pdf
in_root sh -c 'zcat /usr/share/man/man1/sightline-cli.1.gz | grep -q "^.TH SIGHTLINE-CLI 1"'
in_root grep -q "^Exec=sightline %f" /usr/share/applications/org.sightline.Sightline.desktop
in_root grep -q 'glob pattern="\*.sightline.json"' /usr/share/mime/packages/org.sightline.Sightline.xml
# The window, offscreen: it opens the demo and saves a picture of itself.
in_root env QT_QPA_PLATFORM=offscreen sightline "$demo" --observer b-int-1 --target r-nob --screenshot /tmp/window.png
in_root test -s /tmp/window.png
"${sudo[@]}" cp "$root/tmp/window.png" build/package-window.png
"${sudo[@]}" cp "$root/tmp/demo.png" build/package-demo.png
echo "the package installs and runs on a fresh Debian 12 root (window: build/package-window.png)"
