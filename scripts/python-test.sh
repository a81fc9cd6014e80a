#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Python package (python/): `pip install ./python` offline into a fresh venv over Debian's python3
# (--system-site-packages: numpy, pytest, setuptools, wheel from Debian), which builds the extension from the project's
# sources (python/setup.py: the native CMake tree's target attnlab_python, incremental after scripts/build.sh), then
# python/tests with pytest against the native CLI. Last line: "python: N passed, M failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

venv=$ROOT/build/python-venv
log=$ROOT/build/python-pytest.log
mkdir -p "$ROOT/build"
rm -rf "$venv"
# Debian's interpreter by path: the python3 on PATH may be another (pyenv's), without numpy or wheel.
/usr/bin/python3 -m venv --system-site-packages "$venv"
if ! (cd "$ROOT" && ATTNLAB_JOBS=$JOBS "$venv/bin/pip" install --quiet --no-index --no-build-isolation ./python) >&2; then
  echo "pip install ./python failed (above); bash scripts/setup.sh test installs what it needs"
  echo "python: 0 passed, 1 failed"
  exit 1
fi
set +e
(cd "$ROOT/python/tests" && "$venv/bin/python" -m pytest -q -p no:cacheprovider .) | tee "$log"
status=${PIPESTATUS[0]}
set -e
summary=$(tail -n 1 "$log")
passed=$([[ $summary =~ ([0-9]+)\ passed ]] && echo "${BASH_REMATCH[1]}" || echo 0)
failed=$([[ $summary =~ ([0-9]+)\ (failed|error) ]] && echo "${BASH_REMATCH[1]}" || echo 0)
((status != 0 && failed == 0)) && failed=1
echo "python: $passed passed, $failed failed"
((status == 0))
