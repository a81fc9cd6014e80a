# SPDX-License-Identifier: Apache-2.0
"""attnlab in Python: the same native core as the attnlab page's links and command line, the same numbers.

    import attnlab
    r = attnlab.run("rank-beta", betas=[1, 2, 4], n=256, seed=1)   # a dict; lists of numbers are numpy arrays
    r = attnlab.run_link("#exp=rank-beta&v=3&betas=1,2,4&n=256&seed=1")
    attnlab.schemas()                                                # every experiment's parameters and result

Errors in the values raise ValueError with the core's message, which names the parameter and its range.
"""
import json
from urllib.parse import unquote

import numpy as np

from . import _core

__all__ = ["run", "run_link", "schemas"]

# Link keys that are not parameters (the page's view and version keys).
_VIEW_KEYS = {"v", "app", "embed", "hide", "fig", "controls", "theme", "api", "file"}
_LINK_VERSION = 3


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


def run(experiment, files=None, **values):
    """Runs an experiment with these values (as a link or the command line takes them) and returns its result.

    files: input files by input name, e.g. {"q": "q.npy", "k": "k.npy"} for rank-interaction.
    """
    words = [experiment] + [_word(k, v) for k, v in values.items()]
    return _arrays(json.loads(_core.run(words, list((files or {}).items()))))


def run_link(link):
    """Runs an attnlab link ("https://…/#exp=…&…" or "#exp=…&…") of the current link version."""
    fragment = link.split("#", 1)[1] if "#" in link else link.lstrip("?")
    pairs = [p.split("=", 1) if "=" in p else [p, ""] for p in fragment.split("&") if p]
    values = {unquote(k): unquote(v.replace("+", " ")) for k, v in pairs}
    if "exp" not in values:
        raise ValueError("link: no exp= (the experiment), e.g. '#exp=rank-beta&v=3&seed=1'")
    version = values.get("v", str(_LINK_VERSION))
    if version != str(_LINK_VERSION):
        raise ValueError(f"link: v={version} is an older link version; "
                         "open it in the page or with npm run lab, which migrate it")
    experiment = values.pop("exp")
    return run(experiment, **{k: v for k, v in values.items() if k not in _VIEW_KEYS})


def schemas():
    """Every experiment's schema: its parameters (kinds, ranges, defaults, help), inputs and result shape."""
    return json.loads(_core.schemas())
