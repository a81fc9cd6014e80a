#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Python package (python/): the native build's extension (build/native/python/attnlab/_core*.so) put beside
# python/attnlab/, installed offline into a fresh venv over Debian's python3 (--system-site-packages: numpy, pytest,
# setuptools from Debian), then python/tests with pytest. Last line: "python: N passed, M failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

package=$ROOT/build/python-package
venv=$ROOT/build/python-venv
so=$(ls "$NATIVE_DIR"/python/attnlab/_core*.so 2>/dev/null | head -n 1 || true)
if [[ -z $so ]]; then
  echo "the native build has no attnlab/_core extension (is pybind11-dev installed? bash scripts/setup.sh test)"
  echo "python: 0 passed, 1 failed"
  exit 1
fi
rm -rf "$package" "$venv"
mkdir -p "$package/attnlab"
cp "$ROOT/python/pyproject.toml" "$package/"
cp "$ROOT/python/attnlab/__init__.py" "$so" "$package/attnlab/"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install --quiet --no-index --no-build-isolation "$package" >&2
set +e
(cd "$ROOT/python/tests" && "$venv/bin/python" -m pytest -q -p no:cacheprovider .) | tee "$ROOT/build/python-pytest.log"
status=${PIPESTATUS[0]}
set -e
summary=$(tail -n 1 "$ROOT/build/python-pytest.log")
passed=$([[ $summary =~ ([0-9]+)\ passed ]] && echo "${BASH_REMATCH[1]}" || echo 0)
failed=$([[ $summary =~ ([0-9]+)\ (failed|error) ]] && echo "${BASH_REMATCH[1]}" || echo 0)
((status != 0 && failed == 0)) && failed=1
echo "python: $passed passed, $failed failed"
((status == 0))
