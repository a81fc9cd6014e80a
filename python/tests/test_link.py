# SPDX-License-Identifier: Apache-2.0
"""run_link takes every key the page writes, from the page's own list (web/src/state/link-keys.json, copied into the
package): the codec's view keys are ignored, file= needs its file, a model run is refused naming what Python cannot
read, and the link version is the page's."""
import json
import os

import numpy as np
import pytest

import attnlab
from test_attnlab import ROOT, cli, same

PAGE_KEYS = os.path.join(ROOT, "web", "src", "state", "link-keys.json")


def page_keys():
    with open(PAGE_KEYS, encoding="utf-8") as f:
        return json.load(f)


def test_the_package_reads_the_pages_link_keys_and_version():
    assert attnlab._LINK == page_keys()


def test_every_view_key_the_page_writes_is_taken_and_ignored():
    keys = page_keys()
    view = {"app": "0.2.0", "embed": "1", "hide": "params,summary", "fig": "singular-values", "controls": "n",
            "theme": "dark", "api": "1"}
    taken = {"exp", "v", "file", "heads"}
    assert set(view) | taken == set(keys["codecKeys"]), "a new codec key: decide how Python takes it"
    link = f"#exp=rank-beta&v={keys['version']}&" + "&".join(f"{k}={v}" for k, v in view.items()) + "&n=48&seed=2"
    assert same(attnlab.run_link(link), cli("rank-beta", "n=48", "seed=2"))


def test_a_model_run_is_refused_naming_its_keys_and_where_it_runs():
    keys = page_keys()
    link = (f"#exp=rank-zoo&v={keys['version']}&model=bert-tiny&modelHash=0123456789abcdef&text=Hello%20there"
            "&dropFirst=1&lastLayer=1&weights=1&corpus=texts.txt&corpusHash=0123456789abcdef&corpusN=64,128"
            "&corpusWindows=4&corpusEps=0.05,0.1&seed=1")
    with pytest.raises(ValueError) as refused:
        attnlab.run_link(link)
    message = str(refused.value)
    for key in keys["modelKeys"]:
        assert key in message
    assert "bert-tiny" in message and "npm run lab" in message and "\n" not in message


def test_heads_model_without_a_model_is_refused():
    link = f"#exp=rank-zoo&v={page_keys()['version']}&heads=model&seed=1"
    with pytest.raises(ValueError, match=r"heads=model: .*names no model"):
        attnlab.run_link(link)


def test_heads_is_ignored_where_no_heads_are_read():
    link = f"#exp=rank-beta&v={page_keys()['version']}&heads=files&n=48&seed=2"
    assert same(attnlab.run_link(link), cli("rank-beta", "n=48", "seed=2"))


def test_model_keys_on_an_experiment_without_heads_are_ignored_as_the_page_does():
    link = f"#exp=rank-beta&v={page_keys()['version']}&model=bert-tiny&text=Hi&n=48&seed=2"
    assert same(attnlab.run_link(link), cli("rank-beta", "n=48", "seed=2"))


def test_file_needs_the_file_which_never_travels_with_a_link(tmp_path):
    rng = np.random.default_rng(5)
    for name in ("q", "k"):
        np.save(tmp_path / f"{name}.npy", rng.standard_normal((12, 4)))
    link = f"#exp=rank-interaction&v={page_keys()['version']}&file=q.npy&seed=1"
    with pytest.raises(ValueError, match=r"file=q\.npy: .*give it: run_link\(link, files="):
        attnlab.run_link(link)
    files = {"q": tmp_path / "q.npy", "k": tmp_path / "k.npy"}
    words = [f"q={tmp_path / 'q.npy'}", f"k={tmp_path / 'k.npy'}", "seed=1"]
    assert same(attnlab.run_link(link, files=files), cli("rank-interaction", *words))


def test_only_the_pages_link_version_is_read():
    version = page_keys()["version"]
    with pytest.raises(ValueError, match="older link version"):
        attnlab.run_link(f"#exp=rank-beta&v={version - 1}&seed=1")
    with pytest.raises(ValueError, match=f"not a link version this package reads \\(v={version}\\)"):
        attnlab.run_link(f"#exp=rank-beta&v={version + 1}&seed=1")


def test_a_link_of_100000_keys_is_refused_by_name_at_once():
    # The core's command line kept its words in an ordered JSON object searched key by key: 40,000 keys took 8 s,
    # 200,000 minutes (needs the C++ fix in wasm/core/host/command_line.cpp; fails on a core built before it).
    import time
    link = f"#exp=rank-n&v={page_keys()['version']}&seed=1&" + "&".join(f"k{i}=1" for i in range(100000))
    start = time.monotonic()
    with pytest.raises(ValueError, match=r"^unknown parameter 'k0'$"):
        attnlab.run_link(link)
    assert time.monotonic() - start < 5
