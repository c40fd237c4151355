#!/bin/sh
# Starts a real one-node Slurm cluster on this machine, for CI (issue 34):
# tests/all/slurm.rs submits a sharded dead-card run to it as a job array
# (scripts/slurm/submit.sh) and compares the merged bytes with one process.
#
# Usage (as root, the Debian packages slurm-wlm and munge installed):
#   scripts/slurm/start-local-cluster.sh
#
# Idempotent: when `sinfo` already shows this node idle it does nothing;
# otherwise it makes the munge key if there is none, writes
# /etc/slurm/slurm.conf for this one node (its real host name, CPUs and
# memory as `slurmd -C` reports them) unless a configuration not written by
# this script is there (then it stops: a site's cluster is not ours to
# change), starts munged, slurmctld and slurmd when they are not running,
# and waits (60 s at most) until `sinfo` shows the node idle.
#
# No cgroups (a container often has no writable cgroup tree): processes
# are tracked by their parent (proctrack/linuxproc), tasks are not bound
# (task/none), nothing is accounted (no slurmdbd: `sacct` is not used; the
# jobs are followed with `squeue`). The daemons run as root; their logs are
# in /var/log/slurm/.
set -eu

conf=/etc/slurm/slurm.conf
marker="# Written by uth-edge scripts/slurm/start-local-cluster.sh"
host=$(hostname -s)

idle() {
  [ "$(sinfo -h -n "$host" -o %T 2>/dev/null)" = idle ]
}

# A daemon runs when its pid file names a live process.
running() {
  [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}
# (A stopped slurmd still shows idle until slurmctld times it out: its
# process is checked too.)
if [ -f "$conf" ] && running /run/slurmctld.pid && running /run/slurmd.pid && idle; then
  echo "slurm: node $host already idle"
  exit 0
fi
for program in munged slurmctld slurmd sinfo sbatch squeue scontrol; do
  command -v "$program" >/dev/null || {
    echo "start-local-cluster.sh: $program not found (install the Debian packages slurm-wlm and munge)" >&2
    exit 1
  }
done
[ "$(id -u)" = 0 ] || { echo "start-local-cluster.sh: run as root (it starts the daemons)" >&2; exit 1; }

# munge: one key, readable by the munge user only.
if [ ! -s /etc/munge/munge.key ]; then
  mkdir -p /etc/munge
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 2>/dev/null
fi
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /etc/munge /etc/munge/munge.key /run/munge /var/log/munge /var/lib/munge
chmod 0700 /etc/munge
chmod 0400 /etc/munge/munge.key
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  runuser -u munge -- munged
  i=0
  until munge -n 2>/dev/null | unmunge >/dev/null 2>&1; do
    i=$((i + 1))
    [ "$i" -le 50 ] || { echo "start-local-cluster.sh: munged did not start" >&2; exit 1; }
    sleep 0.2
  done
fi

# The node as slurmd sees it: "NodeName=vm CPUs=2 Boards=1 ... RealMemory=24105".
node=$(slurmd -C | head -n 1)
case "$node" in NodeName=*) ;; *)
  echo "start-local-cluster.sh: slurmd -C gave no node line: $node" >&2; exit 1 ;;
esac
config="$marker
ClusterName=uth-edge-ci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
$node State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
if [ -f "$conf" ] && ! head -n 1 "$conf" | grep -qxF "$marker"; then
  echo "start-local-cluster.sh: $conf exists and was not written by this script: not changed" >&2
  exit 1
fi
changed=no
if [ ! -f "$conf" ] || [ "$(cat "$conf")" != "$config" ]; then
  mkdir -p /etc/slurm
  printf '%s\n' "$config" > "$conf"
  changed=yes
fi
mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm

if [ "$changed" = yes ]; then
  # A new configuration: daemons started on an old one read it again.
  running /run/slurmctld.pid && scontrol reconfigure >/dev/null 2>&1 || true
fi
running /run/slurmctld.pid || slurmctld
running /run/slurmd.pid || slurmd

i=0
until idle; do
  i=$((i + 1))
  if [ "$i" -gt 120 ]; then
    echo "start-local-cluster.sh: node $host not idle after 60 s:" >&2
    sinfo -N -l >&2 || true
    tail -n 20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
    exit 1
  fi
  # A node left down or drained by an earlier run is returned to service.
  case "$(sinfo -h -n "$host" -o %T 2>/dev/null)" in
    down*|drain*) scontrol update NodeName="$host" State=RESUME >/dev/null 2>&1 || true ;;
  esac
  sleep 0.5
done
echo "slurm: node $host idle ($node)"
