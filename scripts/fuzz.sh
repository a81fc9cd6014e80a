#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# libFuzzer over the upload parser, parameter validation, the JSON parser (job lines, result files), result files as
# Open result… judges them (every experiment's shape and checks), and the model files' readers: safetensors header,
# config.json, shard index (tests/fuzz/fuzz_*.cpp),
# built with clang++-14 -fsanitize=fuzzer,address,undefined in build/fuzz. Each target starts from its seed
# corpus (tests/fuzz/corpus/<target>, in the repo) and keeps what it finds in build/fuzz/corpus/<target>;
# a crash is saved to build/fuzz/artifacts/ and fails the run.
#   bash scripts/fuzz.sh [seconds]      seconds per target (default 600); npm run fuzz
# The targets build and run ATTNLAB_JOBS at a time (default: all cores), each on one core.
# Prints, per target: executions, exec/s, corpus size and libFuzzer's coverage (cov = edges, ft = features).
# Last line: "fuzz: N passed, M failed" (one per target).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SECONDS_PER_TARGET=${1:-600}
FUZZ_DIR=$ROOT/build/fuzz
CXX=clang++-14
# shellcheck disable=SC2054  # the commas belong to -fsanitize=
FLAGS=(-std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$ROOT/wasm/core"
  -isystem /usr/include/eigen3)
TARGETS=(inputs params safetensors json model_config shard_index result)

