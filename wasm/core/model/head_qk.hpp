// SPDX-License-Identifier: Apache-2.0
// One head of a real model: the forward pass streamed layer by layer up to the chosen layer (each
// layer's tensors read (weight matrices as float, the rest widened to double), used and freed), then that layer's norm
// and W_Q, W_K only. Returns Q and K (tokens × head_dim, after RoPE, with biases) and the logits Q Kᵀ × the model's
// attention scale, unmasked. Errors are values: one line naming the file or field and the cause.
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/byte_source.hpp"
#include "model/checkpoint.hpp"

namespace attnlab::model {

// Deliberate deviations from the model's conventions, for the tests' negative controls only.
struct ForwardDeviations {
  bool otherGelu = false;        // tanh GELU where the model has erf, and back
  double normEps = 0;            // > 0: this eps in every norm instead of the model's
  bool interleavedRope = false;  // rotate pairs (2i, 2i+1) instead of rotate_half's (i, i + d/2)
  bool tiledGqa = false;         // query head h uses key head h % H_kv instead of h / (H / H_kv)
};

struct QkRequest {
  std::vector<std::int64_t> ids;  // token ids, in order
  int layer = 0, head = 0;        // from 0
  ForwardDeviations deviations;
};

struct HeadQk {
  Eigen::MatrixXd q, k, logits;  // tokens × head_dim, tokens × head_dim, tokens × tokens
  double scale = 1;              // the attention scale the logits include
};

struct QkOutcome {
  bool ok = false;
  std::string error;  // one line, when !ok
  HeadQk head;
};

// Every head of layers 0..lastLayer in one streamed pass (what a head atlas needs): `visit` receives each layer's
// Q of all query heads (tokens × heads·head_dim) and K of all key heads (tokens × kvHeads·head_dim), after RoPE,
// with biases; returning false stops the pass between layers (a host's Stop). The pass reads what
// computeHeadQk at lastLayer reads.
struct LayerQk {
  int layer = 0;
  Eigen::MatrixXd q, k;
  double scale = 1;
};
using LayerVisitor = std::function<bool(const LayerQk&)>;
struct PassOutcome {
  bool ok = false;
  bool stopped = false;  // visit returned false
  std::string error;     // one line, when !ok
};
PassOutcome forEachLayerQk(ByteSource& source, const Checkpoint& checkpoint, const std::vector<std::int64_t>& ids,
                           int lastLayer, const LayerVisitor& visit, const ForwardDeviations& deviations = {});
// Query head `head` of a layer's pass and its key head (h / (H / H_kv); tiled: h % H_kv), with the logits.
HeadQk headOf(const ModelConfig& config, const LayerQk& layer, int head, const ForwardDeviations& deviations = {});

// Checks ids, layer and head against the model ("" when the request fits it).
std::string requestProblem(const ModelConfig& config, const QkRequest& request);
// Peak bytes of computeHeadQk, from the headers alone: one layer's bytes, its largest weight matrix as float, the
// activations and the head's outputs.
double memoryEstimateBytes(const Checkpoint& checkpoint, const QkRequest& request);
// The forward pass on an opened checkpoint.
QkOutcome computeHeadQk(ByteSource& source, const Checkpoint& checkpoint, const QkRequest& request);
// Opens the folder and runs the forward pass: what a host calls.
QkOutcome modelHeadQk(ByteSource& source, const QkRequest& request);

}  // namespace attnlab::model
