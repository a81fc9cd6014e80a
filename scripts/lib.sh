# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Shared by setup.sh, build.sh, start.sh, test.sh and bench.sh: sourced, never run directly.
# Every function is safe to call twice; nothing is rebuilt or reinstalled when it is already there.
#
# Knobs (environment):
#   ATTNLAB_APT_DRY_RUN=1       print the apt-get lines instead of running them
#   ATTNLAB_FAKE_MISSING="a b"  pretend these packages/commands are missing (to exercise the install path)
#   ATTNLAB_FAKE_NO_APT=1       pretend this is not a root Debian machine (to exercise the "how to get it" path)
#   ATTNLAB_JOBS=N              parallel compile jobs (default: all cores)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NATIVE_DIR=$ROOT/build/native
WASM_DIR=$ROOT/build/wasm
STAMP_DIR=$ROOT/build/stamps
JOBS=${ATTNLAB_JOBS:-$(nproc 2>/dev/null || echo 2)}

# Bold/red only on a terminal, so CI logs stay plain text.
if [[ -t 2 ]]; then BOLD=$'\033[1m' RED=$'\033[31m' PLAIN=$'\033[0m'; else BOLD='' RED='' PLAIN=''; fi
say() { printf '%s[attnlab]%s %s\n' "$BOLD" "$PLAIN" "$*" >&2; }
die() { printf '%s[attnlab] %s%s\n' "$RED" "$*" "$PLAIN" >&2; exit 1; }

# Seconds since the epoch with decimals, for the timing lines.
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

faked_missing() { [[ " ${ATTNLAB_FAKE_MISSING:-} " == *" $1 "* ]]; }

# --- Emscripten ------------------------------------------------------------------------------

