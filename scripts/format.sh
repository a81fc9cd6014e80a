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

# Lines over 120 characters (not bytes: the formatters' measure) in tracked code and tests outside generated files: the
# long strings and comments the formatters keep. At most LONG_LINES_MAX; on more, names the files with the most.
LONG_LINES_MAX=60
long_lines() {
  git ls-files -z '*.ts' '*.mjs' '*.js' '*.cpp' '*.hpp' '*.py' '*.sh' | grep -zv 'experiments/generated/' |
    LC_ALL=C.UTF-8 xargs -0 grep -sc '^.\{121,\}' | awk -F: '$NF > 0 { print $NF, $0 }' | sort -rn || true
}

# Source files of more than FILE_LINES_MAX lines outside generated code: a warning only, never a failure (a file that
# long may want splitting, but at a seam, not at a size; the seams are checked by tests/web/architecture.test.ts:
# no import circle, no long function).
FILE_LINES_MAX=300
long_files() {
  git ls-files -z '*.ts' '*.mjs' '*.js' '*.cpp' '*.hpp' '*.py' '*.sh' '*.css' |
    grep -zv -e 'experiments/generated/' -e 'ziggurat_tables\.hpp$' | xargs -0 wc -l |
    awk -v max="$FILE_LINES_MAX" '$2 != "total" && $1 > max { print "  " $1 " " $2 }'
}

status=0
if $check; then
  npx prettier --check --log-level warn "${scripts[@]}" || status=1
  clang-format-14 --dry-run --Werror "${cpp[@]}" || status=1
  long=$(long_lines)
  count=$(awk '{ n += $1 } END { print n + 0 }' <<<"$long")
  if ((count > LONG_LINES_MAX)); then
    echo "formatting: $count lines over 120 characters, at most $LONG_LINES_MAX; the files with the most:" >&2
    head -n 10 <<<"$long" | sed -E 's/^[0-9]+ (.*):([0-9]+)$/  \2 \1/' >&2
    status=1
  fi
  files=$(long_files)
  if [[ -n $files ]]; then
    echo "formatting (warning only): files over $FILE_LINES_MAX lines (split one where a seam shows, not to fit):" >&2
    echo "$files" >&2
  fi
  ((status == 0)) &&
    say "formatting: every file as Prettier and clang-format write it; $count lines over 120 characters (at most" \
      "$LONG_LINES_MAX)"
else
  npx prettier --write --log-level warn "${scripts[@]}"
  clang-format-14 -i "${cpp[@]}"
fi
exit $status
