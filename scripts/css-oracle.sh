#!/bin/sh
# Compares one frame of an `animhost run --format json,png` with the same frame drawn by Chromium from
# the timeline alone (the CSS oracle, docs/testing.md): prints the PSNR outside text and keeps
# Chromium's picture and page in ${TMPDIR:-/tmp}/animhost-css-oracle.
#   scripts/css-oracle.sh TIMELINE.json FRAME PNG [IMAGES-FOLDER]
set -eu
if [ $# -lt 3 ]; then
  echo "usage: $0 TIMELINE.json FRAME PNG [IMAGES-FOLDER]  (IMAGES-FOLDER: where the scene's image paths lead)" >&2
  exit 2
fi
absolute() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }
ORACLE_TIMELINE=$(absolute "$1") ORACLE_FRAME=$2 ORACLE_PNG=$(absolute "$3") ORACLE_IMAGES=$(absolute "${4:-.}") \
  exec swift test --package-path "$(dirname "$0")/.." --disable-swift-testing --filter 'CSSOracleTests/testGivenFrame'
