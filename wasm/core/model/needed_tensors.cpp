// SPDX-License-Identifier: Apache-2.0
// The tensors each family's forward pass reads, by name without prefix, with the shapes config.json implies.
#include "model/checkpoint.hpp"

namespace attnlab::model {
namespace {

using Shape = std::vector<std::int64_t>;

void add(std::vector<NeededTensor>& out, const std::string& name, Shape shape) {
  out.push_back({{name}, std::move(shape)});
}

// A LayerNorm's weight and bias; BERT's own files also spell them gamma and beta.
void norm(std::vector<NeededTensor>& out, const std::string& base, std::int64_t h, bool oldNames) {
  out.push_back({oldNames ? std::vector<std::string>{base + ".weight", base + ".gamma"}
                          : std::vector<std::string>{base + ".weight"},
                 {h}});
  out.push_back(
      {oldNames ? std::vector<std::string>{base + ".bias", base + ".beta"} : std::vector<std::string>{base + ".bias"},
       {h}});
}

void linear(std::vector<NeededTensor>& out, const std::string& base, std::int64_t outputs, std::int64_t inputs,
            bool bias) {
  add(out, base + ".weight", {outputs, inputs});  // nn.Linear: [out, in]
  if (bias) add(out, base + ".bias", {outputs});
}

void bertLayer(std::vector<NeededTensor>& out, const ModelConfig& c, const std::string& p) {
  const std::int64_t h = c.hidden, i = c.intermediate;
  for (const char* name : {"query", "key", "value"}) linear(out, p + "attention.self." + name, h, h, true);
  linear(out, p + "attention.output.dense", h, h, true);
  norm(out, p + "attention.output.LayerNorm", h, true);
  linear(out, p + "intermediate.dense", i, h, true);
  linear(out, p + "output.dense", h, i, true);
  norm(out, p + "output.LayerNorm", h, true);
}

void distilbertLayer(std::vector<NeededTensor>& out, const ModelConfig& c, const std::string& p) {
  const std::int64_t h = c.hidden, i = c.intermediate;
  for (const char* name : {"q_lin", "k_lin", "v_lin", "out_lin"}) linear(out, p + "attention." + name, h, h, true);
  norm(out, p + "sa_layer_norm", h, false);
  linear(out, p + "ffn.lin1", i, h, true);
  linear(out, p + "ffn.lin2", h, i, true);
  norm(out, p + "output_layer_norm", h, false);
}

void gpt2Layer(std::vector<NeededTensor>& out, const ModelConfig& c, const std::string& p) {
  const std::int64_t h = c.hidden, i = c.intermediate;
  norm(out, p + "ln_1", h, false);
  add(out, p + "attn.c_attn.weight", {h, 3 * h});  // Conv1D: [in, out]
  add(out, p + "attn.c_attn.bias", {3 * h});
  add(out, p + "attn.c_proj.weight", {h, h});
  add(out, p + "attn.c_proj.bias", {h});
  norm(out, p + "ln_2", h, false);
  add(out, p + "mlp.c_fc.weight", {h, i});
  add(out, p + "mlp.c_fc.bias", {i});
  add(out, p + "mlp.c_proj.weight", {i, h});
  add(out, p + "mlp.c_proj.bias", {h});
}

void llamaLayer(std::vector<NeededTensor>& out, const ModelConfig& c, const std::string& p) {
  const std::int64_t h = c.hidden, i = c.intermediate, q = std::int64_t{c.heads} * c.headDim,
                     kv = std::int64_t{c.kvHeads} * c.headDim;
  add(out, p + "input_layernorm.weight", {h});
  linear(out, p + "self_attn.q_proj", q, h, c.qkvBias);
  linear(out, p + "self_attn.k_proj", kv, h, c.qkvBias);
  linear(out, p + "self_attn.v_proj", kv, h, c.qkvBias);
  linear(out, p + "self_attn.o_proj", h, q, c.outputBias);
  add(out, p + "post_attention_layernorm.weight", {h});
  linear(out, p + "mlp.gate_proj", i, h, c.mlpBias);
  linear(out, p + "mlp.up_proj", i, h, c.mlpBias);
  linear(out, p + "mlp.down_proj", h, i, c.mlpBias);
}

}  // namespace

std::vector<NeededTensor> neededTensors(const ModelConfig& c, int layer) {
  std::vector<NeededTensor> out;
  const std::int64_t h = c.hidden;
  const std::string n = std::to_string(layer);
  switch (c.family) {
    case Family::Bert:
    case Family::Roberta:
      if (layer >= 0) {
        bertLayer(out, c, "encoder.layer." + n + ".");
        break;
      }
      add(out, "embeddings.word_embeddings.weight", {c.vocab, h});
      add(out, "embeddings.position_embeddings.weight", {c.maxPositions, h});
      add(out, "embeddings.token_type_embeddings.weight", {c.typeVocab, h});
      norm(out, "embeddings.LayerNorm", h, true);
      break;
    case Family::DistilBert:
      if (layer >= 0) {
        distilbertLayer(out, c, "transformer.layer." + n + ".");
        break;
      }
      add(out, "embeddings.word_embeddings.weight", {c.vocab, h});
      add(out, "embeddings.position_embeddings.weight", {c.maxPositions, h});
      norm(out, "embeddings.LayerNorm", h, false);
      break;
    case Family::Gpt2:
      if (layer >= 0) {
        gpt2Layer(out, c, "h." + n + ".");
        break;
      }
      add(out, "wte.weight", {c.vocab, h});
      add(out, "wpe.weight", {c.maxPositions, h});
      break;
    case Family::Llama:
    case Family::Qwen2:
      if (layer >= 0) {
        llamaLayer(out, c, "layers." + n + ".");
        break;
      }
      add(out, "embed_tokens.weight", {c.vocab, h});
      break;
  }
  return out;
}

}  // namespace attnlab::model
