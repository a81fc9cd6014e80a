#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Catch2 tests of the code that reads untrusted input and the fuzz corpus replay under AddressSanitizer +
# UndefinedBehaviorSanitizer (clang++-14, or g++ when clang is missing; own build tree build/asan). Any sanitizer
# report fails the run.
#   bash scripts/sanitize.sh                          npm test's tier: the tests tagged for untrusted input (inputs,
#       models, command lines, parameter text, uploads, result files and shards: ATTNLAB_UNTRUSTED_TAGS in
#       CMakeLists.txt, built from the files that use them), then tests/fuzz/corpus/* (+ build/fuzz/corpus/*) replayed
#   ATTNLAB_SANITIZE_ALL=1 bash scripts/sanitize.sh   the slow tier (npm run test:slow): the whole suite instead
#       (the slow reproduction tables, [.slow], stay in the plain build either way)
# Last line: "sanitize: N passed, M failed" (Catch2 test cases + one per replayed target).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ASAN_DIR=$ROOT/build/asan
# shellcheck disable=SC2054  # the commas belong to -fsanitize=
# -O1 and line tables only: the suite's Eigen-heavy files compile in about half the time of -O2 -g, and
# reports still name file and line.
SAN_FLAGS=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -O1 -gline-tables-only)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

sanitizer_compiler() {
  if command -v clang++-14 >/dev/null; then echo clang++-14
  elif command -v g++ >/dev/null; then echo g++
  else die "sanitize: needs clang++-14 (Debian: clang-14) or g++"
  fi
}

build() {
  local cxx=$1 t0
  t0=$(now)
  # The core in unity batches (CMakeLists.txt: ATTNLAB_UNITY): this build's compile took 282 s instead of 473 s here.
  if [[ ! -f $ASAN_DIR/CMakeCache.txt ]] || ! grep -qx 'ATTNLAB_UNITY:BOOL=ON' "$ASAN_DIR/CMakeCache.txt"; then
    cmake -S "$ROOT" -B "$ASAN_DIR" -DCMAKE_BUILD_TYPE=None -DATTNLAB_NATIVE_OPT=-O1 -DATTNLAB_TEST_OPT=-O1 \
      -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="${SAN_FLAGS[*]}" \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DATTNLAB_UNITY=ON >/dev/null
  fi
  cmake --build "$ASAN_DIR" -j"$JOBS" --target attnlab_core >&2
  # The fuzz targets with a plain main that replays files (no libFuzzer needed), against the sanitized core.
  local target
  for target in inputs params safetensors json model_config shard_index result; do
    local out=$ASAN_DIR/replay_$target src=$ROOT/tests/fuzz/fuzz_$target.cpp
    if [[ ! -x $out || $src -nt $out || $ROOT/tests/fuzz/replay.cpp -nt $out ||
      $ASAN_DIR/libattnlab_core.a -nt $out ]]; then
      # Eigen from Debian's package: a target that includes the model reader's layer maths needs it too
      "$cxx" -std=c++17 -O1 "${SAN_FLAGS[@]}" -I"$ROOT/wasm/core" -isystem "$ASAN_DIR/vendor" \
        -isystem /usr/include/eigen3 "$src" "$ROOT/tests/fuzz/replay.cpp" "$ASAN_DIR/libattnlab_core.a" -o "$out"
    fi
  done
  say "sanitizer build ($cxx): $(elapsed "$t0")"
}

# Counts of one Catch2 log: "P F" (a sanitizer report or a crash without a summary counts as a failure).
catch2_counts() {
  local log=$1 status=$2 line p=0 f=0
  line=$(grep -E '^(All tests passed|test cases:)' "$log" | tail -n 1 || true)
  if [[ $line =~ All\ tests\ passed.*\ in\ ([0-9]+)\ test\ case ]]; then p=${BASH_REMATCH[1]}
  elif [[ $line =~ test\ cases:\ +([0-9]+)\ \|\ ([0-9]+)\ passed ]]; then
    p=${BASH_REMATCH[2]}
    [[ $line =~ ([0-9]+)\ failed ]] && f=${BASH_REMATCH[1]}
  fi
  if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$log"; then f=$((f + 1)); fi
  ((status != 0 && f == 0)) && f=1
  echo "$p $f"
}

