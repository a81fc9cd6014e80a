#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# npm run format: Prettier (TypeScript and JavaScript, .prettierrc.json) and Debian's clang-format 14 (C++,
# .clang-format) over the repository's own sources, in place. --check changes nothing and fails naming every file that
# differs (npm test runs it). Left out: generated code (web/src/experiments/generated/, the ziggurat tables), the
# built wasm glue, test fixtures and examples (.prettierignore).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

check=false
[[ ${1:-} == --check ]] && check=true
mapfile -t cpp < <(git ls-files '*.cpp' '*.hpp' | grep -v -e 'ziggurat_tables\.hpp$' -e '^tests/fixtures/')
scripts=('web/**/*.{ts,mjs,js}' 'tests/**/*.{ts,mjs,js}' 'scripts/**/*.{mjs,js}' 'bench/**/*.{mjs,js}' '*.ts')

status=0
if $check; then
  npx prettier --check --log-level warn "${scripts[@]}" || status=1
  clang-format-14 --dry-run --Werror "${cpp[@]}" || status=1
  ((status == 0)) && say "formatting: every file as Prettier and clang-format write it"
else
  npx prettier --write --log-level warn "${scripts[@]}"
  clang-format-14 -i "${cpp[@]}"
fi
exit $status
