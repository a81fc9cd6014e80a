#!/usr/bin/env bash
# Runs an attnlab sweep with GNU parallel on one big machine: plan, run every job that has no valid
# result yet (with retries and a joblog), combine. Run it again after an interruption: finished jobs
# are kept and only the missing or corrupt ones run.
#   sweep-runners/parallel.sh <experiment-id> <out-dir> [--slots N] [--retries R] [key=value ...]
# Writes <out-dir>/jobs.jsonl, results/<index>.json, joblog.txt and result.json (exactly what
# `attnlab <experiment-id> key=value ...` prints). ATTNLAB=/path/to/attnlab overrides the binary.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
attnlab=${ATTNLAB:-$here/../build/native/attnlab}
[[ $# -ge 2 ]] || { echo "usage: $0 <experiment-id> <out-dir> [--slots N] [--retries R] [key=value ...]" >&2; exit 2; }
id=$1 out=$2
shift 2
slots=$(nproc) retries=2 params=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --slots) slots=$2; shift 2 ;;
    --retries) retries=$2; shift 2 ;;
    *) params+=("$1"); shift ;;
  esac
done
command -v parallel >/dev/null || { echo "GNU parallel is missing: apt-get install parallel" >&2; exit 2; }
mkdir -p "$out/results"
"$attnlab" plan "$id" "${params[@]}" -o "$out/jobs.jsonl"
"$attnlab" plan "$id" "${params[@]}" --missing "$out/results" -o "$out/todo.jsonl"
indices=$(grep -o '"index":[0-9]*' "$out/todo.jsonl" | cut -d: -f2 || true)
total=$(wc -l < "$out/jobs.jsonl")
echo "attnlab: $id: $(wc -w <<<"$indices") of $total jobs to run on $slots slots" >&2
if [[ -n $indices ]]; then
  # shellcheck disable=SC2086  # one argument per index
  parallel --will-cite --jobs "$slots" --retries "$retries" --joblog "$out/joblog.txt" \
    "$attnlab" run-job "$id" --jobs "$out/jobs.jsonl" --index {} -o "$out/results/{}.json" ::: $indices
fi
"$attnlab" combine "$id" --jobs "$out/jobs.jsonl" "$out/results" -o "$out/result.json"
echo "attnlab: wrote $out/result.json" >&2
