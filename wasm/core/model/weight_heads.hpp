// SPDX-License-Identifier: Apache-2.0
// Weights only: a layer's attention heads as bilinear forms, without a text or a forward pass. Head h's logit
// between residual vectors x and y is x · M_h · y with M_h = scale · W_Q^hᵀ W_K^h (hidden × hidden, rank ≤ head_dim);
// as Q and K over the residual stream's basis vectors (the "tokens" e_1 … e_hidden), Q = W_Q^hᵀ and K = W_K^hᵀ, so
// Q Kᵀ is M_h and paper 3's analyses read its spectrum. The gain g of the norm whose output feeds the layer's attention
// is folded in, and for a LayerNorm its centring C = I − 11ᵀ/hidden (what attention sees of x is C·diag(g)·x, up to the
// norm's scalar and bias): Q = C·diag(g)·W_Q^hᵀ, so M_h = scale · C·diag(g)·W_Q^hᵀ W_K^h·diag(g)·C. Read: W_Q, W_K
// (GPT-2: c_attn) and that gain; biases and RoPE's rotation (the form at relative position 0) are left out.
#pragma once
#include <vector>

#include "model/byte_source.hpp"
#include "model/checkpoint.hpp"
#include "model/head_qk.hpp"
#include "model/streamed_pass.hpp"

namespace attnlab::model {

// "" when the analysis can take the model's heads as bilinear forms (n = the hidden size, at most kMaxHeadTokens),
// else one line naming config.json's hidden-size key, its value and the limit: known from config.json alone, so a
// host refuses before it reads (or allocates for) a byte of weights.
std::string weightHeadsProblem(const ModelConfig& config);
// The byte ranges weightHeads reads at `layer`: its W_Q and W_K (GPT-2: c_attn, which holds V too) and the gain of the
// norm before its attention (BERT, RoBERTa, DistilBERT: the embeddings' LayerNorm for layer 0, the previous layer's
// output LayerNorm after; GPT-2: ln_1; LLaMA, Qwen2: input_layernorm).
std::vector<ByteRange> weightHeadReads(const Checkpoint& checkpoint, int layer);
// q = C·diag(g)·W_Qᵀ (hidden × heads·head_dim), k = C·diag(g)·W_Kᵀ (hidden × kvHeads·head_dim), C = I for RMSNorm;
// scale the layer's attention scale.
// Throws ModelError when a read fails.
LayerQk weightHeads(ByteSource& source, const Checkpoint& checkpoint, int layer);

}  // namespace attnlab::model
