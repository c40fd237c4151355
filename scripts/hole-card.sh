#!/bin/sh
# Game protection (issue 14): the exact value of the base game to a player
# who sees cards he should not, for every case, under Blind table blind-a.
# Writes results/seen_cards.csv (columns: docs/output-formats-results.md). The one way
# this file is written: by the program, never by hand.
#
# Each group (0, 1 or 2 dealer cards seen) is one enumeration that serves all
# its cases (no community card, one flop card, one turn/river card seen
# before the preflop decision, one turn/river card seen only at the flop). The
# groups run one after another, niced, each under /usr/bin/time -v (time and
# peak memory in results/seen_cards.dealer-N.log). Cost on 2 cores: see
# docs/speed.md ("Seen cards"); the two-dealer-card group is by far the
# longest.
#
# Usage: scripts/hole-card.sh [GROUP...]   (default: 1 2 0)
# The rows of the groups run replace theirs in results/seen_cards.csv; the
# rows of the other groups are kept, so the groups can be run one at a time.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
groups="${*:-1 2 0}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for d in $groups; do
  case "$d" in 0|1|2) ;; *) echo "hole-card.sh: unknown group $d (0, 1 or 2)" >&2; exit 2 ;; esac
done
for d in $groups; do
  # Every case of the group: the engine solves them in one pass.
  cases="dealer:$d"
  for extra in flop:1 turnriver:1 turnriver-at-flop:1; do
    if [ "$d" = 0 ]; then cases="$cases $extra"; else cases="$cases dealer:$d,$extra"; fi
  done
  args=""
  for c in $cases; do args="$args --seen $c"; done
  # shellcheck disable=SC2086
  /usr/bin/time -v nice -n 5 target/release/uth-edge --quiet game $args \
    --blind blind-a --timing --format csv -o "$work/d$d.csv" 2> "results/seen_cards.dealer-$d.log"
done
# The group of a row: N of its leading dealer:N, else 0 (the case is the
# first column, quoted when it holds a comma).
group_rows() {
  awk -v d="$2" 'NR > 1 { c = $0; sub(/^"/, "", c); g = 0;
    if (c ~ /^dealer:[0-9]/) g = substr(c, 8, 1); if (g == d) print }' "$1"
}
# One header, then the groups in the order dealer:0, dealer:1, dealer:2.
old=results/seen_cards.csv
out="$work/all.csv"
: > "$out"
for d in 0 1 2; do
  if [ -f "$work/d$d.csv" ]; then
    [ -s "$out" ] || head -n 1 "$work/d$d.csv" > "$out"
    tail -n +2 "$work/d$d.csv" >> "$out"
  elif [ -f "$old" ]; then
    [ -s "$out" ] || head -n 1 "$old" > "$out"
    group_rows "$old" "$d" >> "$out"
  fi
done
mv "$out" "$old"
echo "Wrote results/seen_cards.csv; review git diff results/, commit."
