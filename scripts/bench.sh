#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# npm run bench [-- <name> [args...]]: builds everything (benches included), then runs
# bench/<name>.mjs; the default is attention-map (wasm vs native). A benchmark, not a test.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

name=${1:-attention-map}
[[ $# -gt 0 ]] && shift
script=$ROOT/bench/$name.mjs
if [[ ! -f $script ]]; then
  available=$(find "$ROOT/bench" -maxdepth 1 -name '*.mjs' -printf '%f ' | sed 's/\.mjs//g')
  die "no benchmark '$name' (bench/$name.mjs); available: ${available:-none}"
fi

# The peers' packages (numpy) are optional: without them a bench names what is missing and skips that row.
bash "$ROOT/scripts/setup.sh" bench || bash "$ROOT/scripts/setup.sh" build
bash "$ROOT/scripts/build.sh" all
cd "$ROOT"
exec node "$script" "$@"
