#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Submits an attnlab sweep to Slurm as a job array (one array task per job, at most P at once), with
# memory and time per task from the plan's estimates, and a combine step that runs after every task.
#   sweep-runners/slurm.sh <experiment-id> <out-dir> [--parallel P] [--time HH:MM:SS] [--partition X] [key=value ...]
# --time defaults to 4 × the plan's longest job estimate plus 5 minutes (the estimates are for one
# core of the reference machine: see docs/cost-model.md); give it explicitly on slower nodes.
# <out-dir> must be on a file system every node sees. Prints the combine job's id; when it is done,
# <out-dir>/result.json is what `attnlab <experiment-id> key=value ...` prints. Submitting again after
# failures resubmits only the jobs without a valid result. One sweep per folder: <out-dir>/lock.d is
# held from submission until the combine step ends (it names the Slurm jobs; `scancel` them to stop the
# sweep), and a folder of another plan (<out-dir>/plan) is refused. ATTNLAB=/path/to/attnlab overrides the binary.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=sweep-runners/sweep-folder.sh
source "$here/sweep-folder.sh"
attnlab=$(readlink -f "${ATTNLAB:-$here/../build/native/attnlab}")
if [[ $# -lt 2 ]]; then
  echo "usage: $0 <experiment-id> <out-dir> [--parallel P] [--time T] [--partition X] [key=value ...]" >&2
  exit 2
fi
id=$1 out=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
parallel=8 time='' partition=() params=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --parallel) parallel=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --partition) partition=(--partition "$2"); shift 2 ;;
    *) params+=("$1"); shift ;;
  esac
done

# One sweep per folder. mkdir is atomic on shared file systems; the lock outlives this script (the
# sweep runs in Slurm) and the combine step removes it. A lock whose Slurm jobs are gone is stale.
lock=$out/lock.d
if ! mkdir "$lock" 2>/dev/null; then
  owner=$(cat "$lock/owner" 2>/dev/null || true)
  jobs=$(sed -n 's/^slurm jobs \([0-9_,]*\).*/\1/p' <<<"$owner")
  if [[ -z $jobs || -n $(squeue -h -j "$jobs" 2>/dev/null) ]]; then
    echo "attnlab: $out is in use by another sweep (${owner:-being submitted}); wait for it, scancel it," \
      "or choose another folder (remove $lock if no sweep runs)" >&2
    exit 2
  fi
  rm -rf "$lock" && mkdir "$lock"
fi
echo "being submitted by pid $$ on $(hostname) at $(date -u +%FT%TZ)" >"$lock/owner"
submitted=
trap '[[ -n $submitted ]] || rm -rf "$lock"' EXIT

# The folder's plan: a folder of another sweep is refused rather than mixed.
keep_plan "$attnlab" "$id" "$out" "${params[@]}"
mkdir -p "$out/results" "$out/logs"
"$attnlab" plan "$id" "${params[@]}" -o "$out/jobs.jsonl"
# Job fields are read by attnlab from the JSON lines (never by text patterns).
indices=$("$attnlab" plan "$id" "${params[@]}" --missing "$out/results" --print index | paste -sd, -)
# Memory per task: the plan's estimate (bytes) plus 64 MiB for the process, in MiB.
bytes=$("$attnlab" plan "$id" "${params[@]}" --print estimatedBytes)
bytes=${bytes%%$'\n'*}
mem=$(awk -v b="${bytes:-0}" 'BEGIN { if (b == "null") b = 0; printf "%d", b / 1048576 + 64 }')
if [[ -z $time ]]; then
  longest=$("$attnlab" plan "$id" "${params[@]}" --print estimatedSeconds | grep -v null | sort -g | tail -n 1 || true)
  time=$(awk -v s="${longest:-900}" 'BEGIN { m = int((4 * s + 300) / 60) + 1; printf "%d:%02d:00", m / 60, m % 60 }')
fi
combine_deps=() array=
if [[ -n $indices ]]; then
  # --open-mode=append: a resubmitted task adds to its log instead of replacing it.
  run_job="\"$attnlab\" run-job \"$id\" --jobs \"$out/jobs.jsonl\""
  run_job+=" --index \$SLURM_ARRAY_TASK_ID -o \"$out/results/\$SLURM_ARRAY_TASK_ID.json\""
  array=$(sbatch --parsable "${partition[@]}" --job-name "attnlab-$id" --array "$indices%$parallel" \
    --mem "${mem}M" --time "$time" --output "$out/logs/%a.out" --open-mode=append --wrap "$run_job")
  combine_deps=(--dependency "afterany:$array")
  echo "attnlab: submitted array $array ($(tr ',' '\n' <<<"$indices" | wc -l) tasks, ${mem} MiB and $time each)" >&2
fi
# The combine step releases the folder whatever its outcome.
combine_job="'$attnlab' combine '$id' --jobs '$out/jobs.jsonl' '$out/results' -o '$out/result.json';"
combine_job+=" status=\$?; rm -rf '$lock'; exit \$status"
combine=$(sbatch --parsable "${partition[@]}" "${combine_deps[@]}" --job-name "attnlab-$id-combine" \
  --mem 1G --time "$time" --output "$out/logs/combine.out" --open-mode=append --wrap "$combine_job")
submitted=1
# (A combine step that already ran has removed the lock: then there is nothing left to name.)
echo "slurm jobs ${array:+$array,}$combine (submitted by pid $$ on $(hostname) at $(date -u +%FT%TZ))" \
  >"$lock/owner" 2>/dev/null || true
echo "$combine"
