#!/bin/bash
# Dead cards (issue 26): the exact value of the base game, full deck, Blind
# table blind-a, to a player who knows cards out of the deck: one exposed
# card (exposed:1) or his partners' hole cards (collude:2, collude:3).
# Writes results/dead_cards.CASE.csv (CASE with '-' for ':') and its cost in
# results/dead_cards.CASE.log. The one way these files are written: by the
# program, never by hand.
#
# Usage: scripts/collusion.sh CASE [SHARDS [JOBS]]
#   scripts/collusion.sh exposed:1       # 13 classes of the exposed card, minutes
#   scripts/collusion.sh collude:2       # 169 partner classes (docs/collusion-cost.md)
# The run is split into SHARDS shards (default 13 for exposed:1, one class
# each; 26 for collude:2; else 1), run by a pool of JOBS (default 2, the
# cores): the next shard starts as soon as one ends, so the cores stay busy
# to the last shard, the first shards (the larger, with 169 classes in 26)
# first. Each shard is one thread (RAYON_NUM_THREADS=1 unless set: two
# one-thread shards took less CPU than two-thread ones, docs/collusion-cost.md),
# niced, under /usr/bin/time -v; each shard's exact sums are kept in
# target/dead-cards/CASE/, so an interrupted run resumes where it stopped
# (rerun the same command). Then `uth-edge merge` adds them; the log holds
# the shards' costs in shard order, then the whole run's wall time. To spread the
# shards over machines instead, see docs/collusion-running.md (a Slurm job array, a
# Kubernetes indexed Job or GNU parallel run the same `--shard I/N` lines).
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/collusion.sh CASE [SHARDS [JOBS]]" >&2; exit 2; }
case_="$1"
case "$case_" in
  exposed:1) default_shards=13 ;;
  collude:2) default_shards=26 ;;
  collude:1|collude:3) default_shards=1 ;;
  *) echo "collusion.sh: unknown case $case_ (exposed:1, collude:1, collude:2, collude:3)" >&2; exit 2 ;;
esac
shards="${2:-$default_shards}"
jobs="${3:-2}"
export RAYON_NUM_THREADS="${RAYON_NUM_THREADS:-1}"
case "$shards" in ''|*[!0-9]*|0) echo "collusion.sh: SHARDS must be a positive number" >&2; exit 2 ;; esac
case "$jobs" in ''|*[!0-9]*|0) echo "collusion.sh: JOBS must be a positive number" >&2; exit 2 ;; esac
cargo build --release --quiet
name=$(echo "$case_" | tr ':' '-')
work="target/dead-cards/$name"
log="results/dead_cards.$name.log"
mkdir -p "$work"
: > "$log"
started=$(date +%s)
# One shard: its sums (kept if an earlier run wrote them) and its cost in
# its own file, so shards run at once do not interleave their lines.
run_shard() {
  sums="$work/$1-of-$shards.sums"
  cost="$work/$1-of-$shards.cost"
  if [ -s "$sums" ]; then
    echo "shard $1/$shards: kept from an earlier run ($sums)" > "$cost"
  else
    # Without --quiet: the shard's cost file gets a line for each stage of
    # a second or more (standard error is the file), beside /usr/bin/time's.
    if /usr/bin/time -v nice -n 10 target/release/uth-edge game --seen "$case_" \
      --shard "$1/$shards" -o "$sums.part" 2> "$cost"; then
      mv "$sums.part" "$sums"
    fi
  fi
}
# A pool of $jobs: once $jobs shards run, the next starts when one of them
# ends (wait -n; a shard's failure is read from its files below).
running=0
i=1
while [ "$i" -le "$shards" ]; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  run_shard "$i" &
  running=$((running + 1))
  i=$((i + 1))
done
wait
failed=0
i=1
while [ "$i" -le "$shards" ]; do
  cat "$work/$i-of-$shards.cost" >> "$log"
  [ -s "$work/$i-of-$shards.sums" ] || { echo "collusion.sh: shard $i/$shards failed (its error is in $log)" >&2; failed=1; }
  i=$((i + 1))
done
[ "$failed" -eq 0 ] || exit 1
echo "collusion.sh: $shards shards, a pool of $jobs, $RAYON_NUM_THREADS thread(s) each: $(( $(date +%s) - started )) s wall in all" >> "$log"
files=""
i=1
while [ "$i" -le "$shards" ]; do files="$files $work/$i-of-$shards.sums"; i=$((i + 1)); done
# shellcheck disable=SC2086
target/release/uth-edge --quiet merge $files --format csv -o "results/dead_cards.$name.csv"
echo "Wrote results/dead_cards.$name.csv and $log; review, commit."