# Core sources each target needs (only these: the fuzz build does not wait for the whole core).
sources() {
  case $1 in
    inputs) echo "$ROOT"/wasm/core/lab/inputs/*.cpp ;;
    # result: every experiment's result checks, so the whole core: the sanitizers' build of it (scripts/sanitize.sh,
    # ASan + UBSan at -O1), not a second compile of ~100 files in one process. Its code has no coverage counters, so
    # libFuzzer is guided by the harness's branches; the sanitizers still check every path it reaches.
    result) echo "$ASAN_CORE" ;;
    safetensors) echo "$ROOT/wasm/core/model/safetensors.cpp $(json_sources)" ;;
    json) json_sources ;;
    model_config) echo "$(config_sources) $(json_sources)" ;;
    shard_index)
      echo "$(config_sources) $(json_sources) $ROOT/wasm/core/model/checkpoint.cpp" \
        "$ROOT/wasm/core/model/safetensors.cpp $ROOT/wasm/core/model/needed_tensors.cpp"
      ;;
    params)
      echo "$ROOT/wasm/core/lab/schema.cpp $ROOT/wasm/core/lab/param_decl.cpp $ROOT/wasm/core/lab/params.cpp" \
        "$ROOT/wasm/core/numerics/shared/decimal.cpp $ROOT/wasm/core/lab/value_syntax.cpp $ROOT/wasm/core/numerics/shared/text.cpp"
      ;;
  esac
}

json_sources() { echo "$ROOT/wasm/core/lab/json_parse.cpp $ROOT/wasm/core/numerics/shared/text.cpp"; }
# config.json's reader checks RoPE's frequencies (layer_math.cpp, whose float products need float_product.cpp).
config_sources() {
  echo "$ROOT/wasm/core/model/model_config.cpp $ROOT/wasm/core/numerics/transformer/layer_math.cpp" \
    "$ROOT/wasm/core/numerics/kernels/float_product.cpp"
}

# Headers whose change means a rebuild.
headers() {
  local inc=$ROOT/wasm/core
  case $1 in
    inputs) echo "$inc/lab/inputs/parse_input.hpp $inc/lab/json.hpp" "$ROOT"/wasm/core/lab/inputs/*.hpp ;;
    result) find "$inc" -name '*.hpp' | sort | tr '\n' ' ' ;;
    safetensors) echo "$inc/model/safetensors.hpp $inc/model/model_error.hpp $inc/lab/json_parse.hpp" ;;
    json) echo "$inc/lab/json_parse.hpp $inc/lab/json.hpp $inc/numerics/shared/text.hpp" ;;
    model_config | shard_index) echo "$inc"/model/*.hpp "$inc/numerics/transformer/layer_math.hpp" "$inc/lab/json_parse.hpp $inc/numerics/shared/text.hpp" ;;
    params) echo "$inc/lab/schema.hpp $inc/lab/params.hpp $inc/lab/json.hpp $inc/numerics/shared/decimal.hpp $inc/lab/value_syntax.hpp" ;;
  esac
}

ASAN_CORE=$ROOT/build/asan/libattnlab_core.a

build_target() {
  local target=$1 out=$FUZZ_DIR/fuzz_$1
  # result links the sanitizers' core: brought up to date first (nothing to do after scripts/sanitize.sh)
  [[ $target != result ]] || bash "$ROOT/scripts/sanitize.sh" --core >&2
  # shellcheck disable=SC2046  # the file lists are meant to split
  if [[ -x $out ]] && [[ -z $(find "$ROOT/tests/fuzz/fuzz_$target.cpp" $(sources "$target") $(headers "$target") \
    -newer "$out" -print -quit) ]]; then
    return 0
  fi
  say "building fuzz_$target"
  # shellcheck disable=SC2046
  "$CXX" "${FLAGS[@]}" "$ROOT/tests/fuzz/fuzz_$target.cpp" $(sources "$target") -o "$out"
}

run_target() {
  local target=$1 log=$FUZZ_DIR/fuzz_$1.log status seeds work execs rate cov ft corp
  seeds=$ROOT/tests/fuzz/corpus/$target
  work=$FUZZ_DIR/corpus/$target
  mkdir -p "$work" "$FUZZ_DIR/artifacts"
  say "fuzz_$target for ${SECONDS_PER_TARGET} s"
  set +e
  "$FUZZ_DIR/fuzz_$target" -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$FUZZ_DIR/artifacts/$target-" "$work" "$seeds" >"$log" 2>&1
  status=$?
  set -e
  execs=$(grep -oE 'stat::number_of_executed_units: +[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  rate=$(grep -oE 'stat::average_exec_per_sec: +[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+' || echo '?')
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+' || echo '?')
  corp=$(grep -oE 'corp: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+' || echo '?')
  if ((status == 0)); then
    printf 'fuzz_%s: %s executions (%s/s), corpus %s units (%s seeds in the repo, %s kept), cov %s, ft %s, no crash\n' \
      "$target" "$execs" "$rate" "$corp" "$(find "$seeds" -type f | wc -l)" "$(find "$work" -type f | wc -l)" \
      "$cov" "$ft"
    return 0
  fi
  grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -n 20 >&2 || true
  printf 'fuzz_%s: FAILED after %s executions (exit %s); log %s\n' "$target" "$execs" "$status" "${log#"$ROOT"/}"
  return 1
}

# Calls "$1 <target>" for every target, $JOBS at a time (a build and a libFuzzer run each use one core), then prints
# their outputs in the targets' order; <target>'s exit code goes to $FUZZ_DIR/$1-<target>.status.
each_target() {
  local step=$1 target
  for target in "${TARGETS[@]}"; do
    while (($(jobs -rp | wc -l) >= JOBS)); do wait -n || true; done
    (
      set +e
      "$step" "$target" >"$FUZZ_DIR/$step-$target.out" 2>&1
      echo $? >"$FUZZ_DIR/$step-$target.status"
    ) &
  done
  wait
  for target in "${TARGETS[@]}"; do cat "$FUZZ_DIR/$step-$target.out"; done
}

main() {
  command -v "$CXX" >/dev/null ||
    die "fuzz: needs $CXX and libFuzzer (Debian: apt-get install clang-14 libclang-rt-14-dev)"
  mkdir -p "$FUZZ_DIR"
  local target passed=0 failed=0
  each_target build_target
  for target in "${TARGETS[@]}"; do
    (($(cat "$FUZZ_DIR/build_target-$target.status") == 0)) || die "fuzz_$target did not build (above)"
  done
  each_target run_target
  for target in "${TARGETS[@]}"; do
    if (($(cat "$FUZZ_DIR/run_target-$target.status") == 0)); then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
    fi
  done
  echo "fuzz: $passed passed, $failed failed"
  ((failed == 0))
}

main "$@"
