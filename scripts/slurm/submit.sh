#!/bin/sh
# Submits an exact dead-card run to Slurm (docs/collusion-running.md, "Running on a
# cluster"): a job array of N shards (scripts/slurm/collusion.sbatch, task I
# runs `uth-edge game --seen CASE --shard I/N -o DIR/I-of-N.sums`), then the
# merge (scripts/slurm/merge.sbatch -> DIR/merged.csv) as a job that starts
# only when every task of the array succeeded (--dependency=afterok:ARRAY;
# if one fails the merge is cancelled, --kill-on-invalid-dep=yes). Slurm
# does the scheduling, retries and accounting; this only submits.
#
# Usage: scripts/slurm/submit.sh [options] CASE N DIR
#   --indexes LIST   the array's indexes (sbatch --array syntax, e.g. 3 or
#                    2,5-7); default 1-N. A task whose sums are already in
#                    DIR does nothing, so resubmitting solves what is missing.
#   --deck N         the N highest cards (a small deck, for a test)
#   --blind TABLE    Blind table id or TOML path (default blind-a)
#   --cpus C         CPUs a task (default 1; the solver runs C threads)
#   --hold           the array's tasks held (sbatch --hold) until
#                    `scontrol release ARRAY`
# The binary is $UTH_EDGE (default target/release/uth-edge of this checkout);
# it and DIR must be at the same paths on every node (a shared file system).
# Other sbatch settings come from sbatch's own environment variables
# (SBATCH_PARTITION, SBATCH_TIMELIMIT, SBATCH_ACCOUNT, ...).
# Prints two lines: "array JOBID" and "merge JOBID".
#
#   scripts/slurm/submit.sh --cpus 8 collude:3 64 /shared/collude-3
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
usage="usage: scripts/slurm/submit.sh [--indexes LIST] [--deck N] [--blind TABLE] [--cpus C] [--hold] CASE N DIR"
indexes=""
deck=""
blind="blind-a"
cpus=1
hold=""
while [ $# -gt 0 ]; do
  case "$1" in
    --indexes) indexes="${2:?$usage}"; shift 2 ;;
    --deck) deck="${2:?$usage}"; shift 2 ;;
    --blind) blind="${2:?$usage}"; shift 2 ;;
    --cpus) cpus="${2:?$usage}"; shift 2 ;;
    --hold) hold="--hold"; shift ;;
    --*) echo "submit.sh: unknown option $1; $usage" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -eq 3 ] || { echo "$usage" >&2; exit 2; }
case_="$1"
shards="$2"
dir="$3"
case "$shards" in ''|*[!0-9]*|0) echo "submit.sh: N must be a positive number, not '$shards'" >&2; exit 2 ;; esac
case "$case_" in exposed:1|collude:1|collude:2|collude:3) ;; *)
  echo "submit.sh: CASE must be exposed:1, collude:1, collude:2 or collude:3, not '$case_'" >&2; exit 2 ;;
esac
case "$cpus" in ''|*[!0-9]*|0) echo "submit.sh: --cpus must be a positive number, not '$cpus'" >&2; exit 2 ;; esac
[ -n "$indexes" ] || indexes="1-$shards"
bin="${UTH_EDGE:-$here/../../target/release/uth-edge}"
[ -x "$bin" ] || { echo "submit.sh: no uth-edge binary at $bin (cargo build --release, or set UTH_EDGE)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
# uth-edge reads and checks the rest (table, deck, shard count) in each
# task before any work: a refusal is one line in DIR/slurm-ARRAY_I.out, the
# task fails, and the merge is cancelled.
export UTH_EDGE="$bin" UTH_EDGE_CASE="$case_" UTH_EDGE_SHARDS="$shards" UTH_EDGE_DIR="$dir"
export UTH_EDGE_BLIND="$blind" UTH_EDGE_DECK="$deck"
# shellcheck disable=SC2086
array=$(sbatch --parsable $hold --array="$indexes" --cpus-per-task="$cpus" \
  --output="$dir/slurm-%A_%a.out" "$here/collusion.sbatch")
array="${array%%;*}"
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$dir/slurm-merge-%j.out" "$here/merge.sbatch")
merge="${merge%%;*}"
echo "array $array"
echo "merge $merge"
