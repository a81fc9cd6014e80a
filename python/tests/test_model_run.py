# SPDX-License-Identifier: Apache-2.0
"""attnlab.run on a checkpoint's heads (model=) equals the native command line's `attnlab <experiment> model=...`;
text= and corpus= need Hugging Face's tokenizers package and name it when it is missing; with a stand-in that answers
what the official tokenizer answers on the committed corpus (tests/fixtures/tokenizers/windows.json), the study's
windows are the official ones and each window's rows are the one-shot run's on that window's ids."""
import json
import os
import subprocess
import sys
import types

import pytest

import attnlab

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "models")
BERT = os.path.join(FIXTURES, "bert-f32")
CLI = os.path.join(ROOT, "build", "native", "attnlab")
CORPUS = os.path.join(ROOT, "tests", "fixtures", "tokenizers", "corpus.txt")
with open(os.path.join(ROOT, "tests", "fixtures", "tokenizers", "windows.json"), encoding="utf-8") as f:
    OFFICIAL = json.load(f)


def cli(*words):
    return json.loads(subprocess.run([CLI, *words], check=True, capture_output=True, text=True).stdout)


def plain(value):
    """A result as JSON has it (numpy arrays back to lists), for comparing with the command line's."""
    return json.loads(json.dumps(value, default=lambda a: a.tolist()))


@pytest.mark.parametrize("experiment", ["rank-zoo", "rank-interaction"])
def test_run_on_a_models_heads_equals_the_command_line(experiment):
    got = attnlab.run(experiment, model=BERT, ids=[2, 13, 14, 15, 16, 3], lastLayer=1, dropFirst=True, seed=3)
    want = cli(experiment, f"model={BERT}", "ids=2,13,14,15,16,3", "lastLayer=1", "dropFirst=1", "seed=3")
    assert plain(got) == want  # the same core, the same bits


def test_weights_only_gives_energy90_and_antisymmetry_for_every_head():
    got = attnlab.run("rank-zoo", model=BERT, weights=True)
    assert plain(got) == cli("rank-zoo", f"model={BERT}", "weights=1")
    heads = {(r["layer"], r["head"]) for r in got["rows"]}
    assert len(heads) == 2 * 4  # every head of both layers
    for row in got["rows"]:
        assert isinstance(row["energy90"], int) and row["energy90"] >= 1
        assert 0 <= row["antisymmetry"] <= 1


def test_refusals_name_the_key():
    with pytest.raises(ValueError, match=r"^lastLayer: 5 is beyond the model's 2 layers"):
        attnlab.run("rank-zoo", model=BERT, ids=[2, 3], lastLayer=5)
    with pytest.raises(ValueError, match=r"^model=: only rank-interaction and rank-zoo"):
        attnlab.run("rank-beta", model=BERT, ids=[2, 3])
    with pytest.raises(ValueError, match=r"^ids: token id 99999 is outside the vocabulary"):
        attnlab.run("rank-zoo", model=BERT, ids=[2, 99999])
    with pytest.raises(ValueError, match=r"leave out files="):
        attnlab.run("rank-zoo", model=BERT, ids=[2, 3], files={"q": "q.npy"})


@pytest.mark.skipif("tokenizers" in sys.modules or __import__("importlib").util.find_spec("tokenizers") is not None,
                    reason="the tokenizers package is installed here")
def test_text_and_corpus_name_the_tokenizers_package_when_it_is_missing():
    for key in ("text", "corpus"):
        with pytest.raises(ImportError, match=rf"^{key}= needs Hugging Face's tokenizers package"):
            attnlab.run("rank-zoo", model=BERT, **{key: "the cat"})


class OfficialAnswers:
    """What Hugging Face's tokenizers answers for bert-f32 on the committed corpus (windows.json)."""

    def __init__(self):
        official = OFFICIAL["tokenizers"]["models/bert-f32"]
        first = official["windows"][0]["ids"]
        self.prefix, self.suffix = first[:1], first[-1:]  # [CLS] ... [SEP]
        self.stream = official["streamHead"]

    def encode(self, text, add_special_tokens=True):
        ids = self.stream if len(text) > 100 else [18]  # the corpus, or "a" (id 18 in bert-f32's vocabulary)
        return types.SimpleNamespace(ids=self.prefix + ids + self.suffix if add_special_tokens else list(ids))


@pytest.fixture
def stand_in_tokenizers(monkeypatch):
    module = types.ModuleType("tokenizers")
    module.Tokenizer = types.SimpleNamespace(from_file=lambda path: OfficialAnswers())
    monkeypatch.setitem(sys.modules, "tokenizers", module)


def test_corpus_study_cuts_the_official_windows_and_runs_each_as_one_shot(stand_in_tokenizers):
    # bert-f32 has 16 positions: the official windows of 16 tokens
    study = attnlab.run("rank-zoo", model=BERT, corpus=CORPUS, n=[16], windows=3, lastLayer=1, eps=[0.1, 0.2])
    official = [w for w in OFFICIAL["tokenizers"]["models/bert-f32"]["windows"] if w["n"] == 16]
    assert len(official) == 3
    assert [(w["n"], w["window"], plain(w["ids"])) for w in study["windows"]] == [
        (w["n"], w["window"], w["ids"]) for w in official]
    rows = study["rows"]
    per_run = len(attnlab.run("rank-zoo", model=BERT, ids=official[0]["ids"], lastLayer=1)["rows"])
    assert len(rows) == len(official) * 2 * per_run  # windows × ε × (heads × temperatures)
    for w in official:
        for eps in (0.1, 0.2):
            one = attnlab.run("rank-zoo", model=BERT, ids=w["ids"], lastLayer=1, eps=eps)
            mine = [{k: v for k, v in r.items() if k not in ("n", "window", "eps")}
                    for r in plain(rows) if (r["n"], r["window"], r["eps"]) == (w["n"], w["window"], eps)]
            assert mine == plain(one["rows"])
    assert study["association"]["heads"] == 8
    assert "0.574" in json.dumps(study["association"]["reference"])


def test_text_is_tokenized_then_run_on_its_ids(stand_in_tokenizers):
    got = attnlab.run("rank-zoo", model=BERT, text="a", lastLayer=0)
    assert plain(got) == cli("rank-zoo", f"model={BERT}", "ids=2,18,3", "lastLayer=0")


def test_corpus_study_refusals_name_the_key(stand_in_tokenizers, tmp_path):
    with pytest.raises(ValueError, match=r"^n: 24 is beyond the model's 16 positions"):
        attnlab.run("rank-zoo", model=BERT, corpus=CORPUS, n=[24])
    with pytest.raises(ValueError, match=r"^corpus: 200 tokens, too short for 1000 windows of n = 16"):
        attnlab.run("rank-zoo", model=BERT, corpus=CORPUS, n=[16], windows=1000)
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("caf\xe9".encode("latin-1"))
    with pytest.raises(ValueError, match=r"is not UTF-8 text"):
        attnlab.run("rank-zoo", model=BERT, corpus=latin, n=[16])
