# SPDX-License-Identifier: Apache-2.0
"""The README's Python examples marked `<!-- runnable -->` (the line before their fence) run as written, in a folder
holding the files they name (q.npy and k.npy: four heads of 32 tokens). The JavaScript and shell examples run in
tests/web/readme-code.test.ts."""
import os
import re

import numpy as np
import pytest

from test_attnlab import ROOT


def runnable_blocks(markdown):
    """(language, code, the fence's line) of every fenced block whose fence follows a `<!-- runnable -->` line."""
    lines = markdown.split("\n")
    blocks = []
    for i, line in enumerate(lines[:-1]):
        fence = re.match(r"^```(\w+)\s*$", lines[i + 1])
        if line.strip() == "<!-- runnable -->" and fence:
            end = next(j for j in range(i + 2, len(lines)) if re.match(r"^```\s*$", lines[j]))
            blocks.append((fence.group(1), "\n".join(lines[i + 2:end]), i + 2))
    return blocks


with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
    PYTHON = [(code, line) for lang, code, line in runnable_blocks(f.read()) if lang == "python"]


def test_the_readme_marks_its_python_example_runnable():
    assert PYTHON
    assert runnable_blocks("<!-- runnable -->\n```python\nx = 1\n```\n```python\ny\n```") == [("python", "x = 1", 2)]


@pytest.mark.parametrize("code,line", PYTHON, ids=[f"README.md line {line}" for _, line in PYTHON])
def test_a_runnable_example_runs_as_written(code, line, tmp_path, monkeypatch):
    rng = np.random.default_rng(1)
    for name in ("q", "k"):
        np.save(tmp_path / f"{name}.npy", rng.standard_normal((4, 32, 16)))
    monkeypatch.chdir(tmp_path)
    exec(compile(code, f"README.md:{line}", "exec"), {})  # noqa: S102 - the README's own example
