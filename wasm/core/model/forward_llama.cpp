// SPDX-License-Identifier: Apache-2.0
// LLaMA and Qwen2: RMSNorm pre-norm blocks, RoPE (rotate_half over the whole head_dim), grouped-query
// heads (query head h uses key head h / (H / H_kv)), a causal mask, a SiLU-gated MLP; Qwen2 has q/k/v biases.
#include "model/forward_detail.hpp"

namespace attnlab::model {
namespace {

MatrixXd project(const TensorReader& read, const MatrixXd& x, const std::string& name, bool bias) {
  return linear(x, read.weights(name + ".weight"), bias ? read.vector(name + ".bias") : VectorXd());
}

}  // namespace

MatrixXd llamaEmbed(const PassContext& pass) { return pass.read.rows("embed_tokens.weight", pass.ids); }

LayerQk llamaLayer(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock) {
  const TensorReader& read = pass.read;
  const ModelConfig& c = pass.config;
  const double eps = pass.conventions.eps;
  const std::string p = "layers." + std::to_string(layer) + ".";
  const MatrixXd normed = rmsNorm(x, read.vector(p + "input_layernorm.weight"), eps);
  LayerQk out{layer, project(read, normed, p + "self_attn.q_proj", c.qkvBias),
              project(read, normed, p + "self_attn.k_proj", c.qkvBias), c.attentionScale(layer)};
  applyRope(out.q, c.heads, c.headDim, c.rope, pass.conventions.interleavedRope);
  applyRope(out.k, c.kvHeads, c.headDim, c.rope, pass.conventions.interleavedRope);
  if (!finishBlock) return out;
  const HeadLayout layout{c.heads, c.kvHeads, c.headDim, pass.conventions.tiledGqa};
  const MatrixXd v = project(read, normed, p + "self_attn.v_proj", c.qkvBias);
  x += project(read, attentionMix(out.q, out.k, v, layout, out.scale, true), p + "self_attn.o_proj", c.outputBias);
  const MatrixXd m = rmsNorm(x, read.vector(p + "post_attention_layernorm.weight"), eps);
  MatrixXd gate = project(read, m, p + "mlp.gate_proj", c.mlpBias);
  activate(gate, pass.conventions.activation);
  x += project(read, gate.cwiseProduct(project(read, m, p + "mlp.up_proj", c.mlpBias)), p + "mlp.down_proj", c.mlpBias);
  return out;
}

}  // namespace attnlab::model