# The whole suite in two processes side by side (one per core): the range-ends test ([finite], about 40 % of the
# run under the sanitizers) and the cache-size test ([blocking]) in one, everything else in the other.
# ~[.]: a spec of exclusions alone would add the hidden tests
ALL_HALVES=('[finite]~[.],[blocking]~[.]' '~[finite]~[blocking]~[.]')

# A Catch2 spec: any of the tags (each a filter of its own), none of the excluded ones, never the hidden tests.
tag_spec() {
  local include=$1 exclude=$2 tag filters=()
  for tag in $include; do
    local filter="[$tag]"
    for other in $exclude; do filter+="~[$other]"; done
    filters+=("$filter~[.]")
  done
  (IFS=,; echo "${filters[*]}")
}

# The untrusted-input tests in two processes side by side: the first tag ([params], which runs every experiment's test
# sets: about half of the time natively) in one, the rest in the other (without the tests the first already ran).
untrusted_halves() {
  local tags first
  tags=$(tr ';' ' ' <"$ASAN_DIR/untrusted-tags.txt")
  first=${tags%% *}
  HALVES=("$(tag_spec "$first" "")" "$(tag_spec "${tags#* }" "$first")")
}

main() {
  local cxx passed=0 failed=0 status target dirs i p f
  cxx=$(sanitizer_compiler)
  build "$cxx"
  mkdir -p "$ROOT/build/reports"
  local logs=("$ROOT/build/reports/sanitize-catch2-a.log" "$ROOT/build/reports/sanitize-catch2-b.log")

  local tests=attnlab_tests_untrusted
  if [[ -n ${ATTNLAB_SANITIZE_ALL:-} ]]; then
    tests=attnlab_tests
    HALVES=("${ALL_HALVES[@]}")
    say "the whole Catch2 suite under ASan + UBSan (without [.slow]), in two halves side by side"
  else
    untrusted_halves
    say "the untrusted-input Catch2 tests under ASan + UBSan, in two halves side by side" \
      "(the whole suite: ATTNLAB_SANITIZE_ALL=1 or npm run test:slow)"
  fi
  set +e
  if cmake --build "$ASAN_DIR" -j"$JOBS" --target "$tests" >&2; then
    local pids=()
    for i in 0 1; do
      echo "spec: ${HALVES[$i]}" >"${logs[$i]}"
      (cd "$ROOT" && "$ASAN_DIR/$tests" --use-colour no "${HALVES[$i]}") >>"${logs[$i]}" 2>&1 &
      pids+=($!)
    done
    for i in 0 1; do
      wait "${pids[$i]}"
      status=$?
      cat "${logs[$i]}"
      read -r p f <<<"$(catch2_counts "${logs[$i]}" "$status")"
      passed=$((passed + p)) failed=$((failed + f))
    done
  else
    echo "sanitize: the Catch2 suite did not build"
    failed=$((failed + 1))
  fi
  set -e

  for target in inputs params safetensors json model_config shard_index result; do
    dirs=("$ROOT/tests/fuzz/corpus/$target")
    [[ -d $ROOT/build/fuzz/corpus/$target ]] && dirs+=("$ROOT/build/fuzz/corpus/$target")
    say "corpus replay under ASan + UBSan: $target"
    set +e
    "$ASAN_DIR/replay_$target" "${dirs[@]}" 2>&1 | tr '\r' '\n' | grep -v '^replay: /' |
      tee "$ROOT/build/reports/sanitize-replay-$target.log"
    status=${PIPESTATUS[0]}
    set -e
    if ((status == 0)); then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  done
  echo "sanitize: $passed passed, $failed failed"
  ((failed == 0))
}

# --core: only the sanitized core library (build/asan/libattnlab_core.a), which scripts/fuzz.sh's result target links.
if [[ ${1:-} == --core ]]; then
  build "$(sanitizer_compiler)"
else
  main "$@"
fi
