// SPDX-License-Identifier: Apache-2.0
// Weights only: a layer's attention heads as bilinear forms, without a text or a forward pass. Head h's logit
// between residual vectors x and y is x · M_h · y with M_h = scale · W_Q^hᵀ W_K^h (hidden × hidden, rank ≤ head_dim);
// as Q and K over the residual stream's basis vectors (the "tokens" e_1 … e_hidden), Q = W_Q^hᵀ and K = W_K^hᵀ, so
// Q Kᵀ is M_h and paper 3's analyses read its spectrum. Only W_Q and W_K are read (GPT-2: c_attn); biases, the norms
// and RoPE's rotation (the form at relative position 0) are left out.
#pragma once
#include <vector>

#include "host/model/byte_source.hpp"
#include "host/model/checkpoint.hpp"
#include "host/model/head_qk.hpp"
#include "host/model/streamed_pass.hpp"

namespace attnlab::model {

// "" when the analysis can take the model's heads as bilinear forms (n = the hidden size, at most kMaxHeadTokens),
// else one line naming config.json's hidden-size key, its value and the limit: known from config.json alone, so a
// host refuses before it reads (or allocates for) a byte of weights.
std::string weightHeadsProblem(const ModelConfig& config);
// The byte ranges weightHeads reads at `layer`: its W_Q and W_K (GPT-2: c_attn, which holds V too).
std::vector<ByteRange> weightHeadReads(const Checkpoint& checkpoint, int layer);
// q = W_Qᵀ (hidden × heads·head_dim), k = W_Kᵀ (hidden × kvHeads·head_dim), scale the layer's attention scale.
// Throws ModelError when a read fails.
LayerQk weightHeads(ByteSource& source, const Checkpoint& checkpoint, int layer);

}  // namespace attnlab::model
