# SPDX-License-Identifier: Apache-2.0
"""The Python package against the native CLI: the same numbers bit for bit (the same core), numpy arrays for lists of
numbers, links run as the page reads them, and the core's refusals as ValueError naming the parameter."""
import json
import os
import subprocess

import numpy as np
import pytest

import attnlab

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.path.join(ROOT, "build", "native", "attnlab")


def cli(*words):
    return json.loads(subprocess.run([CLI, *words], check=True, capture_output=True, text=True).stdout)


def same(a, b):
    """Equal bit for bit: numpy arrays against the CLI's lists, nested."""
    if isinstance(a, np.ndarray):
        return a.dtype == float and np.array_equal(a, np.array(b, dtype=float))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.mark.parametrize("experiment,values,words", [
    ("rank-beta", {"betas": [1, 2, 4], "n": 64, "seed": 1}, ["betas=1,2,4", "n=64", "seed=1"]),
    ("attention-map", {"n": 300, "d": 4, "beta": 20.0, "geometry": "ball", "seed": 7},
     ["n=300", "d=4", "beta=20", "geometry=ball", "seed=7"]),
    ("rmt-spectrum", {"d": 50, "seed": 11}, ["d=50", "seed=11"]),
])
def test_run_equals_the_native_cli_bit_for_bit(experiment, values, words):
    assert same(attnlab.run(experiment, **values), cli(experiment, *words))


def test_lists_of_numbers_are_numpy_arrays():
    r = attnlab.run("attention-map", n=64, seed=3)
    assert isinstance(r["singularValues"], np.ndarray) and r["singularValues"].shape == (64,)
    assert r["singularValues"][0] >= r["singularValues"][-1]


def test_run_link_is_the_link_run():
    link = "https://example.org/attnlab/#exp=rank-beta&v=3&app=0.2.0&betas=1,2,4&n=64&seed=1&embed=1&hide=params"
    assert same(attnlab.run_link(link), cli("rank-beta", "betas=1,2,4", "n=64", "seed=1"))


def test_errors_are_value_errors_naming_the_parameter():
    with pytest.raises(ValueError, match="beta"):
        attnlab.run("attention-map", beta=-1, seed=1)
    with pytest.raises(ValueError, match="no-such-experiment"):
        attnlab.run("no-such-experiment")
    with pytest.raises(ValueError, match="older link version"):
        attnlab.run_link("#exp=rank-beta&v=1&seed=1")


def test_schemas_list_every_experiment():
    ids = [s["id"] for s in attnlab.schemas()]
    assert len(ids) == 14 and "rank-zoo" in ids and "sparse-dmin" in ids
