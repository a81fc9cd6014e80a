// SPDX-License-Identifier: Apache-2.0
// A model's heads as the head stacks paper 3's experiments take (their q and k inputs): Q and K of shape (layers,
// heads, tokens, head_dim), key heads repeated for grouped-query attention (query head h uses key head h / (H / H_kv)),
// each layer's attention scale folded into its Q so that the logits are Q Kᵀ (scale 1). The stack's head number
// l·H + h is layer l's head h (L3H5). Also: a checkpoint's fingerprint, and one window of a study run natively.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/byte_source.hpp"
#include "model/checkpoint.hpp"
#include "model/head_qk.hpp"
#include "lab/experiment.hpp"

namespace attnlab::model {

// Fills the stacks layer by layer (any order); `layers` layers of `tokens` rows each (the hidden size for weights).
class HeadStacker {
 public:
  HeadStacker(const ModelConfig& config, int layers, int tokens);
  // Copies layer.layer's heads in (layer.layer < layers); its q: tokens × heads·head_dim, k: tokens × kvHeads·head_dim.
  void add(const LayerQk& layer);
  // The stacks as inputs "q" and "k".
  Inputs take();

 private:
  const ModelConfig& config_;
  int tokens_;
  InputArray q_, k_;
};

// The bytes of the largest stacks of `layers` layers on `tokens` tokens (both Q and K), for a budget check.
double headStackBytes(const ModelConfig& config, int layers, int tokens);

// Layers 0..lastLayer on `ids` (or, with ids empty and weights set, the heads' norm-folded bilinear forms) as stacks.
// Throws ModelError naming the read or the layer that failed.
Inputs modelHeadStacks(ByteSource& source, const Checkpoint& checkpoint, const std::vector<std::int64_t>& ids,
                       int lastLayer, bool weights);

// 16 hexadecimal digits of FNV-1a 64 over what opening the checkpoint reads (config.json, the shard index, each
// safetensors header: never the weights), file by file in name and offset order: equal for every host that reads the
// same folder. A study's jobs carry it, so that a job run on another folder is refused.
std::string checkpointFingerprint(ByteSource& source);

}  // namespace attnlab::model
