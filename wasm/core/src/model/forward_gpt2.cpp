// GPT-2: pre-norm blocks, Conv1D weights [in, out], a causal mask, learned absolute positions.
// The files' attn.bias buffers are masks, not biases: never read.
#include "family_forward.hpp"

namespace attnlab::model {
namespace {

MatrixXd conv(const TensorReader& read, const MatrixXd& x, const std::string& name) {
  return conv1d(x, read.matrix(name + ".weight"), read.vector(name + ".bias"));
}

MatrixXd norm(const TensorReader& read, const MatrixXd& x, const std::string& name, double eps) {
  return layerNorm(x, read.vector(name + ".weight"), read.vector(name + ".bias"), eps);
}

}  // namespace

void gpt2Pass(const Pass& pass) {
  const TensorReader& read = pass.read;
  const ModelConfig& c = pass.config;
  const double eps = pass.conventions.eps;
  std::vector<std::int64_t> positions(pass.ids.size());
  for (std::size_t t = 0; t < positions.size(); ++t) positions[t] = static_cast<std::int64_t>(t);
  MatrixXd x = read.rows("wte.weight", pass.ids) + read.rows("wpe.weight", positions);
  const HeadLayout layout{c.heads, c.heads, c.headDim};
  const Eigen::Index h = c.hidden;
  for (int layer = 0;; ++layer) {
    const std::string p = "h." + std::to_string(layer) + ".";
    const MatrixXd qkv = conv(read, norm(read, x, p + "ln_1", eps), p + "attn.c_attn");
    if (!pass.offer(layer, qkv.leftCols(h), qkv.middleCols(h, h))) return;
    const MatrixXd mixed =
        attentionMix(qkv.leftCols(h), qkv.middleCols(h, h), qkv.rightCols(h), layout, c.attentionScale(layer), true);
    x += conv(read, mixed, p + "attn.c_proj");
    MatrixXd hidden = conv(read, norm(read, x, p + "ln_2", eps), p + "mlp.c_fc");
    activate(hidden, pass.conventions.activation);
    x += conv(read, hidden, p + "mlp.c_proj");
  }
}

}  // namespace attnlab::model
