# SPDX-License-Identifier: Apache-2.0
"""Q (attention scale folded in) and K of every head of a BERT-shaped folder on given token ids, written as two .npy
stacks (layers × heads × tokens × d_h, float64) for bench/model-zoo.mjs: the heads rank-zoo analyses, without the
reading and the forward pass in the timing. Uses bench/own_model_torch.py's reader and pass (Debian's torch).
  /usr/bin/python3 bench/model_heads_torch.py <folder> <id,id,...> <q.npy> <k.npy>"""
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import own_model_torch  # noqa: E402

folder, ids, q_path, k_path = sys.argv[1], [int(x) for x in sys.argv[2].split(",")], sys.argv[3], sys.argv[4]
config = json.load(open(os.path.join(folder, "config.json")))
weights = own_model_torch.read_safetensors(os.path.join(folder, "model.safetensors"))
with torch.no_grad():
    qs, ks = own_model_torch.bert_heads(config, weights, ids)
np.save(q_path, torch.stack(qs).numpy().astype(np.float64))
np.save(k_path, torch.stack(ks).numpy().astype(np.float64))
