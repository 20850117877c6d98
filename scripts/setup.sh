#!/usr/bin/env bash
# Installs the Debian packages animhost builds against: Lua 5.4, Cairo and Pango for drawing, the image
# codecs (libpng, libjpeg-turbo, libwebp, giflib, libimagequant), rlottie for the benchmark's comparison,
# ffmpeg for MP4, a font, Chromium, which the HTML preview's tests open, and luacheck (lua-check), which lints
# the Lua files with editor/.luacheckrc.
set -euo pipefail
packages=(liblua5.4-dev lua-check pkg-config libcairo2-dev libpango1.0-dev libpng-dev libturbojpeg0-dev libwebp-dev
          libgif-dev libimagequant-dev librlottie-dev ffmpeg fonts-dejavu-core fonts-dejavu-extra chromium)
if [ "${1:-}" = "--list" ]; then echo "${packages[@]}"; exit 0; fi  # for .ci/run
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
