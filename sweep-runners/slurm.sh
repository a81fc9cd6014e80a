#!/usr/bin/env bash
# Submits an attnlab sweep to Slurm as a job array (one array task per job, at most P at once), with
# memory and time per task from the plan's estimates, and a combine step that runs after every task.
#   sweep-runners/slurm.sh <experiment-id> <out-dir> [--parallel P] [--time HH:MM:SS] [--partition X] [key=value ...]
# --time defaults to 4 × the plan's longest job estimate plus 5 minutes (the estimates are for one
# core of the reference machine: see docs/cost-model.md); give it explicitly on slower nodes.
# <out-dir> must be on a file system every node sees. Prints the combine job's id; when it is done,
# <out-dir>/result.json is what `attnlab <experiment-id> key=value ...` prints. Submitting again after
# failures resubmits only the jobs without a valid result. ATTNLAB=/path/to/attnlab overrides the binary.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
attnlab=$(readlink -f "${ATTNLAB:-$here/../build/native/attnlab}")
[[ $# -ge 2 ]] || { echo "usage: $0 <experiment-id> <out-dir> [--parallel P] [--time T] [--partition X] [key=value ...]" >&2; exit 2; }
id=$1 out=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
parallel=8 time= partition=() params=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --parallel) parallel=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --partition) partition=(--partition "$2"); shift 2 ;;
    *) params+=("$1"); shift ;;
  esac
done
mkdir -p "$out/results" "$out/logs"
"$attnlab" plan "$id" "${params[@]}" -o "$out/jobs.jsonl"
"$attnlab" plan "$id" "${params[@]}" --missing "$out/results" -o "$out/todo.jsonl"
indices=$(grep -o '"index":[0-9]*' "$out/todo.jsonl" | cut -d: -f2 | paste -sd, - || true)
# Memory per task: the plan's estimate (bytes) plus 64 MiB for the process, in MiB.
bytes=$(grep -o '"estimatedBytes":[0-9.e+]*' "$out/jobs.jsonl" | head -n 1 | cut -d: -f2)
mem=$(awk -v b="${bytes:-0}" 'BEGIN { printf "%d", b / 1048576 + 64 }')
if [[ -z $time ]]; then
  longest=$(grep -o '"estimatedSeconds":[0-9.e+]*' "$out/jobs.jsonl" | cut -d: -f2 | sort -g | tail -n 1)
  time=$(awk -v s="${longest:-900}" 'BEGIN { m = int((4 * s + 300) / 60) + 1; printf "%d:%02d:00", m / 60, m % 60 }')
fi
combine_deps=()
if [[ -n $indices ]]; then
  array=$(sbatch --parsable "${partition[@]}" --job-name "attnlab-$id" --array "$indices%$parallel" \
    --mem "${mem}M" --time "$time" --output "$out/logs/%a.out" \
    --wrap "\"$attnlab\" run-job \"$id\" --jobs \"$out/jobs.jsonl\" --index \$SLURM_ARRAY_TASK_ID -o \"$out/results/\$SLURM_ARRAY_TASK_ID.json\"")
  combine_deps=(--dependency "afterany:$array")
  echo "attnlab: submitted array $array ($(tr ',' '\n' <<<"$indices" | wc -l) tasks, ${mem} MiB and $time each)" >&2
fi
sbatch --parsable "${partition[@]}" "${combine_deps[@]}" --job-name "attnlab-$id-combine" --mem 1G --time "$time" \
  --output "$out/logs/combine.out" \
  --wrap "'$attnlab' combine '$id' --jobs '$out/jobs.jsonl' '$out/results' -o '$out/result.json'"
