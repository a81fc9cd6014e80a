# SPDX-License-Identifier: Apache-2.0
"""attnlab.model_qk equals the native command line's `attnlab model-qk` on the committed checkpoints, and refuses
what it refuses with its one line: hostile folders (a FIFO never opened, a directory, a looping link, a newline in
config.json, a pass above the memory budget) at once."""
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


def _copy_with(tmp_path, name, make):
    """llama-f32 copied into tmp_path with `name` replaced by what make(path) puts there."""
    import shutil
    folder = tmp_path / "model"
    shutil.copytree(os.path.join(FIXTURES, "llama-f32"), folder)
    os.remove(folder / name)
    make(folder / name)
    return folder


@pytest.mark.parametrize("name,make,cause", [
    ("config.json", os.mkfifo, "config.json: a FIFO (named pipe), not a regular file"),
    ("config.json", os.mkdir, "config.json: a directory, not a regular file"),
    ("model.safetensors", lambda p: os.symlink("model.safetensors", p),
     "model.safetensors: a symbolic link that loops"),
])
def test_model_qk_names_what_is_not_a_regular_file_at_once(tmp_path, name, make, cause):
    import time
    folder = _copy_with(tmp_path, name, make)
    start = time.monotonic()
    with pytest.raises(ValueError) as refused:
        attnlab.model_qk(str(folder), ids=[1, 2], layer=0, head=0)
    assert time.monotonic() - start < 2, "a FIFO waited for a writer"
    assert str(refused.value).startswith(f"{folder}: {cause}")
    assert "\n" not in str(refused.value)


def test_model_qk_refuses_hostile_json_in_one_line(tmp_path):
    def config_with(p):
        with open(os.path.join(FIXTURES, "llama-f32", "config.json")) as f:
            config = json.load(f)
        config["model_type"] = "llama\nEvil: second line"
        with open(p, "w") as f:
            json.dump(config, f)
    folder = _copy_with(tmp_path, "config.json", config_with)
    with pytest.raises(ValueError) as refused:
        attnlab.model_qk(str(folder), ids=[1, 2], layer=0, head=0)
    assert str(refused.value) == (f"{folder}: config.json: model_type 'llama\\x0aEvil: second line' is not supported "
                                  "(bert, roberta, distilbert, gpt2, llama, mistral, qwen2)")


def test_model_qk_above_the_budget_is_refused_before_the_pass():
    folder = os.path.join(FIXTURES, "llama-dynamic-f32")
    with pytest.raises(ValueError, match=r"model-qk on 20000 tokens needs about \d+ MiB, above the budget of 4000 MiB"):
        attnlab.model_qk(folder, ids=[3] * 20000, layer=0, head=0)
