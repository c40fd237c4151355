#!/bin/sh
# Regenerates the "Results at a glance" table of README.md from the program
# (the summary of `uth-edge report --format markdown`). Never edit that
# table by hand: `cargo test --release` (tests/all/readme.rs) checks it.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
table=$(target/release/uth-edge report --format markdown --quiet |
  awk '/^## Summary/{f=1;next} f&&/^## /{exit} f&&/^[|]/')
awk -v table="$table" '
  /<!-- results-at-a-glance:begin -->/ {print; print ""; print table; print ""; skip=1; next}
  /<!-- results-at-a-glance:end -->/ {skip=0}
  !skip {print}
' README.md > README.md.tmp
mv README.md.tmp README.md
echo "Now review: git diff README.md"
