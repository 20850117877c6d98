#!/usr/bin/env bash
# Installs the Debian packages animhost builds against: Lua 5.4, Cairo and Pango for drawing, the image
# codecs (libpng, libjpeg-turbo, libwebp, giflib, libimagequant), rlottie for the benchmark's and the Lottie
# export's comparisons, ffmpeg for MP4, a font, Chromium, which the HTML preview's tests open, luacheck
# (lua-check), which lints the Lua files with editor/.luacheckrc, zsh and fish, in which the tests load the
# shell completions as bash is, and Python with scripts/requirements.txt
# (the Lottie schema and its validator, and IRIS, the photosensitive epilepsy analysis that check's flash
# rule is tested against) and PyPI's pylottie, for the lottie-web it carries (the Lottie export's second
# player; its own dependencies, Playwright and Pillow, are not needed).
# --list prints the Debian packages; --python installs only the Python packages (both for .ci/run).
set -euo pipefail
packages=(liblua5.4-dev lua-check pkg-config libcairo2-dev libpango1.0-dev libpng-dev libturbojpeg0-dev libwebp-dev
          libgif-dev libimagequant-dev librlottie-dev ffmpeg fonts-dejavu-core fonts-dejavu-extra chromium
          zsh fish python3 python3-pip)
python_packages() {
  # Debian's Python refuses pip outside a virtual environment unless told otherwise; older pips ignore this.
  PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --quiet --requirement "$(dirname "$0")/requirements.txt"
  PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --quiet --no-deps --requirement "$(dirname "$0")/requirements-nodeps.txt"
}
if [ "${1:-}" = "--list" ]; then echo "${packages[@]}"; exit 0; fi  # for .ci/run
if [ "${1:-}" = "--python" ]; then python_packages; exit 0; fi  # for .ci/run
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
python3 -c "import lottie_specs, jsonschema, iris_pse_detection, importlib.util; assert importlib.util.find_spec('pylottie')" 2>/dev/null || python_packages
