# SPDX-License-Identifier: Apache-2.0
"""attnlab in Python: the same native core as the attnlab page's links and command line, the same numbers.

    import attnlab
    r = attnlab.run("rank-beta", betas=[1, 2, 4], n=256, seed=1)   # a dict; lists of numbers are numpy arrays
    r = attnlab.run_link("#exp=rank-beta&v=3&betas=1,2,4&n=256&seed=1")
    attnlab.schemas()                                                # every experiment's parameters and result

Errors in the values raise ValueError with the core's message, which names the parameter and its range. A run gets
the command line's time budget (max_seconds=, default 3600) and stops on Ctrl-C with its partial result (see run).
"""
import json
import os
from pathlib import Path
from urllib.parse import unquote

import numpy as np

from . import _core

__all__ = ["run", "run_link", "schemas"]

# The page's link version and reserved keys (web/src/state/link-keys.json, copied in by setup.py): one file for both.
_LINK = json.loads((Path(__file__).parent / "link-keys.json").read_text(encoding="utf-8"))


def _word(key, value):
    if isinstance(value, (list, tuple, np.ndarray)):
        return f"{key}={','.join(_text(x) for x in value)}"
    return f"{key}={_text(value)}"


def _text(value):
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))  # the shortest text that reads back as the same double
    return str(value)


