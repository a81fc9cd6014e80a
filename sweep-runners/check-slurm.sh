#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the Slurm runner for real on this machine: starts a throwaway single-node cluster
# (slurm-local-cluster.sh), submits a paper-1 sweep as a job array through slurm.sh, waits for the
# combine step and compares the merged result with the in-process run, byte for byte. Exit 0 when
# identical, 1 when not, 2 when it will not run here.
#   sweep-runners/check-slurm.sh [--force-local] [--keep] [key=value ...]
#   (default sweep: sparse-dmin ns=32,48,64 seeds=2 seed=3)
# Safe to try on a real cluster's node: it never touches the site's Slurm. The cluster and the sweep
# live in one fresh folder (under $TMPDIR, default /var/tmp): its own slurm.conf (used through
# SLURM_CONF), its own munge key, socket and seed, spool, logs, PID files and ports; nothing under
# /etc, /run or /var/lib is written. It refuses (exit 2) when slurmctld, slurmd or munged already run
# here or a system slurm.conf exists; --force-local starts the local cluster anyway, still only in its
# folder. However it ends, it stops exactly the daemons it started and removes the folder (--keep:
# leave the folder for a look). Needs Debian's slurm-wlm and munge (apt-get install slurm-wlm munge);
# runs as root or as an ordinary user.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
attnlab=$(readlink -f "${ATTNLAB:-$here/../build/native/attnlab}")
force=() keep=0 params=()
for arg in "$@"; do
  case $arg in
    --force-local) force=(--force-local) ;;
    --keep) keep=1 ;;
    *) params+=("$arg") ;;
  esac
done
[[ ${#params[@]} -gt 0 ]] || params=('ns=32,48,64' seeds=2 seed=3)
[[ -x $attnlab ]] || { echo "attnlab: no native CLI at $attnlab (build it, or set ATTNLAB)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/var/tmp}/attnlab-slurm-check.XXXXXX")
cleanup() {
  bash "$here/slurm-local-cluster.sh" stop "$work/cluster" || true
  if [[ $keep == 1 ]]; then echo "attnlab: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP   # through the EXIT trap
chmod 0755 "$work"   # munged needs the folders above its socket searchable by all
bash "$here/slurm-local-cluster.sh" start "$work/cluster" "${force[@]}"
export SLURM_CONF=$work/cluster/slurm.conf   # slurm.sh's sbatch and squeue, and the jobs, use the local cluster

out=$work/sweep
t0=$(date +%s.%N)
combine=$(ATTNLAB=$attnlab bash "$here/slurm.sh" sparse-dmin "$out" --parallel 2 --time 00:30:00 "${params[@]}")
deadline=$((SECONDS + 1800))
while squeue -h -j "$combine" 2>/dev/null | grep -q .; do
  ((SECONDS < deadline)) || { echo "slurm: the sweep did not finish within 30 minutes" >&2; exit 1; }
  sleep 1
done
t1=$(date +%s.%N)
"$attnlab" sparse-dmin "${params[@]}" 2>/dev/null >"$work/one-process.json"
tasks=$(find "$out/results" -name '*.json' | wc -l)
if cmp -s "$work/one-process.json" "$out/result.json"; then
  echo "slurm: $tasks array tasks, combined in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s:" \
    "identical to the in-process run"
else
  echo "slurm: the merged result differs from the in-process run; the combine step's log:" >&2
  cat "$out/logs/combine.out" >&2 2>/dev/null || true
  exit 1
fi
