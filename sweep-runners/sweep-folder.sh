# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Shared by parallel.sh and slurm.sh (sourced, never run): a sweep's folder holds one plan.
# keep_plan <attnlab> <experiment-id> <out-dir> [key=value ...] writes the plan's hash to <out-dir>/plan,
# or exits 2 when the folder already holds a sweep of another plan (never mixed into it).
keep_plan() {
  local attnlab=$1 id=$2 out=$3 plan
  shift 3
  plan=$("$attnlab" plan "$id" "$@" --print plan)
  plan=${plan%%$'\n'*}
  if [[ -s $out/plan && $(cat "$out/plan") != "$plan" ]]; then
    echo "attnlab: $out holds a sweep of another plan ($(cat "$out/plan"), see $out/jobs.jsonl);" \
      "this one is $plan: choose another folder" >&2
    exit 2
  fi
  echo "$plan" >"$out/plan"
}