def _arrays(value):
    """Lists of numbers become numpy arrays (nested lists of equal length: 2-D); everything else stays."""
    if isinstance(value, dict):
        return {k: _arrays(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
            return np.array(value, dtype=float)
        return [_arrays(x) for x in value]
    return value


def run(experiment, files=None, max_seconds=None, **values):
    """Runs an experiment with these values (as a link or the command line takes them) and returns its result.

    files: input files by input name, e.g. {"q": "q.npy", "k": "k.npy"} for rank-interaction, read as the command
    line reads them (a FIFO, a device or a file above 512 MiB is refused before a byte is read).
    max_seconds: the time budget: a run the plan estimates above it is refused before it starts (default 3600 s,
    the command line's; the refusal names the estimate and the max_seconds= that allows it).

    model: a Hugging Face checkpoint folder whose heads replace the inputs q and k (rank-zoo, rank-interaction), with
    ids=[...] (token ids), text="..." or corpus="file.txt" (tokenized with the folder's tokenizer.json by Hugging
    Face's `tokenizers` package, which must then be importable), or weights=True (no text: each head's W_Q^T W_K);
    lastLayer=, dropFirst=True as on the command line. corpus= runs the study over the corpus's windows (n=[64, 128],
    windows=K, eps=[...]) as `attnlab run-job` runs each window and `attnlab combine` merges them.

    Ctrl-C (any signal handler that raises) stops the run at its next step: the handler's KeyboardInterrupt is
    raised with `partial` (the finished jobs' combined result, as the page draws a stopped sweep; None when no job
    finished or the experiment is one job), `jobs_done` and `jobs_total`.
    """
    if "model" in values and "text" in values:  # the core reads token ids: the text is tokenized here
        text = str(values.pop("text"))
        values["ids"] = _tokenizer(values["model"], "text=").encode(text).ids
    words = [experiment] + [_word(k, v) for k, v in values.items()]
    if max_seconds is not None:
        words += ["--max-seconds", _text(max_seconds)]
    if "model" in values and "corpus" in values:
        return _arrays(json.loads(_study(words, values["model"], values["corpus"])))
    paths = [(name, os.fspath(path)) for name, path in (files or {}).items()]
    try:
        text = _core.run(words, paths)
    except BaseException as stop:  # noqa: B036 -- only to attach the partial result; always re-raised
        if hasattr(stop, "partial_json"):
            stop.partial = None if stop.partial_json is None else _arrays(json.loads(stop.partial_json))
            del stop.partial_json
        raise
    return _arrays(json.loads(text))


def _tokenizer(folder, key):
    """The folder's tokenizer.json, read by Hugging Face's tokenizers package (what text= and corpus= need)."""
    try:
        from tokenizers import Tokenizer
    except ImportError:
        raise ImportError(f"{key} needs Hugging Face's tokenizers package (pip install tokenizers) to read the "
                          "folder's tokenizer.json; or give ids=[...] (token ids)") from None
    path = os.path.join(os.fspath(folder), "tokenizer.json")
    if not os.path.isfile(path):
        raise ValueError(f"tokenizer.json: {os.fspath(folder)} has none, so {key} cannot be tokenized")
    return Tokenizer.from_file(path)


def _study(words, folder, corpus):
    """A study over the corpus: its tokens (without special tokens) and the special tokens around one sequence, found
    as `npm run lab` finds them ("a" encoded with and without them), then the windows run and merged by the core."""
    tokenizer = _tokenizer(folder, "corpus=")
    with open(os.fspath(corpus), "rb") as f:
        data = f.read(64 * 1024 * 1024 + 1)
    if len(data) > 64 * 1024 * 1024:
        raise ValueError(f"corpus: {os.fspath(corpus)} holds more than the 67108864 bytes allowed")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"corpus: {os.fspath(corpus)} is not UTF-8 text") from None
    stream = tokenizer.encode(text, add_special_tokens=False).ids
    bare = tokenizer.encode("a", add_special_tokens=False).ids
    full = tokenizer.encode("a").ids
    at = next((i for i in range(len(full)) if full[i:i + len(bare)] == bare), -1) if bare else -1
    if at < 0:
        raise ValueError("tokenizer.json: its special tokens could not be told apart")
    return _core.model_study(words, stream, full[:at], full[at + len(bare):])


def model_qk(folder, ids, layer, head, budget=None):
    """One head of a Hugging Face checkpoint folder on token ids, as `attnlab model-qk` gives it: a dict with the
    model's name and family, the ids, layer, head, its key head and scale, and numpy arrays q and k (tokens × head_dim)
    and logits (tokens × tokens: Q Kᵀ times the attention scale, unmasked). Layers and heads count from 0. A folder or
    request the command line refuses raises ValueError with its one line (budget: MiB, the command line's default)."""
    words = [f"model={os.fspath(folder)}", "ids=" + ",".join(str(int(i)) for i in ids), f"layer={int(layer)}",
             f"head={int(head)}"]
    if budget is not None:
        words.append(f"budget={_text(budget)}")
    out = json.loads(_core.model_qk(words))
    for name in ("q", "k", "logits"):
        m = out[name]
        out[name] = np.array(m["data"], dtype=float).reshape(m["rows"], m["cols"])
    return out


def _takes_heads(experiment):
    """Whether the page reads a model's heads for it (an input named q, as web/src/experiments/schema.ts)."""
    return any(s["id"] == experiment and any(i.get("name") == "q" for i in s["inputs"]) for s in schemas())


def _model_refusal(experiment, values):
    given = [k for k in _LINK["modelKeys"] if k in values]
    return (f"link: {', '.join(given)}: this {experiment} link ran on the heads of the model '{values['model']}', "
            "read from its folder; the Python package reads no models: open the link in the page, or run it with "
            f"npm run lab -- {experiment} model=<folder> ... (README, \"Your own model\")")


def run_link(link, files=None, max_seconds=None):
    """Runs an attnlab link ("https://…/#exp=…&…" or "#exp=…&…") of the current link version.

    Every key the page writes is taken: the view keys (embed, hide, fig, …) are ignored; file= (the name of the
    file the page's run read) needs that file in files=; model= (a run on a model's heads) is refused, as Python
    reads no models. The keys and the version are the page's own (link-keys.json, from web/src/state/).
    """
    fragment = link.split("#", 1)[1] if "#" in link else link.lstrip("?")
    pairs = [p.split("=", 1) if "=" in p else [p, ""] for p in fragment.split("&") if p]
    values = {unquote(k): unquote(v.replace("+", " ")) for k, v in pairs}
    if "exp" not in values:
        raise ValueError(f"link: no exp= (the experiment), e.g. '#exp=rank-beta&v={_LINK['version']}&seed=1'")
    version = values.get("v", str(_LINK["version"]))
    if version != str(_LINK["version"]):
        older = version.isdigit() and int(version) < _LINK["version"]
        raise ValueError(f"link: v={version} is an older link version; open it in the page or with npm run lab, "
                         "which migrate it" if older else
                         f"link: v={version} is not a link version this package reads (v={_LINK['version']}): "
                         "update attnlab, or open the link in the page")
    experiment = values["exp"]
    if "model" in values and _takes_heads(experiment):
        raise ValueError(_model_refusal(experiment, values))
    if values.get("heads") == "model" and "model" not in values and _takes_heads(experiment):
        raise ValueError(f"link: heads=model: this {experiment} link asks for a model's heads and names no model; "
                         "open it in the page and choose the model's folder there")
    if "file" in values and not files:
        raise ValueError(f"link: file={values['file']}: the page's run read this file, which never travels with "
                         f"a link; give it: run_link(link, files={{'<input>': '{values['file']}'}})")
    reserved = set(_LINK["codecKeys"]) | set(_LINK["modelKeys"])  # the page ignores model keys elsewhere too
    params = {k: v for k, v in values.items() if k not in reserved}
    return run(experiment, files=files, max_seconds=max_seconds, **params)


def schemas():
    """Every experiment's schema: its parameters (kinds, ranges, defaults, help), inputs and result shape."""
    return json.loads(_core.schemas())
