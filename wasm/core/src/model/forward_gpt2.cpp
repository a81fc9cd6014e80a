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

HeadQk gpt2HeadQk(const TensorReader& read, const ModelConfig& c, const QkRequest& request) {
  const Conventions conventions(c, request.deviations);
  std::vector<std::int64_t> positions(request.ids.size());
  for (std::size_t t = 0; t < positions.size(); ++t) positions[t] = static_cast<std::int64_t>(t);
  MatrixXd x = read.rows("wte.weight", request.ids) + read.rows("wpe.weight", positions);
  const HeadLayout layout{c.heads, c.heads, c.headDim};
  const Eigen::Index h = c.hidden;
  for (int layer = 0; layer < request.layer; ++layer) {
    const std::string p = "h." + std::to_string(layer) + ".";
    const MatrixXd qkv = conv(read, norm(read, x, p + "ln_1", conventions.eps), p + "attn.c_attn");
    const MatrixXd mixed = attentionMix(qkv.leftCols(h), qkv.middleCols(h, h), qkv.rightCols(h), layout,
                                        c.attentionScale(layer), true);
    x += conv(read, mixed, p + "attn.c_proj");
    MatrixXd hidden = conv(read, norm(read, x, p + "ln_2", conventions.eps), p + "mlp.c_fc");
    activate(hidden, conventions.activation);
    x += conv(read, hidden, p + "mlp.c_proj");
  }
  const std::string p = "h." + std::to_string(request.layer) + ".";
  const MatrixXd qkv = conv(read, norm(read, x, p + "ln_1", conventions.eps), p + "attn.c_attn");
  return headFromProjections(qkv.leftCols(h), qkv.middleCols(h, h), request.head, request.head, c.headDim,
                             c.attentionScale(request.layer));
}

}  // namespace attnlab::model
