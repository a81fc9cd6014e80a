#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck disable=SC2317  # stop and descendants run from the trap
# Runs an attnlab sweep with GNU parallel on one big machine: plan, run every job that has no valid
# result yet (with retries and a joblog), combine. Run it again after an interruption: finished jobs
# are kept and only the missing or refused ones run.
#   sweep-runners/parallel.sh <experiment-id> <out-dir> [--slots N] [--retries R] [key=value ...]
# Writes <out-dir>/jobs.jsonl, plan (the sweep's hash), results/<index>.json, joblog.txt (appended) and
# result.json (exactly what `attnlab <experiment-id> key=value ...` prints). One sweep per folder: a
# second one in the same folder, or one of another plan, is refused (exit 2) naming the first. Stopping
# the runner (Ctrl-C, TERM, HUP) stops its jobs. Exit: 0 done, 2 bad input or a busy or foreign folder,
# 3 when jobs still fail after their retries (result.json is then partial). ATTNLAB=/path/to/attnlab
# overrides the binary.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=sweep-runners/sweep-folder.sh
source "$here/sweep-folder.sh"
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
command -v flock >/dev/null || { echo "flock is missing: apt-get install util-linux" >&2; exit 2; }
mkdir -p "$out/results"

# One sweep per folder: an exclusive lock held while this runner lives (released by the kernel however
# it ends); the holder is named in <out>/lock.owner.
exec {lock}>>"$out/lock"
if ! flock -n "$lock"; then
  echo "attnlab: $out is in use by another sweep ($(cat "$out/lock.owner" 2>/dev/null || echo 'owner unknown'));" \
    "wait for it or choose another folder" >&2
  exit 2
fi
echo "pid $$ on $(hostname), started $(date -u +%FT%TZ): $id ${params[*]}" >"$out/lock.owner"

# Stopping the runner stops its jobs: parallel and everything under it, then the lock goes with us.
runner_pid=
descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}
stop() {
  trap - INT TERM HUP
  if [[ -n $runner_pid ]]; then
    # shellcheck disable=SC2046  # one pid per word
    kill -TERM $(descendants "$runner_pid") "$runner_pid" 2>/dev/null || true
    wait "$runner_pid" 2>/dev/null || true
  fi
  rm -f "$out/lock.owner"
  echo "attnlab: stopped; run again to resume" >&2
  exit 130
}
trap stop INT TERM HUP
trap 'rm -f "$out/lock.owner"' EXIT

# The folder's plan: a folder of another sweep is refused rather than mixed.
keep_plan "$attnlab" "$id" "$out" "${params[@]}"
"$attnlab" plan "$id" "${params[@]}" -o "$out/jobs.jsonl"
# The indices to run, read from the job lines by attnlab itself (JSON, not text patterns).
mapfile -t indices < <("$attnlab" plan "$id" "${params[@]}" --missing "$out/results" --print index)
total=$(wc -l <"$out/jobs.jsonl")
echo "attnlab: $id: ${#indices[@]} of $total jobs to run on $slots slots" >&2
# parallel puts every job in a process group of its own, so killing the runner's group (even with KILL,
# which no trap sees) would leave them running: each job gets TERM when parallel, its parent, dies.
orphan_guard=()
command -v setpriv >/dev/null && orphan_guard=(setpriv --pdeathsig TERM --)
if [[ ${#indices[@]} -gt 0 ]]; then
  # --joblog +file appends: every run of every resume is in the log (under parallel's own header, which
  # it writes only for a new log without +). The lock's descriptor is not passed on to jobs.
  [[ -s $out/joblog.txt ]] ||
    printf 'Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n' >"$out/joblog.txt"
  parallel --will-cite --jobs "$slots" --retries "$retries" --joblog +"$out/joblog.txt" \
    "${orphan_guard[@]}" "$attnlab" run-job "$id" --jobs "$out/jobs.jsonl" --index {} -o "$out/results/{}.json" \
    ::: "${indices[@]}" {lock}>&- &
  runner_pid=$!
  wait "$runner_pid" || true # failed jobs are named by combine below
  runner_pid=
fi
status=0
"$attnlab" combine "$id" --jobs "$out/jobs.jsonl" "$out/results" -o "$out/result.json" || status=$?
if [[ $status -eq 0 ]]; then
  echo "attnlab: wrote $out/result.json" >&2
else
  echo "attnlab: $out/result.json is incomplete (exit $status): run again to retry the missing jobs" >&2
fi
exit "$status"
