#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# npm start: install what is missing, build what changed, serve dist/ on http://127.0.0.1:5173/.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

bash "$ROOT/scripts/setup.sh" build
bash "$ROOT/scripts/build.sh"

say "attnlab is at http://127.0.0.1:5173/  (Ctrl-C stops the server)"
cd "$ROOT"
exec npx vite preview --host 127.0.0.1 --port 5173 --strictPort
