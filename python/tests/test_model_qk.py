# SPDX-License-Identifier: Apache-2.0
"""attnlab.model_qk equals the native command line's `attnlab model-qk` on the committed checkpoints, and refuses
what it refuses with its one line."""
import json
import os
import subprocess

import numpy as np
import pytest

import attnlab

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "models")
CLI = os.path.join(ROOT, "build", "native", "attnlab")


@pytest.mark.parametrize("name", ["bert-f32", "gpt2-f32", "llama-gqa-llama3-bf16", "qwen2-sharded-f32"])
def test_model_qk_equals_the_command_line(name):
    folder = os.path.join(FIXTURES, name)
    ids = [1, 5, 3, 2, 7]
    got = attnlab.model_qk(folder, ids=ids, layer=1, head=3)
    cli = json.loads(subprocess.run([CLI, "model-qk", f"model={folder}", "ids=1,5,3,2,7", "layer=1", "head=3"],
                                    check=True, capture_output=True, text=True).stdout)
    for key in ("q", "k", "logits"):
        want = np.array(cli[key]["data"]).reshape(cli[key]["rows"], cli[key]["cols"])
        assert got[key].shape == want.shape
        assert np.array_equal(got[key], want), key  # the same core, the same bits
    assert got["logits"].shape == (5, 5)
    assert (got["layer"], got["head"], got["keyHead"]) == (1, 3, cli["keyHead"])


def test_model_qk_refuses_by_name():
    with pytest.raises(ValueError, match=r"layer"):
        attnlab.model_qk(os.path.join(FIXTURES, "bert-f32"), ids=[1, 2], layer=9, head=0)
    with pytest.raises(ValueError, match=r"truncated|shorter|bytes"):
        attnlab.model_qk(os.path.join(FIXTURES, "hostile-truncated"), ids=[1, 2], layer=0, head=0)
