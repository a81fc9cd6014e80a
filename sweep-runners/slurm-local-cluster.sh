#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts (or stops) a throwaway single-node Slurm cluster that lives entirely in one folder, for
# checking sweep-runners/slurm.sh for real: munged, slurmctld and slurmd from Debian's slurm-wlm and
# munge, proctrack/linuxproc (no cgroups), the node's CPUs and memory as the machine reports them.
#   sweep-runners/slurm-local-cluster.sh start <dir> [--force-local]
#   sweep-runners/slurm-local-cluster.sh stop <dir>
# Everything it writes is under <dir>: slurm.conf (clients use it through SLURM_CONF=<dir>/slurm.conf;
# its AuthInfo names the cluster's own munge socket), munge's key, socket, seed and log, Slurm's state,
# spool and logs, and the PIDs of the daemons it started (<dir>/pids). The daemons listen on their own
# ports (ATTNLAB_SLURM_PORT, default 6917, and the next one). It never writes the system's Slurm or
# munge files (/etc/slurm, /etc/munge, /run/munge, /var/lib/munge, /var/log/munge) and never signals a
# daemon it did not start:
# - start refuses (exit 2) when a slurmctld, slurmd or munged already runs on this machine, when a
#   system slurm.conf exists (ATTNLAB_SYSTEM_SLURM_CONF, default /etc/slurm/slurm.conf) or when
#   SLURM_CONF is set: that is a real Slurm installation. --force-local starts anyway, still only in <dir>.
# - stop signals exactly the PIDs in <dir>/pids, each only while it is still the daemon start ran
#   with this <dir>, and removes those PID files.
# Needs slurm-wlm and munge installed (it installs nothing). Runs as root or as an ordinary user: the
# daemons and the jobs run as whoever starts it.
set -euo pipefail
DAEMONS=(munged slurmctld slurmd)   # in start order; stop goes the other way

usage() { echo "usage: $0 start <dir> [--force-local] | stop <dir>" >&2; exit 2; }
refuse() { echo "attnlab: slurm-local-cluster: $*" >&2; exit 2; }

# The PID recorded in <dir>/pids/<name>.pid if that process is still the <name> this folder started.
live_pid() {
  local name=$1 file=$dir/pids/$1.pid pid
  [[ -f $file ]] || return 1
  pid=$(<"$file")
  [[ $pid =~ ^[0-9]+$ && $(cat "/proc/$pid/comm" 2>/dev/null) == "$name" ]] || return 1
  tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$dir/" || return 1
  echo "$pid"
}

