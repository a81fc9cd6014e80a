// SPDX-License-Identifier: Apache-2.0
// BERT, RoBERTa and DistilBERT: post-norm encoder layers, absolute positions, no mask.
#include "model/forward_detail.hpp"

namespace attnlab::model {
namespace {

// RoBERTa numbers non-padding tokens from pad_token_id + 1; padding keeps pad_token_id
// (create_position_ids_from_input_ids).
std::vector<std::int64_t> positions(const ModelConfig& c, const std::vector<std::int64_t>& ids) {
  std::vector<std::int64_t> out(ids.size());
  std::int64_t count = 0;
  for (std::size_t t = 0; t < ids.size(); ++t) {
    if (c.family != Family::Roberta)
      out[t] = static_cast<std::int64_t>(t);
    else
      out[t] = ids[t] == c.padTokenId ? c.padTokenId : c.padTokenId + (++count);
  }
  return out;
}

struct Names {
  std::string q, k, v, out, attentionNorm, up, down, outputNorm;
};

Names layerNames(const ModelConfig& c, int layer) {
  const std::string n = std::to_string(layer);
  if (c.family == Family::DistilBert) {
    const std::string p = "transformer.layer." + n + ".";
    return {p + "attention.q_lin", p + "attention.k_lin", p + "attention.v_lin", p + "attention.out_lin",
            p + "sa_layer_norm",   p + "ffn.lin1",        p + "ffn.lin2",        p + "output_layer_norm"};
  }
  const std::string p = "encoder.layer." + n + ".";
  return {p + "attention.self.query",
          p + "attention.self.key",
          p + "attention.self.value",
          p + "attention.output.dense",
          p + "attention.output.LayerNorm",
          p + "intermediate.dense",
          p + "output.dense",
          p + "output.LayerNorm"};
}

MatrixXd project(const TensorReader& read, const MatrixXd& x, const std::string& name) {
  return linear(x, read.weights(name + ".weight"), read.vector(name + ".bias"));
}

MatrixXd norm(const TensorReader& read, const MatrixXd& x, const std::string& name, double eps) {
  return layerNorm(x, read.vector(name + ".weight"), read.vector(name + ".bias"), eps);
}

}  // namespace

MatrixXd encoderEmbed(const PassContext& pass) {
  const TensorReader& read = pass.read;
  const ModelConfig& c = pass.config;
  MatrixXd x = read.rows("embeddings.word_embeddings.weight", pass.ids) +
               read.rows("embeddings.position_embeddings.weight", positions(c, pass.ids));
  if (c.family != Family::DistilBert)  // token_type_ids all 0
    x.rowwise() += read.rows("embeddings.token_type_embeddings.weight", {0}).row(0);
  return norm(read, x, "embeddings.LayerNorm", pass.conventions.eps);
}

LayerQk encoderLayer(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock) {
  const TensorReader& read = pass.read;
  const ModelConfig& c = pass.config;
  const double eps = pass.conventions.eps;
  const Names n = layerNames(c, layer);
  LayerQk out{layer, project(read, x, n.q), project(read, x, n.k), c.attentionScale(layer)};
  if (!finishBlock) return out;
  const HeadLayout layout{c.heads, c.heads, c.headDim};
  const MatrixXd mixed = attentionMix(out.q, out.k, project(read, x, n.v), layout, out.scale, false);
  x = norm(read, x + project(read, mixed, n.out), n.attentionNorm, eps);  // post-norm
  MatrixXd hidden = project(read, x, n.up);
  activate(hidden, pass.conventions.activation);
  x = norm(read, x + project(read, hidden, n.down), n.outputNorm, eps);
  return out;
}

}  // namespace attnlab::model
