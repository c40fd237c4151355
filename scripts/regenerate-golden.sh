#!/bin/sh
# Regenerates tests/golden/outputs/: the output of every command line of
# tests/golden/commands.txt, as the program prints it today (see
# tests/golden/README.md). The one way these files are written: by the
# program, through the test that compares them (tests/all/golden.rs).
#
# To accept an intended change of output: run this script, review
# `git diff tests/golden/` (every changed line of output is a changed line),
# and commit it on its own with the reason. `cargo test --release golden`
# fails until you do.
set -eu
cd "$(dirname "$0")/.."
UTH_EDGE_UPDATE_GOLDEN=1 cargo test --release --test all golden -- --nocapture
echo "Now review: git status --short tests/golden/; git diff tests/golden/"
