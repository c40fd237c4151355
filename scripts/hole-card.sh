#!/bin/sh
# Game protection (issue 14): the exact value of the base game to a player
# who sees cards he should not, for every case, under Blind table blind-a.
# Writes results/seen_cards.csv (columns: docs/output-formats.md). The one way
# this file is written: by the program, never by hand.
#
# Each group (0, 1 or 2 dealer cards seen) is one enumeration that serves its
# four cases (no community card, one flop card, one turn/river card seen
# before the preflop decision, one turn/river card seen only at the flop). The
# groups run one after another, niced, each under /usr/bin/time -v (time and
# peak memory in results/seen_cards.log). Cost on 2 cores: see docs/speed.md
# ("Seen cards"); the two-dealer-card group is by far the longest.
#
# Usage: scripts/hole-card.sh [GROUP...]   (default: 1 2 0)
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
groups="${*:-1 2 0}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: > results/seen_cards.log
for d in $groups; do
  if [ "$d" = 0 ]; then
    cases="--seen dealer:0 --seen flop:1 --seen turnriver:1 --seen turnriver-at-flop:1"
  else
    cases="--seen dealer:$d --seen dealer:$d,flop:1 --seen dealer:$d,turnriver:1"
    cases="$cases --seen dealer:$d,turnriver-at-flop:1"
  fi
  # shellcheck disable=SC2086
  /usr/bin/time -v nice -n 5 target/release/uth-edge --quiet game $cases \
    --blind blind-a --timing --format csv -o "$work/d$d.csv" 2>> results/seen_cards.log
done
# One header, then the groups in the order dealer:0, dealer:1, dealer:2.
out="$work/all.csv"
first=1
for d in 0 1 2; do
  [ -f "$work/d$d.csv" ] || continue
  if [ $first = 1 ]; then head -n 1 "$work/d$d.csv" > "$out"; first=0; fi
  tail -n +2 "$work/d$d.csv" >> "$out"
done
mv "$out" results/seen_cards.csv
echo "Wrote results/seen_cards.csv; review git diff results/, commit."
