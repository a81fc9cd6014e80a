#!/usr/bin/env bash
# Starts (or stops) a single-node Slurm cluster on this machine from Debian's packages, for checking
# sweep-runners/slurm.sh for real: munge, slurmctld and slurmd as root, proctrack/linuxproc (no
# cgroups), the node's CPUs and memory as the machine reports them.
#   sweep-runners/slurm-local-cluster.sh start | stop
# Needs root and Debian's slurm-wlm and munge (installed when missing).
set -euo pipefail
state=/var/tmp/attnlab-slurm
case ${1:-start} in
  stop)
    pkill -x slurmd || true
    pkill -x slurmctld || true
    pkill -x munged || true
    exit 0 ;;
  start) ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
[[ $(id -u) == 0 ]] || { echo "$0 needs root (it starts system daemons)" >&2; exit 2; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >&2
fi
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
mkdir -p "$state"/{spool,slurmd} /etc/slurm /run/munge /var/log/munge /var/lib/munge
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=attnlab
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
StateSaveLocation=$state/spool
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ReturnToService=2
MaxArraySize=100000
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
[[ -s /etc/munge/munge.key ]] || mungekey --create --force
chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
chmod 0700 /etc/munge; chmod 0400 /etc/munge/munge.key
pgrep -x munged >/dev/null || munged --force
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 1 60); do
  if sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    echo "attnlab: Slurm is up: $(sinfo -h -o '%P %D %T %c CPUs %m MB')" >&2
    exit 0
  fi
  sleep 1
done
echo "attnlab: Slurm did not come up; see $state/slurmctld.log and $state/slurmd.log" >&2
exit 1
