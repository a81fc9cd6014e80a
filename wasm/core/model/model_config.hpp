// SPDX-License-Identifier: Apache-2.0
// config.json -> the description of a model the forward pass needs, for the six families read natively.
// Every convention that silently changes numbers is decided here, once: eps, activation, positions,
// attention scale, RoPE (theta, scaling), grouped-query heads, biases.
#pragma once
#include <cstdint>
#include <string>

#include "numerics/transformer/layer_math.hpp"

namespace attnlab::model {

enum class Family { Bert, Roberta, DistilBert, Gpt2, Llama, Qwen2 };
struct ModelConfig {
  std::string modelType;  // as in config.json
  std::string name;       // _name_or_path, else the first architecture, else model_type
  Family family = Family::Bert;
  int hidden = 0, layers = 0, heads = 0, kvHeads = 0, headDim = 0, intermediate = 0;
  std::int64_t vocab = 0, maxPositions = 0, typeVocab = 0;
  double normEps = 1e-12;
  Activation activation = Activation::GeluErf;
  std::int64_t padTokenId = 1;       // RoBERTa: positions start at pad_token_id + 1
  bool scaleAttnWeights = true;      // GPT-2 scale_attn_weights
  bool scaleByInverseLayer = false;  // GPT-2 scale_attn_by_inverse_layer_idx
  bool qkvBias = true, outputBias = true, mlpBias = true;
  RopeConfig rope;                 // LLaMA, Qwen2
  std::int64_t slidingWindow = 0;  // Mistral's sliding_window (0: none): longer texts are refused

  bool rotary() const { return family == Family::Llama || family == Family::Qwen2; }
  bool causal() const { return family == Family::Gpt2 || rotary(); }
  bool postNorm() const { return family == Family::Bert || family == Family::Roberta || family == Family::DistilBert; }
  // The factor logits are multiplied by at `layer` (1/sqrt(head_dim), GPT-2's options).
  double attentionScale(int layer) const;
  // Whether `tokens` tokens fit the model's positions (absolute tables; RoPE without dynamic scaling).
  std::int64_t tokenLimit() const;
};

// Parses config.json's text; throws ModelError "config.json: <cause>".
ModelConfig parseModelConfig(const std::string& configText);
const char* familyName(Family family);

}  // namespace attnlab::model
