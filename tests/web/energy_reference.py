# SPDX-License-Identifier: Apache-2.0
"""An independent NumPy computation of the model study's measures (tests/web/model-study.test.ts), from the
definitions: energy90 = the least k with σ_1² + … + σ_k² ≥ 0.9 Σσ² (Lee, arXiv 2604.04384); antisymmetry =
‖(M − Mᵀ)/2‖_F / ‖M‖_F.

  python3 energy_reference.py logits < {"logits": [matrix, ...]}   energy90 of each row-centred logit matrix
  python3 energy_reference.py weights <folder>                     every head's M = C·diag(g)·W_Q^hᵀ W_K^{kv(h)}·diag(g)·C
                                                                   (g: the gain of the norm before the layer's
                                                                   attention; C = I − 11ᵀ/d for LayerNorm, I for
                                                                   RMSNorm), read from the safetensors files here
Prints JSON."""
import json
import os
import struct
import sys

import numpy as np


def energy90(matrix):
    s2 = np.sort(np.linalg.svd(matrix, compute_uv=False) ** 2)[::-1]
    total = s2.sum()
    if total == 0:
        return 0
    return int(np.searchsorted(np.cumsum(s2), 0.9 * total) + 1)


def decode(raw, dtype, shape):
    if dtype == "F32":
        values = np.frombuffer(raw, dtype="<f4").astype(np.float64)
    elif dtype == "F16":
        values = np.frombuffer(raw, dtype="<f2").astype(np.float64)
    elif dtype == "BF16":
        values = (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    else:
        raise ValueError(dtype)
    return values.reshape(shape)


def tensors(folder):
    index = os.path.join(folder, "model.safetensors.index.json")
    files = sorted(set(json.load(open(index))["weight_map"].values())) if os.path.exists(index) else ["model.safetensors"]
    out = {}
    for name in files:
        data = open(os.path.join(folder, name), "rb").read()
        (n,) = struct.unpack("<Q", data[:8])
        for key, t in json.loads(data[8 : 8 + n]).items():
            if key == "__metadata__":
                continue
            a, b = t["data_offsets"]
            for prefix in ("bert.", "roberta.", "distilbert.", "transformer.", "model."):
                if key.startswith(prefix):
                    key = key[len(prefix) :]
                    break
            out[key] = decode(data[8 + n + a : 8 + n + b], t["dtype"], t["shape"])
    return out


def projections(t, kind, layer, hidden):
    """(W_Q, W_K) as [outputs, hidden], the norm's gain, whether it centres."""
    prev = str(layer - 1)
    if kind in ("bert", "roberta"):
        p = f"encoder.layer.{layer}.attention.self."
        gain = t["embeddings.LayerNorm.weight"] if layer == 0 else t[f"encoder.layer.{prev}.output.LayerNorm.weight"]
        return t[p + "query.weight"], t[p + "key.weight"], gain, True
    if kind == "distilbert":
        p = f"transformer.layer.{layer}.attention."
        gain = t["embeddings.LayerNorm.weight"] if layer == 0 else t[f"transformer.layer.{prev}.output_layer_norm.weight"]
        return t[p + "q_lin.weight"], t[p + "k_lin.weight"], gain, True
    if kind == "gpt2":
        w = t[f"h.{layer}.attn.c_attn.weight"]  # Conv1D [in, out]
        return w[:, :hidden].T, w[:, hidden : 2 * hidden].T, t[f"h.{layer}.ln_1.weight"], True
    p = f"layers.{layer}."
    return t[p + "self_attn.q_proj.weight"], t[p + "self_attn.k_proj.weight"], t[p + "input_layernorm.weight"], False


def weights(folder):
    config = json.load(open(os.path.join(folder, "config.json")))
    kind = config["model_type"]
    hidden = config.get("hidden_size", config.get("n_embd", config.get("dim")))
    layers = config.get("num_hidden_layers", config.get("n_layer", config.get("n_layers")))
    heads = config.get("num_attention_heads", config.get("n_head", config.get("n_heads")))
    kv_heads = config.get("num_key_value_heads") or heads
    dh = config.get("head_dim") or hidden // heads
    t = tensors(folder)
    centre = np.eye(hidden) - np.ones((hidden, hidden)) / hidden
    rows = []
    for layer in range(layers):
        wq, wk, gain, centres = projections(t, kind, layer, hidden)
        c = centre if centres else np.eye(hidden)
        for h in range(heads):
            kv = h // (heads // kv_heads)
            m = c @ np.diag(gain) @ wq[h * dh : (h + 1) * dh].T @ wk[kv * dh : (kv + 1) * dh] @ np.diag(gain) @ c
            anti = np.linalg.norm((m - m.T) / 2) / np.linalg.norm(m)
            rows.append({"layer": layer, "head": h, "energy90": energy90(m), "antisymmetry": float(anti)})
    return rows


if __name__ == "__main__":
    if sys.argv[1] == "logits":
        mats = [np.array(m, dtype=np.float64) for m in json.load(sys.stdin)["logits"]]
        print(json.dumps([energy90(m - m.mean(axis=1, keepdims=True)) for m in mats]))
    else:
        print(json.dumps(weights(sys.argv[2])))
