#!/bin/sh
# Regenerates results/strategies.csv: the exact figures of the shipped
# strategies whose published figures `uth-edge check` reads (the Wizard of
# Odds' rule of thumb and its other readings), each row stamped with the
# SHA-256 of the strategy's decisions and of its Blind table. The one way
# this file is written: by the program, never by hand.
#
# One full exact evaluation per strategy (10 to 40 s of CPU each, niced).
# To accept an intended change (a strategy file edited, a new reading): run
# this script, review `git diff results/strategies.csv`, commit. The test
# suite fails until you do (tests/all/check_strategies.rs: the digests at
# once, the figures in the long suite, which computes them again).
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
nice -n 5 target/release/uth-edge results --strategies --out-dir results
echo "Now review: git diff results/strategies.csv"
