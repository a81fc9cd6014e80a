#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpora of the JSON targets (tests/fuzz/corpus/{json,model_config,shard_index}/): the fixtures'
configs and shard index, each hostile case the reader must refuse (control characters, a UTF-8 name at the cut, subnormal and
overflowing RoPE values, RoBERTa's pad beyond its positions, duplicate keys, deep nesting, many keys), job lines
and result files. Deterministic, small (under libFuzzer's -max_len=8192); no numpy needed."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "corpus")
MODELS = os.path.join(HERE, "..", "fixtures", "models")


def fixture_text(model, name):
    with open(os.path.join(MODELS, model, name), encoding="utf-8") as f:
        return f.read()


def config_seeds():
    for model in ["bert-f32", "roberta-bf16", "distilbert-f32", "gpt2-f32", "llama-f32", "llama-dynamic-f32",
                  "llama-gqa-llama3-bf16", "llama-linear-f16", "qwen2-sharded-f32"]:
        yield model, fixture_text(model, "config.json")
    llama = json.loads(fixture_text("llama-f32", "config.json"))
    edits = {
        "newline-model-type": {"model_type": "llama\nsecond line"},
        "utf8-at-cut": {"model_type": "m" * 39 + "\u00e9"},
        "newline-rope-type": {"rope_scaling": {"rope_type": "yarn\r\n", "factor": 2}},
        "subnormal-factor": {"rope_scaling": {"rope_type": "linear", "factor": 1e-320}},
        "overflowing-rope": {"rope_theta": 1e-300, "rope_scaling": {"type": "linear", "factor": 1e-300}},
        "dynamic-rope": {"rope_scaling": {"rope_type": "dynamic", "factor": 2.0}},
        "llama3-rope": {"rope_parameters": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 1,
                                            "high_freq_factor": 4, "original_max_position_embeddings": 16}},
        "mistral-window": {"model_type": "mistral", "sliding_window": 3},
        "odd-head-dim": {"head_dim": 3},
    }
    for name, edit in edits.items():
        yield name, json.dumps({**llama, **edit})
    roberta = json.loads(fixture_text("roberta-bf16", "config.json"))
    yield "roberta-pad-beyond", json.dumps({**roberta, "pad_token_id": 1000})
    yield "duplicate-key", '{"model_type":"bert","model_type":"gpt2"}'
    yield "deep", "[" * 40 + "]" * 40
    yield "many-keys", json.dumps({f"k{i}": i for i in range(300)} | {"model_type": "bert"})


def index_seeds():
    index = json.loads(fixture_text("qwen2-sharded-f32", "model.safetensors.index.json"))
    yield "qwen2-sharded", json.dumps(index)
    a = {"metadata": {}, "weight_map": {"model.embed_tokens.weight": "a.safetensors"}}
    yield "one-shard", json.dumps(a)
    yield "outside", json.dumps({"weight_map": {"x": "../a.safetensors"}})
    yield "newline-shard", json.dumps({"weight_map": {"x": "a\n.safetensors"}})
    yield "newline-tensor", json.dumps({"weight_map": {"x\ny": "a.safetensors"}})
    yield "missing-shard", json.dumps({"weight_map": {"x": "b.safetensors"}})
    yield "config-as-shard", json.dumps({"weight_map": {"x": "config.json"}})
    yield "not-string", json.dumps({"weight_map": {"x": 7}})
    yield "no-map", "{}"
    yield "duplicate-tensor", '{"weight_map":{"x":"a.safetensors","x":"a.safetensors"}}'
    yield "many-entries", json.dumps({"weight_map": {f"t{i}": "a.safetensors" for i in range(200)}})


def json_seeds():
    job = {"experiment": "rank-beta", "app": "1.0.0", "plan": "abc", "index": 0, "params": {"n": 64, "betas": "2,4"},
           "at": {"beta": 2}, "seed": 1, "stream": 0, "jobs": 2}
    yield "job-line", json.dumps(job)
    yield "result-file", json.dumps({**job, "result": {"points": [{"beta": 2, "rank": 5.5, "curve": [0.1, 0.2]}]}})
    yield "numbers", "[0,-0,1e-320,1.7976931348623157e308,18446744073709551615,-9223372036854775808,0.1]"
    yield "strings", '["\\u00e9\\ud83d\\ude00","\\n\\t\\"",""]'
    yield "duplicate", '{"a":1,"b":{"x":1,"x":2}}'
    yield "deep", "[" * 20 + "]" * 20
    yield "many-keys", json.dumps({f"k{i}": i for i in range(12)})
    yield "many-values", json.dumps(list(range(300)))
    yield "truncated", '{"a":[1,2'
    yield "overflow", "[1e400]"


def write(folder, seeds, ext):
    path = os.path.join(ROOT, folder)
    os.makedirs(path, exist_ok=True)
    for name, text in seeds:
        data = text.encode("utf-8")
        assert len(data) <= 8192, name
        with open(os.path.join(path, name + ext), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    write("model_config", config_seeds(), ".json")
    write("shard_index", index_seeds(), ".json")
    write("json", json_seeds(), ".json")
