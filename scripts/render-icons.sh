#!/usr/bin/env bash
# Renders the app icon's PNG sizes from its SVG into packaging/icons/hicolor. Run after editing
# the SVG and commit the PNGs: the build does not need librsvg.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
icons=$root/packaging/icons/hicolor
svg=$icons/scalable/apps/io.github.engram.Engram.svg

command -v rsvg-convert >/dev/null || { echo "rsvg-convert is missing: apt-get install librsvg2-bin" >&2; exit 1; }
for size in 16 24 32 48 64 128 256; do
    mkdir -p "$icons/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" "$svg" -o "$icons/${size}x${size}/apps/io.github.engram.Engram.png"
done
