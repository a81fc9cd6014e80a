// LLaMA and Qwen2: RMSNorm pre-norm blocks, RoPE (rotate_half over the whole head_dim), grouped-query
// heads (query head h uses key head h / (H / H_kv)), a causal mask, a SiLU-gated MLP; Qwen2 has q/k/v biases.
#include "family_forward.hpp"

namespace attnlab::model {
namespace {

MatrixXd project(const TensorReader& read, const MatrixXd& x, const std::string& name, bool bias) {
  return linear(x, read.matrix(name + ".weight"), bias ? read.vector(name + ".bias") : VectorXd());
}

}  // namespace

HeadQk llamaHeadQk(const TensorReader& read, const ModelConfig& c, const QkRequest& request) {
  const Conventions conventions(c, request.deviations);
  const HeadLayout layout{c.heads, c.kvHeads, c.headDim, conventions.tiledGqa};
  MatrixXd x = read.rows("embed_tokens.weight", request.ids);
  auto queriesAndKeys = [&](const std::string& p, const MatrixXd& normed, MatrixXd& q, MatrixXd& k) {
    q = project(read, normed, p + "self_attn.q_proj", c.qkvBias);
    k = project(read, normed, p + "self_attn.k_proj", c.qkvBias);
    applyRope(q, c.heads, c.headDim, c.rope, c.maxPositions, conventions.interleavedRope);
    applyRope(k, c.kvHeads, c.headDim, c.rope, c.maxPositions, conventions.interleavedRope);
  };
  for (int layer = 0; layer < request.layer; ++layer) {
    const std::string p = "layers." + std::to_string(layer) + ".";
    const MatrixXd normed = rmsNorm(x, read.vector(p + "input_layernorm.weight"), conventions.eps);
    MatrixXd q, k;
    queriesAndKeys(p, normed, q, k);
    const MatrixXd v = project(read, normed, p + "self_attn.v_proj", c.qkvBias);
    x += project(read, attentionMix(q, k, v, layout, c.attentionScale(layer), true), p + "self_attn.o_proj", c.outputBias);
    const MatrixXd m = rmsNorm(x, read.vector(p + "post_attention_layernorm.weight"), conventions.eps);
    MatrixXd gate = project(read, m, p + "mlp.gate_proj", c.mlpBias);
    activate(gate, conventions.activation);
    x += project(read, gate.cwiseProduct(project(read, m, p + "mlp.up_proj", c.mlpBias)), p + "mlp.down_proj", c.mlpBias);
  }
  const std::string p = "layers." + std::to_string(request.layer) + ".";
  MatrixXd q, k;
  queriesAndKeys(p, rmsNorm(x, read.vector(p + "input_layernorm.weight"), conventions.eps), q, k);
  return headFromProjections(q, k, request.head, layout.keyHead(request.head), c.headDim, c.attentionScale(request.layer));
}

}  // namespace attnlab::model