stop_cluster() {
  local i name pid
  for ((i = ${#DAEMONS[@]} - 1; i >= 0; i--)); do
    name=${DAEMONS[i]}
    [[ -f $dir/pids/$name.pid ]] || continue
    if pid=$(live_pid "$name"); then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 100); do live_pid "$name" >/dev/null || break; sleep 0.1; done
      live_pid "$name" >/dev/null && { kill -KILL "$pid" 2>/dev/null || true; }
      echo "attnlab: stopped $name (PID $pid)" >&2
    else
      echo "attnlab: $name (PID $(<"$dir/pids/$name.pid")) no longer runs from $dir: left alone" >&2
    fi
    rm -f "$dir/pids/$name.pid"
  done
}

# PIDs of the processes named $1 that are alive (not zombies), comma-separated.
running() {
  local stat line
  for stat in /proc/[0-9]*/stat; do
    { read -r line <"$stat"; } 2>/dev/null || continue   # gone meanwhile
    if [[ $line == *" ($1) "[!Z]* ]]; then echo "${line%% *}"; fi
  done | paste -sd, -
}

# A real Slurm or munge on this machine: what start must not disturb.
check_machine() {
  local name pids system_conf=${ATTNLAB_SYSTEM_SLURM_CONF:-/etc/slurm/slurm.conf}   # read only
  for name in "${DAEMONS[@]}"; do
    pids=$(running "$name")
    if [[ -n $pids ]]; then
      refuse "$name is already running on this machine (PID $pids): a real Slurm or munge, not started here." \
        "Not starting a local cluster beside it; --force-local starts one anyway (writing only $dir)."
    fi
  done
  [[ -e $system_conf ]] && refuse "a system Slurm configuration exists ($system_conf): a real Slurm installation." \
    "Not starting a local cluster beside it; --force-local starts one anyway (writing only $dir)."
  [[ -n ${SLURM_CONF:-} ]] && refuse "SLURM_CONF is set ($SLURM_CONF): this shell talks to a real Slurm." \
    "Not starting a local cluster; unset it, or give --force-local (writing only $dir)."
  return 0
}

write_conf() {
  local host cpus mem user port=${ATTNLAB_SLURM_PORT:-6917}
  host=$(hostname -s) cpus=$(nproc) user=$(id -un)
  mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
  cat >"$dir/slurm.conf" <<CONF
ClusterName=attnlab-local
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ReturnToService=2
MaxArraySize=100000
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

# Runs a daemon in the foreground (-D, --foreground) in the background of this script, which it
# outlives, and records its PID in <dir>/pids. The daemons' own PID files are apart (<dir>/run): a
# starting slurmctld or slurmd signals whatever PID it finds in its own.
launch() {
  local name=$1
  shift
  "$name" "$@" </dev/null >>"$dir/log/$name.out" 2>&1 &
  echo $! >"$dir/pids/$name.pid"
}

start_cluster() {
  local name
  for name in "${DAEMONS[@]}" sinfo; do
    command -v "$name" >/dev/null || refuse "$name is missing: apt-get install slurm-wlm munge"
  done
  for name in "${DAEMONS[@]}"; do
    live_pid "$name" >/dev/null && refuse "this folder's cluster is already running ($dir): stop it first"
  done
  [[ $force == 1 ]] || check_machine
  # munged wants every folder above its socket searchable by all (<dir>'s parents too) and none
  # writable by others.
  mkdir -p "$dir"/{munge,state,spool,run,log,pids}
  chmod 0755 "$dir" "$dir/munge"
  chmod 0700 "$dir"/{state,run,log,pids}
  [[ -s $dir/munge/munge.key ]] || (umask 077 && head -c 1024 /dev/urandom >"$dir/munge/munge.key")
  write_conf
  export SLURM_CONF=$dir/slurm.conf
  launch munged --foreground --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" --log-file="$dir/log/munged.log"
  for _ in $(seq 1 50); do [[ -e $dir/munge/munge.socket ]] && break; sleep 0.1; done
  [[ -e $dir/munge/munge.socket ]] || fail "munged did not start"
  launch slurmctld -D -f "$dir/slurm.conf"
  launch slurmd -D -f "$dir/slurm.conf"
  local deadline=$((SECONDS + 60))
  while ((SECONDS < deadline)); do
    if timeout 10 sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
      echo "attnlab: local Slurm is up in $dir: $(sinfo -h -o '%P %D %T %c CPUs %m MB')" >&2
      echo "attnlab: clients use it with SLURM_CONF=$dir/slurm.conf" >&2
      return 0
    fi
    sleep 1
  done
  fail "Slurm did not come up within 60 s"
}

fail() {
  echo "attnlab: slurm-local-cluster: $1; the last lines of its logs in $dir/log:" >&2
  tail -n 5 "$dir"/log/*.out >&2 2>/dev/null || true
  stop_cluster
  exit 1
}

[[ $# -ge 2 ]] || usage
action=$1 dir=$2 force=0
shift 2
for arg in "$@"; do
  case $arg in
    --force-local) force=1 ;;
    *) usage ;;
  esac
done
dir=$(realpath -m -- "$dir")   # one spelling for start and stop: live_pid matches it in the daemons' command lines
case $action in
  start) start_cluster ;;
  stop) [[ -d $dir ]] && stop_cluster; exit 0 ;;
  *) usage ;;
esac
