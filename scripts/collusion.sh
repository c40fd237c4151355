#!/bin/sh
# Dead cards (issue 26): the exact value of the base game, full deck, Blind
# table blind-a, to a player who knows cards out of the deck: one exposed
# card (exposed:1) or his partners' hole cards (collude:2, collude:3).
# Writes results/dead_cards.CASE.csv (CASE with '-' for ':') and its cost in
# results/dead_cards.CASE.log. The one way these files are written: by the
# program, never by hand.
#
# Usage: scripts/collusion.sh CASE [SHARDS]
#   scripts/collusion.sh exposed:1 13    # 13 classes of the exposed card, minutes
#   scripts/collusion.sh collude:2 13    # 169 partner classes, about 1.5 CPU hours
# The run is split into SHARDS shards (default 1) run one after another,
# niced, each under /usr/bin/time -v; each shard's exact sums are kept in
# target/dead-cards/CASE/, so an interrupted run resumes where it stopped
# (rerun the same command). Then `uth-edge merge` adds them. To spread the
# shards over machines instead, see docs/collusion.md (a Slurm job array, a
# Kubernetes indexed Job or GNU parallel run the same `--shard I/N` lines).
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/collusion.sh CASE [SHARDS]" >&2; exit 2; }
case_="$1"
shards="${2:-1}"
case "$case_" in exposed:1|collude:1|collude:2|collude:3) ;; *)
  echo "collusion.sh: unknown case $case_ (exposed:1, collude:1, collude:2, collude:3)" >&2; exit 2 ;;
esac
case "$shards" in ''|*[!0-9]*|0) echo "collusion.sh: SHARDS must be a positive number" >&2; exit 2 ;; esac
cargo build --release --quiet
name=$(echo "$case_" | tr ':' '-')
work="target/dead-cards/$name"
log="results/dead_cards.$name.log"
mkdir -p "$work"
: > "$log"
i=1
while [ "$i" -le "$shards" ]; do
  sums="$work/$i-of-$shards.sums"
  if [ -s "$sums" ]; then
    echo "shard $i/$shards: kept from an earlier run ($sums)" >> "$log"
  else
    /usr/bin/time -v nice -n 10 target/release/uth-edge --quiet game --seen "$case_" \
      --shard "$i/$shards" -o "$sums.part" 2>> "$log"
    mv "$sums.part" "$sums"
  fi
  i=$((i + 1))
done
files=""
i=1
while [ "$i" -le "$shards" ]; do files="$files $work/$i-of-$shards.sums"; i=$((i + 1)); done
# shellcheck disable=SC2086
target/release/uth-edge --quiet merge $files --format csv -o "results/dead_cards.$name.csv"
echo "Wrote results/dead_cards.$name.csv and $log; review, commit."
