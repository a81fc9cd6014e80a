// SPDX-License-Identifier: Apache-2.0
// A checkpoint folder opened through a ByteSource: its config, and where each tensor the forward pass
// needs lives (model.safetensors, or the shards of model.safetensors.index.json). Opening reads only
// config.json, the index and the safetensors headers; every needed tensor is checked for presence,
// dtype (F32, F16, BF16) and shape before any weight is read.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "model/byte_source.hpp"
#include "model/model_config.hpp"
#include "model/safetensors.hpp"

namespace attnlab::model {

struct Checkpoint {
  ModelConfig config;
  std::string prefix;                        // "", "bert.", "transformer.", "model.", ...
  std::map<std::string, TensorSpan> needed;  // every tensor the forward pass reads, by its canonical name
  std::vector<std::string> files;            // the safetensors files whose headers were read
  std::uint64_t fileBytes = 0;               // their total size
  std::string dtype;                         // the dtype of the needed tensors ("mixed" when they differ)
  // The span of a needed tensor by its name without prefix (the names are the family's, see checkpoint.cpp).
  const TensorSpan& span(const std::string& name) const;
};

// Throws ModelError naming the file and the cause.
Checkpoint openCheckpoint(ByteSource& source);

// The names (without prefix) and shapes of the tensors the family needs at `layer` ({-1}: the embeddings).
struct NeededTensor {
  std::vector<std::string> names;  // accepted spellings, first is canonical (LayerNorm.weight | LayerNorm.gamma)
  std::vector<std::int64_t> shape;
};
std::vector<NeededTensor> neededTensors(const ModelConfig& config, int layer);

}  // namespace attnlab::model
