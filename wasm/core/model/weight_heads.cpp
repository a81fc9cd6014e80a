// SPDX-License-Identifier: Apache-2.0
#include "model/weight_heads.hpp"

#include <string>

#include "numerics/rank/head.hpp"
#include "model/model_error.hpp"
#include "model/tensor_reader.hpp"

namespace attnlab::model {
namespace {

// The names of W_Q and W_K at `layer` (GPT-2: both are c_attn, [in, 3·hidden]).
std::pair<std::string, std::string> projectionNames(const ModelConfig& c, int layer) {
  const std::string n = std::to_string(layer);
  switch (c.family) {
    case Family::Bert:
    case Family::Roberta:
      return {"encoder.layer." + n + ".attention.self.query.weight",
              "encoder.layer." + n + ".attention.self.key.weight"};
    case Family::DistilBert:
      return {"transformer.layer." + n + ".attention.q_lin.weight",
              "transformer.layer." + n + ".attention.k_lin.weight"};
    case Family::Gpt2:
      return {"h." + n + ".attn.c_attn.weight", "h." + n + ".attn.c_attn.weight"};
    case Family::Llama:
    case Family::Qwen2:
      break;
  }
  return {"layers." + n + ".self_attn.q_proj.weight", "layers." + n + ".self_attn.k_proj.weight"};
}

// The norm whose output is the layer's attention input: its gain's name, and whether it centres (LayerNorm).
struct FeedingNorm {
  std::string gain;
  bool centres = true;
};

FeedingNorm feedingNorm(const ModelConfig& c, int layer) {
  const std::string n = std::to_string(layer), previous = std::to_string(layer - 1);
  switch (c.family) {
    case Family::Bert:
    case Family::Roberta:
      return {layer == 0 ? "embeddings.LayerNorm.weight" : "encoder.layer." + previous + ".output.LayerNorm.weight"};
    case Family::DistilBert:
      return {layer == 0 ? "embeddings.LayerNorm.weight"
                         : "transformer.layer." + previous + ".output_layer_norm.weight"};
    case Family::Gpt2:
      return {"h." + n + ".ln_1.weight"};
    case Family::Llama:
    case Family::Qwen2:
      break;
  }
  return {"layers." + n + ".input_layernorm.weight", false};
}

// x ← C·diag(g)·x: each residual coordinate's row scaled by its gain, then (LayerNorm) each column centred.
void foldNorm(Eigen::MatrixXd& x, const Eigen::VectorXd& gain, bool centres) {
  x = gain.asDiagonal() * x;
  if (centres) x.rowwise() -= x.colwise().mean();
}

const char* hiddenSizeKey(Family family) {
  return family == Family::Gpt2 ? "n_embd" : family == Family::DistilBert ? "dim" : "hidden_size";
}

}  // namespace

std::string weightHeadsProblem(const ModelConfig& c) {
  if (c.hidden <= kMaxHeadTokens) return "";
  return std::string("config.json: ") + hiddenSizeKey(c.family) + " " + std::to_string(c.hidden) + " is above the " +
         std::to_string(kMaxHeadTokens) +
         " the analysis takes for weights only (there n is the hidden size); give a text instead";
}

std::vector<ByteRange> weightHeadReads(const Checkpoint& checkpoint, int layer) {
  const auto [q, k] = projectionNames(checkpoint.config, layer);
  std::vector<ByteRange> reads;
  for (const std::string& name : {q, k, feedingNorm(checkpoint.config, layer).gain}) {
    const TensorSpan& span = checkpoint.span(name);
    if (reads.empty() || reads.back().file != span.file || reads.back().begin != span.begin)
      reads.push_back({span.file, span.begin, span.end});
  }
  return reads;
}

LayerQk weightHeads(ByteSource& source, const Checkpoint& checkpoint, int layer) {
  const ModelConfig& c = checkpoint.config;
  const TensorReader read{source, checkpoint};
  const auto [qName, kName] = projectionNames(c, layer);
  if (const std::string problem = weightHeadsProblem(c); !problem.empty()) throw ModelError(problem);
  LayerQk out;
  out.layer = layer;
  out.scale = c.attentionScale(layer);
  if (c.family == Family::Gpt2) {  // Conv1D: x W with W [hidden, 3·hidden]; columns 0..h are Q, h..2h are K
    const Eigen::MatrixXd w = read.matrix(qName);
    out.q = w.leftCols(c.hidden);
    out.k = w.middleCols(c.hidden, c.hidden);
  } else {  // nn.Linear: x Wᵀ with W [outputs, hidden]
    out.q = read.matrix(qName).transpose();
    out.k = read.matrix(kName).transpose();
  }
  const FeedingNorm norm = feedingNorm(c, layer);
  const Eigen::VectorXd gain = read.vector(norm.gain);
  foldNorm(out.q, gain, norm.centres);
  foldNorm(out.k, gain, norm.centres);
  return out;
}

}  // namespace attnlab::model
