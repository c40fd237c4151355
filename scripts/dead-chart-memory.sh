#!/bin/sh
# The memory and time of the largest solve a command makes (issue 34, item
# 4): the dead-card chart with three dead cards of three suits, 49 cards,
# the identity alone (1.91 million boards), under /usr/bin/time -v:
#   uth-edge strategy --dead 2c3d4h --format json -o /dev/null
# Writes its report to results/dead_chart.2c3d4h.log (docs/speed.md,
# "Memory"; the goal is a peak, "Maximum resident set size", under 1 GiB =
# 1,048,576 kB). About 90 s of CPU, niced. The one way that file is
# written: by the program, never by hand.
#
# Usage: scripts/dead-chart-memory.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
log="results/dead_chart.2c3d4h.log"
{
  echo "# scripts/dead-chart-memory.sh, $(git rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "# $(nproc) CPUs, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
} > "$log"
/usr/bin/time -v nice -n 10 target/release/uth-edge --quiet strategy --dead 2c3d4h \
  --format json -o /dev/null 2>> "$log"
echo "Wrote $log; review, commit."
