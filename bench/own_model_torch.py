# SPDX-License-Identifier: Apache-2.0
"""The torch peer of bench/own-model.mjs: a model folder's Q and K of every head of every layer on given token ids,
as a researcher writes it with Debian's torch (CPU, float32): read every tensor of model.safetensors (a small parser:
numpy.frombuffer; BF16 widened to float32 by shifting its bits into the high half), then the forward pass up to the
last layer's Q and K (its attention, V and MLP are not needed). BERT's layers are torch's own nn.TransformerEncoderLayer
(post-norm, erf GELU, eps from config.json, as tests/fixtures/models/reference_torch.py); LLaMA's are written out as
tests/fixtures/models/reference_llama.py does (RMSNorm, rotate-half RoPE, grouped-query heads, causal softmax, SiLU
MLP).
Prints JSON: seconds (from the start of reading to the last Q and K), readSeconds, maxRssMB, and the last layer's
head 0 (Q with the attention scale folded in, K) to check against attnlab.
  /usr/bin/python3 bench/own_model_torch.py <folder> <id,id,...> [--threads 2]"""
import argparse
import json
import math
import os
import resource
import struct
import time

import numpy as np
import torch
import torch.nn.functional as F

WIDTH = {"F32": 4, "F16": 2, "BF16": 2}


def read_safetensors(path):
    """Every tensor of the file as a float32 torch tensor, by name."""
    out = {}
    with open(path, "rb") as f:
        (length,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(length))
        start = 8 + length
        for name, entry in header.items():
            if name == "__metadata__":
                continue
            begin, end = entry["data_offsets"]
            f.seek(start + begin)
            raw = bytearray(end - begin)  # writable, so torch.from_numpy shares it without a warning
            f.readinto(raw)
            dtype = entry["dtype"]
            if dtype == "F32":
                a = np.frombuffer(raw, dtype="<f4")
            elif dtype == "F16":
                a = np.frombuffer(raw, dtype="<f2").astype(np.float32)
            elif dtype == "BF16":
                a = (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)
            else:
                raise SystemExit(f"{path}: tensor {name} has dtype {dtype}")
            out[name] = torch.from_numpy(a.reshape(entry["shape"]))
    return out


def bert_heads(c, w, ids):
    """Q and K of every layer (layers × heads × tokens × d), Q scaled."""
    h, heads, eps = c["hidden_size"], c["num_attention_heads"], c.get("layer_norm_eps", 1e-12)
    d, n, layers = h // heads, len(ids), c["num_hidden_layers"]
    p = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""
    g = lambda name: w[p + name]
    x = g("embeddings.word_embeddings.weight")[ids] + g("embeddings.position_embeddings.weight")[:n] \
        + g("embeddings.token_type_embeddings.weight")[0]
    x = F.layer_norm(x, (h,), g("embeddings.LayerNorm.weight"), g("embeddings.LayerNorm.bias"), eps)[None]
    qs, ks = [], []
    for layer in range(layers):
        b = f"encoder.layer.{layer}."
        q = F.linear(x[0], g(b + "attention.self.query.weight"), g(b + "attention.self.query.bias"))
        k = F.linear(x[0], g(b + "attention.self.key.weight"), g(b + "attention.self.key.bias"))
        qs.append(q.reshape(n, heads, d).transpose(0, 1) / math.sqrt(d))
        ks.append(k.reshape(n, heads, d).transpose(0, 1))
        if layer == layers - 1:
            break
        # Built without initialising its weights (they are copied in next); eval + no_grad: torch's fused fast path.
        block = torch.nn.utils.skip_init(torch.nn.TransformerEncoderLayer, h, heads, c["intermediate_size"],
                                         dropout=0.0, activation="gelu", layer_norm_eps=eps, batch_first=True,
                                         norm_first=False)
        block.eval()
        names = ["attention.self.query", "attention.self.key", "attention.self.value"]
        block.self_attn.in_proj_weight.copy_(torch.cat([g(b + s + ".weight") for s in names]))
        block.self_attn.in_proj_bias.copy_(torch.cat([g(b + s + ".bias") for s in names]))
        for target, source in [(block.self_attn.out_proj, "attention.output.dense"),
                               (block.linear1, "intermediate.dense"), (block.linear2, "output.dense"),
                               (block.norm1, "attention.output.LayerNorm"), (block.norm2, "output.LayerNorm")]:
            target.weight.copy_(g(b + source + ".weight"))
            target.bias.copy_(g(b + source + ".bias"))
        x = block(x)
    return qs, ks


