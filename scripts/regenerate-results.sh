#!/bin/sh
# Regenerates results/: every exact figure of every built-in pay table as CSV
# (one file per wager) and the preflop strategy of every Blind table.
# The one way these files are written: by the program, never by hand.
#
# To accept an intended change of a figure: run this script, review
# `git diff results/` (every changed figure is a changed line), commit.
# `cargo test --release` (tests/all/results.rs) fails until you do.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
target/release/uth-edge results --out-dir results
echo "Now review: git diff --stat results/; git diff results/"
