#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# npm run build: set-up, native CLI, wasm module, the static site in dist/, the headless bundle, the npm package
# (build/package/) and the gallery's thumbnails.
# Incremental: CMake rebuilds only what changed, and the site is skipped when dist/ is newer than its inputs.
#   scripts/build.sh [test|all]   "test" also builds the Catch2 suites (what test.sh needs), "all" also the benches and
#                                 the Python module (what bench.sh needs)
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

what=${1:-}
if [[ $what == all || $what == test ]]; then
  build_native "$what"
  build_wasm "$what"
else
  build_native cli
  build_wasm module
fi
build_site
build_headless
build_package
build_gallery
