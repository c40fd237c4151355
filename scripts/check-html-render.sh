#!/bin/sh
# Renders the HTML report in a real browser (headless Chromium, offline) and
# checks that it drew the page: a screenshot of a reasonable size, and the
# rendered document holding every section. Skips (exit 0) when Chromium is
# not installed (Debian: apt-get install chromium); CI does not need it.
#
# Usage: scripts/check-html-render.sh [OUT_DIR]   (default target/html-render)
# Leaves OUT_DIR/report.html and OUT_DIR/report.png: look at the PNG.
set -eu
cd "$(dirname "$0")/.."
browser=""
for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then browser=$(command -v "$b"); break; fi
done
if [ -z "$browser" ]; then
    echo "check-html-render: skipped: no chromium found (apt-get install chromium)"
    exit 0
fi
out=${1:-target/html-render}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cargo build --release --quiet
target/release/uth-edge report --format html --out "$out/report.html"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# No network at all: every host resolves to nothing, so a page that needed
# anything from outside would render without it.
set -- --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run \
    --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$profile"
rm -f "$out/report.png"
"$browser" "$@" --screenshot="$out/report.png" --window-size=1400,3000 \
    "file://$out/report.html" >/dev/null 2>&1
"$browser" "$@" --dump-dom "file://$out/report.html" 2>/dev/null >"$out/dom.html"
fail=0
size=$(wc -c <"$out/report.png" 2>/dev/null || echo 0)
if [ "$size" -lt 100000 ]; then
    echo "check-html-render: FAIL: screenshot missing or nearly blank ($size bytes)"
    fail=1
fi
for id in summary published house-edges strategy-blind-a strategy-blind-b \
    outcomes-blind-a outcomes-blind-b details; do
    if ! grep -q "id=\"$id\"" "$out/dom.html"; then
        echo "check-html-render: FAIL: section $id not in the rendered document"
        fail=1
    fi
done
svgs=$(grep -o "<svg" "$out/dom.html" | wc -l)
cells=$(grep -o "<td class=\"raise_4x\"" "$out/dom.html" | wc -l)
echo "check-html-render: $svgs SVG charts, $cells raise-4x grid cells, screenshot $size bytes"
if [ "$svgs" -lt 3 ] || [ "$cells" -lt 2 ]; then
    echo "check-html-render: FAIL: charts or strategy grid missing"
    fail=1
fi
if [ "$fail" -ne 0 ]; then exit 1; fi
echo "check-html-render: OK; look at $out/report.png"