# A newer Emscripten from emsdk wins over Debian's: EMSDK set, or an emcc on PATH that is not
# Debian's (whose /usr/bin/emcc, or /bin/emcc on merged /usr, resolves into /usr/share/emscripten).
using_emsdk() {
  local emcc
  emcc=$(command -v emcc 2>/dev/null) || return 1
  [[ -n ${EMSDK:-} || $(readlink -f "$emcc") != /usr/share/emscripten/* ]]
}

# The CMake toolchain file next to whichever emcc will be used (Debian's lives in /usr/share/emscripten).
emscripten_toolchain_file() {
  local emcc
  emcc=$(command -v emcc 2>/dev/null) || emcc=/usr/bin/emcc
  echo "$(dirname "$(readlink -f "$emcc")")/cmake/Modules/Platform/Emscripten.cmake"
}

# --- System packages -------------------------------------------------------------------------

# Debian package -> how to tell it is there. A package counts as present when dpkg says so or,
# for tools, when the command is on PATH (a user may have cmake or g++ from elsewhere).
package_present() {
  local pkg=$1
  faked_missing "$pkg" && return 1
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' && return 0
  case $pkg in
    cmake) command -v cmake >/dev/null ;;
    g++) command -v g++ >/dev/null ;;
    chromium) [[ -x /usr/bin/chromium ]] ;;
    firefox-esr) [[ -x /usr/bin/firefox-esr ]] ;;
    webkit2gtk-driver) [[ -x /usr/bin/WebKitWebDriver ]] ;;
    xvfb) command -v xvfb-run >/dev/null ;;
    parallel) command -v parallel >/dev/null ;;
    libeigen3-dev) [[ -f /usr/include/eigen3/Eigen/Core ]] ;;
    catch2) [[ -f /usr/include/catch2/catch.hpp ]] ;;
    nlohmann-json3-dev) [[ -f /usr/include/nlohmann/json.hpp ]] ;;
    libspectra-dev) [[ -f /usr/include/Spectra/SymEigsSolver.h ]] ;;
    python3-numpy) /usr/bin/python3 -c 'import numpy' 2>/dev/null ;;
    python3-scipy) /usr/bin/python3 -c 'import scipy.sparse.linalg' 2>/dev/null ;;
    clang-14) command -v clang++-14 >/dev/null ;;
    clang-format-14) command -v clang-format-14 >/dev/null ;;
    libclang-rt-14-dev) compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null ;;
    *) return 1 ;;
  esac
}

# The packages a purpose needs: build (always), test (+ Chromium, Firefox ESR, WebKitGTK, clang + libFuzzer),
# bench (+ numpy, scipy for the peers).
required_packages() {
  local purpose=$1 pkgs=(libeigen3-dev libspectra-dev catch2 nlohmann-json3-dev cmake g++)
  using_emsdk || pkgs=(emscripten "${pkgs[@]}")
  # clang: sanitizers and libFuzzer; GNU parallel: sharded sweeps
  [[ $purpose == test ]] && pkgs+=(chromium clang-14 libclang-rt-14-dev parallel)
  [[ $purpose == test ]] && pkgs+=(clang-format-14) # scripts/format.sh --check
  # The other engines of tests/e2e/engines.mjs: Firefox over WebDriver BiDi, WebKit via
  # WebKitWebDriver + MiniBrowser under xvfb-run.
  [[ $purpose == test ]] && pkgs+=(firefox-esr webkit2gtk-driver xvfb)
  # The Python package (python/, scripts/python-test.sh): pybind11 and Debian's python3 with numpy, venv and pytest;
  # setuptools and wheel: `pip install --no-build-isolation ./python` builds the wheel with them.
  [[ $purpose == test ]] &&
    pkgs+=(pybind11-dev python3-dev python3-numpy python3-venv python3-setuptools python3-wheel python3-pytest)
  [[ $purpose == bench ]] && pkgs+=(python3-numpy python3-scipy) # scipy: the eigsh peer of bench/rmt.mjs
  echo "${pkgs[@]}"
}

missing_packages() {
  local pkg missing=()
  for pkg in $(required_packages "$1"); do
    package_present "$pkg" || missing+=("$pkg")
  done
  echo "${missing[@]}"
}

can_use_apt() {
  [[ -z ${ATTNLAB_FAKE_NO_APT:-} && $(id -u) == 0 ]] && command -v apt-get >/dev/null && [[ -f /etc/debian_version ]]
}

# Installs what is missing, or names it and how to get it, and fails.
ensure_packages() {
  local purpose=$1 missing
  missing=$(missing_packages "$purpose")
  [[ -z $missing ]] && return 0
  if can_use_apt; then
    say "installing missing Debian packages: $missing"
    if [[ -n ${ATTNLAB_APT_DRY_RUN:-} ]]; then
      echo "apt-get update"
      echo "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing"
      return 0
    fi
    apt-get update -qq
    # shellcheck disable=SC2086  # the list is meant to split into words
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
    return 0
  fi
  {
    echo "attnlab: missing: $missing"
    echo "  This machine cannot install them here (needs root on Debian/Ubuntu with apt-get). Install with:"
    echo "    sudo apt-get install -y $missing"
    if [[ " $missing " == *" emscripten "* ]]; then
      echo "  or, for Emscripten on any OS, use emsdk and put its emcc on PATH:"
      echo "    git clone https://github.com/emscripten-core/emsdk && cd emsdk && ./emsdk install latest &&" \
        "./emsdk activate latest && source ./emsdk_env.sh"
    fi
    [[ " $missing " == *" chromium "* ]] &&
      echo "  (chromium is only needed for the end-to-end tests: any Chromium at /usr/bin/chromium)"
    [[ " $missing " == *" firefox-esr "* || " $missing " == *" webkit2gtk-driver "* ]] &&
      echo "  (firefox-esr, webkit2gtk-driver and xvfb are only needed for the end-to-end tests in Firefox and WebKit)"
  } >&2
  exit 1
}

# --- Node modules ----------------------------------------------------------------------------

ensure_node_modules() {
  command -v npm >/dev/null || die "node and npm (Node >= 20.19) are needed: https://nodejs.org or your distribution"
  local marker=$ROOT/node_modules/.package-lock.json
  if [[ ! -f $marker || $ROOT/package-lock.json -nt $marker ]]; then
    say "npm ci"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) >&2
  fi
}

# --- Builds ----------------------------------------------------------------------------------

# Builds every target of a configured tree ("all"), or the targets the caller names (the rest of the arguments).
cmake_build() {
  local dir=$1 what=$2
  shift 2
  local targets=() target
  for target in "$@"; do targets+=(--target "$target"); done
  if [[ $what == all ]]; then
    cmake --build "$dir" -j"$JOBS" >&2
  else
    cmake --build "$dir" -j"$JOBS" "${targets[@]}" >&2
  fi
}

# Native: the CLI always; with "test", also the Catch2 suite; with "all", also the benches and the Python module.
build_native() {
  local what=${1:-cli} t0 targets=(attnlab)
  t0=$(now)
  [[ $what == test ]] && targets+=(attnlab_tests)
  # A configure that failed (say, before Eigen was installed) leaves a cache but no Makefile: configure again.
  [[ -f $NATIVE_DIR/Makefile ]] || cmake -S "$ROOT" -B "$NATIVE_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake_build "$NATIVE_DIR" "$what" "${targets[@]}"
  say "native build ($what): $(elapsed "$t0")"
}

# wasm: the web module always; with "test", also the Catch2 suite as a Node program; with "all", also the wasm bench.
build_wasm() {
  local what=${1:-module} toolchain t0
  t0=$(now)
  toolchain=$(emscripten_toolchain_file)
  [[ -f $toolchain ]] || die "no Emscripten toolchain file at $toolchain (is emcc installed?)"
  # A cache made with another Emscripten cannot be reconfigured in place: start over.
  if [[ -f $WASM_DIR/CMakeCache.txt ]] &&
    ! grep -qx "CMAKE_TOOLCHAIN_FILE:FILEPATH=$toolchain" "$WASM_DIR/CMakeCache.txt"; then
    say "Emscripten changed: reconfiguring build/wasm"
    rm -rf "$WASM_DIR"
  fi
  if [[ ! -f $WASM_DIR/Makefile ]]; then
    # The toolchain file directly, not emcmake: Debian's emcmake passes a node flag Node 20 rejects.
    cmake -S "$ROOT" -B "$WASM_DIR" -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$toolchain" >/dev/null
  fi
  local targets=(attnlab_wasm)
  [[ $what == test ]] && targets+=(attnlab_tests_wasm)
  cmake_build "$WASM_DIR" "$what" "${targets[@]}"
  say "wasm build ($what): $(elapsed "$t0")"
}

# True when $1 (a stamp) is missing or any file under the other arguments is newer than it.
stale() {
  local stamp=$1
  shift
  [[ -f $stamp ]] || return 0
  [[ -n $(find "$@" -type f -newer "$stamp" -print -quit 2>/dev/null) ]]
}

# Site inputs: everything under web/ (the wasm module and the presets included), the build config,
# package.json (its version is stamped in) and the precompute step.
SITE_INPUTS=("$ROOT/web" "$ROOT/vite.config.ts" "$ROOT/package.json" "$ROOT/package-lock.json" "$ROOT/tsconfig.json"
  "$ROOT/scripts/precompute-presets.mjs")

build_site() {
  local stamp=$STAMP_DIR/site t0
  if [[ -f $ROOT/dist/index.html && -f $ROOT/dist/precomputed/index.json ]] &&
    ! stale "$stamp" "${SITE_INPUTS[@]}"; then
    say "site: dist/ is up to date"
    return 0
  fi
  [[ -f $ROOT/web/index.html ]] || die "web/index.html is missing: nothing to build the site from"
  t0=$(now)
  mkdir -p "$STAMP_DIR"
  # The stamp is taken before building so that an edit made during the build triggers the next one.
  touch "$stamp.new"
  (cd "$ROOT" && npx vite build --logLevel warn) >&2
  # Every preset's result, shipped in dist/precomputed/; cached in build/precomputed/ by link and wasm hash.
  build_headless
  (cd "$ROOT" && node scripts/precompute-presets.mjs) >&2
  (cd "$ROOT" && node scripts/build-oembed.mjs) >&2  # dist/oembed/, dist/p/: for crawlers and oEmbed consumers
  mv "$stamp.new" "$stamp"
  say "site build (dist/): $(elapsed "$t0")"
}

# The gallery's thumbnails (scripts/build-gallery.mjs): cached per card in build/gallery/, copied into
# dist/gallery/ after every site build (vite empties dist/). Needs Chromium; without it the cards are text only.
build_gallery() {
  local done=$ROOT/dist/gallery/.complete t0
  if [[ -f $done && $done -nt $ROOT/dist/index.html ]]; then
    return 0
  fi
  t0=$(now)
  (cd "$ROOT" && node scripts/build-gallery.mjs) >&2 || die "gallery thumbnails failed (above)"
  [[ -d $ROOT/dist/gallery ]] && touch "$done"
  say "gallery thumbnails (dist/gallery/): $(elapsed "$t0")"
}

# The headless entry (web/src/engine/headless.ts) bundled for Node by Vite's SSR build.
build_headless() {
  local stamp=$STAMP_DIR/headless t0
  if [[ -f $ROOT/build/headless/headless.js ]] &&
    ! stale "$stamp" "$ROOT/web/src/engine" "$ROOT/vite.config.ts" "$ROOT/scripts/build-headless.mjs"; then
    return 0
  fi
  t0=$(now)
  mkdir -p "$STAMP_DIR"
  touch "$stamp.new"
  (cd "$ROOT" && node scripts/build-headless.mjs) >&2
  mv "$stamp.new" "$stamp"
  say "headless build (build/headless/): $(elapsed "$t0")"
}

# The core as an npm package (scripts/build-package.mjs -> build/package/): rebuilt when the engine, the generated
# types or the whole lab's wasm module changed.
build_package() {
  local stamp=$STAMP_DIR/package t0
  if [[ -f $ROOT/build/package/index.js ]] &&
    ! stale "$stamp" "$ROOT/web/src/engine" "$ROOT/web/src/experiments/generated" "$ROOT/web/src/wasm/attnlab.wasm" \
      "$ROOT/scripts/build-package.mjs"; then
    return 0
  fi
  t0=$(now)
  mkdir -p "$STAMP_DIR"
  touch "$stamp.new"
  (cd "$ROOT" && node scripts/build-package.mjs) >&2
  mv "$stamp.new" "$stamp"
  say "npm package (build/package/): $(elapsed "$t0")"
}