def rms_norm(x, weight, eps):
    return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + eps) * weight


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def llama_heads(c, w, ids):
    h, heads = c["hidden_size"], c["num_attention_heads"]
    kv, eps = c.get("num_key_value_heads", heads), c["rms_norm_eps"]
    d, n, layers = c.get("head_dim", h // heads), len(ids), c["num_hidden_layers"]
    p = "model." if "model.embed_tokens.weight" in w else ""
    g = lambda name: w[p + name]
    inv = 1.0 / (c.get("rope_theta", 10000.0) ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
    freqs = torch.outer(torch.arange(n, dtype=torch.float32), inv)
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos()[:, None, :], emb.sin()[:, None, :]
    rope = lambda t: t * cos + rotate_half(t) * sin
    mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
    x = g("embed_tokens.weight")[ids]
    qs, ks = [], []
    for layer in range(layers):
        b = f"layers.{layer}."
        a = rms_norm(x, g(b + "input_layernorm.weight"), eps)
        q = rope(F.linear(a, g(b + "self_attn.q_proj.weight")).reshape(n, heads, d))
        k = rope(F.linear(a, g(b + "self_attn.k_proj.weight")).reshape(n, kv, d))
        qs.append(q.transpose(0, 1) / math.sqrt(d))
        ks.append(k.transpose(0, 1))
        if layer == layers - 1:
            break
        v = F.linear(a, g(b + "self_attn.v_proj.weight")).reshape(n, kv, d)
        kr, vr = k.repeat_interleave(heads // kv, dim=1), v.repeat_interleave(heads // kv, dim=1)
        scores = torch.einsum("thd,shd->hts", q, kr) / math.sqrt(d) + mask
        mixed = torch.einsum("hts,shd->thd", scores.softmax(-1), vr).reshape(n, heads * d)
        x = x + F.linear(mixed, g(b + "self_attn.o_proj.weight"))
        m = rms_norm(x, g(b + "post_attention_layernorm.weight"), eps)
        x = x + F.linear(F.silu(F.linear(m, g(b + "mlp.gate_proj.weight"))) * F.linear(m, g(b + "mlp.up_proj.weight")),
                         g(b + "mlp.down_proj.weight"))
    return qs, ks


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("ids")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    ids = torch.tensor([int(i) for i in args.ids.split(",")])
    t0 = time.perf_counter()
    with open(os.path.join(args.folder, "config.json")) as f:
        c = json.load(f)
    w = read_safetensors(os.path.join(args.folder, "model.safetensors"))
    read = time.perf_counter() - t0
    with torch.inference_mode():
        forward = {"bert": bert_heads, "llama": llama_heads}.get(c["model_type"])
        if forward is None:
            raise SystemExit(f"model_type {c['model_type']}: the peer does bert and llama")
        qs, ks = forward(c, w, ids)
    seconds = time.perf_counter() - t0
    print(json.dumps({
        "seconds": seconds, "readSeconds": read, "threads": torch.get_num_threads(), "torch": torch.__version__,
        "maxRssMB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "heads": sum(q.shape[0] for q in qs),
        "lastHead0": {"q": qs[-1][0].flatten().tolist(), "k": ks[-1][0].flatten().tolist()},
    }))


if __name__ == "__main__":
    main()
