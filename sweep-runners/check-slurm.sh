#!/usr/bin/env bash
# Checks the Slurm runner for real on this machine: starts a single-node cluster (slurm-local-cluster.sh),
# submits a paper-1 sweep as a job array through slurm.sh, waits for the combine step and compares the
# merged result with the in-process run, byte for byte. Exit 0 when identical.
#   sweep-runners/check-slurm.sh [key=value ...]     (default: sparse-dmin ns=32,48,64 seeds=2 seed=3)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
attnlab=$(readlink -f "${ATTNLAB:-$here/../build/native/attnlab}")
params=("$@")
[[ ${#params[@]} -gt 0 ]] || params=(ns=32,48,64 seeds=2 seed=3)
bash "$here/slurm-local-cluster.sh" start
out=$(mktemp -d /var/tmp/attnlab-sweep.XXXXXX)
t0=$(date +%s.%N)
combine=$(ATTNLAB=$attnlab bash "$here/slurm.sh" sparse-dmin "$out" --parallel 2 --time 00:30:00 "${params[@]}")
while squeue -h -j "$combine" 2>/dev/null | grep -q .; do sleep 1; done
t1=$(date +%s.%N)
"$attnlab" sparse-dmin "${params[@]}" 2>/dev/null > "$out/one-process.json"
tasks=$(ls "$out/results" | wc -l)
if cmp -s "$out/one-process.json" "$out/result.json"; then
  echo "slurm: $tasks array tasks, combined in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s: identical to the in-process run ($out)"
else
  echo "slurm: the merged result differs from the in-process run (see $out)" >&2
  exit 1
fi
