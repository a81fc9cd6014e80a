// SPDX-License-Identifier: Apache-2.0
// GPT-2: pre-norm blocks, Conv1D weights [in, out], a causal mask, learned absolute positions.
// The files' attn.bias buffers are masks, not biases: never read.
#include "model/forward_detail.hpp"

namespace attnlab::model {
namespace {

MatrixXd conv(const TensorReader& read, const MatrixXd& x, const std::string& name) {
  return conv1d(x, read.weights(name + ".weight"), read.vector(name + ".bias"));
}

MatrixXd norm(const TensorReader& read, const MatrixXd& x, const std::string& name, double eps) {
  return layerNorm(x, read.vector(name + ".weight"), read.vector(name + ".bias"), eps);
}

}  // namespace

MatrixXd gpt2Embed(const PassContext& pass) {
  std::vector<std::int64_t> positions(pass.ids.size());
  for (std::size_t t = 0; t < positions.size(); ++t) positions[t] = static_cast<std::int64_t>(t);
  return pass.read.rows("wte.weight", pass.ids) + pass.read.rows("wpe.weight", positions);
}

LayerQk gpt2Layer(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock) {
  const TensorReader& read = pass.read;
  const ModelConfig& c = pass.config;
  const double eps = pass.conventions.eps;
  const Eigen::Index h = c.hidden;
  const std::string p = "h." + std::to_string(layer) + ".";
  const MatrixXd qkv = conv(read, norm(read, x, p + "ln_1", eps), p + "attn.c_attn");
  LayerQk out{layer, qkv.leftCols(h), qkv.middleCols(h, h), c.attentionScale(layer)};
  if (!finishBlock) return out;
  const HeadLayout layout{c.heads, c.heads, c.headDim};
  x += conv(read, attentionMix(out.q, out.k, qkv.rightCols(h), layout, out.scale, true), p + "attn.c_proj");
  MatrixXd hidden = conv(read, norm(read, x, p + "ln_2", eps), p + "mlp.c_fc");
  activate(hidden, pass.conventions.activation);
  x += conv(read, hidden, p + "mlp.c_proj");
  return out;
}

}  // namespace attnlab::model
