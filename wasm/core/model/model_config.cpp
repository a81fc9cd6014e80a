// SPDX-License-Identifier: Apache-2.0
#include "model/model_config.hpp"

#include <algorithm>

#include <cmath>
#include <limits>

#include "lab/json_parse.hpp"
#include "numerics/shared/text.hpp"
#include "numerics/transformer/layer_math.hpp"
#include "model/model_error.hpp"

namespace attnlab::model {
namespace {

[[noreturn]] void refuse(const std::string& cause) { throw ModelError("config.json: " + cause); }

// A field's value, the default when absent or null, refused when of the wrong kind.
std::int64_t integer(const Json& c, const char* key, std::int64_t fallback, std::int64_t min = 1,
                     std::int64_t max = 1 << 20) {
  const auto it = c.find(key);
  if (it == c.end() || it->is_null()) {
    if (fallback < min) refuse(std::string(key) + " is missing");
    return fallback;
  }
  if (!it->is_number_integer() || it->get<std::int64_t>() < min || it->get<std::int64_t>() > max)
    refuse(std::string(key) + " must be an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]");
  return it->get<std::int64_t>();
}

// A positive number; a subnormal one (1e-320) is refused too: its reciprocal, which RoPE takes, is infinite.
double number(const Json& c, const char* key, double fallback, const char* where = "") {
  const auto it = c.find(key);
  if (it == c.end() || it->is_null()) return fallback;
  if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < std::numeric_limits<double>::min())
    refuse(std::string(where) + key + " must be a positive number of at least 2.2e-308" +
           (it->is_number() ? ", got " + formatNumber(it->get<double>()) : std::string()));
  return it->get<double>();
}

bool flag(const Json& c, const char* key, bool fallback) {
  const auto it = c.find(key);
  if (it == c.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) refuse(std::string(key) + " must be true or false");
  return it->get<bool>();
}

std::string text(const Json& c, const char* key, const std::string& fallback, const char* where = "") {
  const auto it = c.find(key);
  if (it == c.end() || it->is_null()) return fallback;
  if (!it->is_string()) refuse(std::string(where) + key + " must be a string");
  return it->get<std::string>();
}

Activation activation(const std::string& name, const char* key) {
  if (name == "gelu" || name == "gelu_python") return Activation::GeluErf;  // erf GELU
  if (name == "gelu_new" || name == "gelu_pytorch_tanh" || name == "gelu_fast") return Activation::GeluTanh;
  if (name == "relu") return Activation::Relu;
  if (name == "silu" || name == "swish") return Activation::Silu;
  refuse(std::string(key) + " " + quotedText(name, 40) +
         " is not supported (gelu, gelu_new, gelu_pytorch_tanh, gelu_fast, relu, silu)");
}

void parseRope(const Json& c, ModelConfig& m) {
  const Json* parameters = nullptr;
  if (const auto it = c.find("rope_parameters"); it != c.end() && !it->is_null()) {
    if (!it->is_object()) refuse("rope_parameters must be an object");
    parameters = &*it;
  }
  m.rope.theta = parameters && parameters->contains("rope_theta")
                     ? number(*parameters, "rope_theta", 10000, "rope_parameters.")
                     : number(c, "rope_theta", 10000);
  if (number(c, "partial_rotary_factor", 1) != 1 ||
      (parameters && number(*parameters, "partial_rotary_factor", 1, "rope_parameters.") != 1))
    refuse("partial rotary embeddings (partial_rotary_factor != 1) are not supported");
  const Json* scaling = parameters;
  if (const auto it = c.find("rope_scaling"); it != c.end() && !it->is_null()) {
    if (!it->is_object()) refuse("rope_scaling must be an object");
    scaling = &*it;
  }
  if (!scaling) return;
  const char* where = scaling == parameters ? "rope_parameters." : "rope_scaling.";
  const std::string type = text(*scaling, "rope_type", text(*scaling, "type", "default", where), where);
  if (type == "default") return;
  m.rope.factor = number(*scaling, "factor", 0, where);
  if (m.rope.factor <= 0)
    refuse(std::string(where) + "factor is missing: rope type " + quotedText(type, 40) + " needs a positive factor");
  if (type == "linear") {
    m.rope.scaling = RopeScaling::Linear;
  } else if (type == "dynamic") {
    m.rope.scaling = RopeScaling::Dynamic;
    m.rope.originalMaxPositions =
        number(*scaling, "original_max_position_embeddings", static_cast<double>(m.maxPositions), where);
  } else if (type == "llama3") {
    m.rope.scaling = RopeScaling::Llama3;
    m.rope.lowFreqFactor = number(*scaling, "low_freq_factor", 0, where);
    m.rope.highFreqFactor = number(*scaling, "high_freq_factor", 0, where);
    m.rope.originalMaxPositions = number(*scaling, "original_max_position_embeddings", 0, where);
    if (m.rope.lowFreqFactor <= 0 || m.rope.highFreqFactor <= m.rope.lowFreqFactor || m.rope.originalMaxPositions <= 0)
      refuse("rope_scaling 'llama3' needs low_freq_factor < high_freq_factor and original_max_position_embeddings");
  } else {
    refuse("rope type " + quotedText(type, 40) + " is not supported (linear, dynamic, llama3)");
  }
}

void parseEncoder(const Json& c, ModelConfig& m) {
  if (m.family == Family::DistilBert) {
    m.hidden = static_cast<int>(integer(c, "dim", 768));
    m.layers = static_cast<int>(integer(c, "n_layers", 6));
    m.heads = static_cast<int>(integer(c, "n_heads", 12));
    m.intermediate = static_cast<int>(integer(c, "hidden_dim", 3072));
    m.activation = activation(text(c, "activation", "gelu"), "activation");
    m.normEps = 1e-12;  // fixed in DistilBERT's code, not read from config.json
    m.typeVocab = 0;
  } else {
    m.hidden = static_cast<int>(integer(c, "hidden_size", 768));
    m.layers = static_cast<int>(integer(c, "num_hidden_layers", 12));
    m.heads = static_cast<int>(integer(c, "num_attention_heads", 12));
    m.intermediate = static_cast<int>(integer(c, "intermediate_size", 3072));
    m.activation = activation(text(c, "hidden_act", "gelu"), "hidden_act");
    m.normEps = number(c, "layer_norm_eps", 1e-12);
    m.typeVocab = integer(c, "type_vocab_size", 2);
    const std::string positions = text(c, "position_embedding_type", "absolute");
    if (positions != "absolute")
      refuse("position_embedding_type " + quotedText(positions, 40) + " is not supported (absolute only)");
    if (m.family == Family::Roberta) m.padTokenId = integer(c, "pad_token_id", 1, 0);
    if (flag(c, "is_decoder", false)) refuse("is_decoder is true: a causal BERT-style model is not supported");
  }
  m.maxPositions = integer(c, "max_position_embeddings", 512);
  if (m.family == Family::Roberta && m.padTokenId + 1 >= m.maxPositions)  // positions pad+1 .. max-1 (tokenLimit)
    refuse("pad_token_id " + std::to_string(m.padTokenId) + " leaves no position: RoBERTa numbers tokens from " +
           "pad_token_id + 1 to max_position_embeddings - 1 (" + std::to_string(m.maxPositions - 1) + ")");
}

void parseDecoder(const Json& c, ModelConfig& m) {
  if (m.family == Family::Gpt2) {
    m.hidden = static_cast<int>(integer(c, "n_embd", 768));
    m.layers = static_cast<int>(integer(c, "n_layer", 12));
    m.heads = static_cast<int>(integer(c, "n_head", 12));
    m.intermediate = static_cast<int>(integer(c, "n_inner", 4 * static_cast<std::int64_t>(m.hidden)));
    m.activation = activation(text(c, "activation_function", "gelu_new"), "activation_function");
    m.normEps = number(c, "layer_norm_epsilon", 1e-5);
    m.maxPositions = integer(c, "n_positions", 1024);
    m.scaleAttnWeights = flag(c, "scale_attn_weights", true);
    m.scaleByInverseLayer = flag(c, "scale_attn_by_inverse_layer_idx", false);
    return;
  }
  m.hidden = static_cast<int>(integer(c, "hidden_size", 4096));
  m.layers = static_cast<int>(integer(c, "num_hidden_layers", 32));
  m.heads = static_cast<int>(integer(c, "num_attention_heads", 32));
  m.kvHeads = static_cast<int>(integer(c, "num_key_value_heads", m.heads));
  m.headDim = static_cast<int>(integer(c, "head_dim", m.hidden / m.heads));
  m.intermediate = static_cast<int>(integer(c, "intermediate_size", 11008));
  m.activation = activation(text(c, "hidden_act", "silu"), "hidden_act");
  m.normEps = number(c, "rms_norm_eps", 1e-6);
  m.maxPositions = integer(c, "max_position_embeddings", 2048);
  const bool qwen = m.family == Family::Qwen2;
  m.qkvBias = qwen || flag(c, "attention_bias", false);
  m.outputBias = !qwen && flag(c, "attention_bias", false);
  m.mlpBias = !qwen && flag(c, "mlp_bias", false);
  if (qwen && flag(c, "use_sliding_window", false))
    refuse("use_sliding_window is true: sliding-window attention is not supported");
  // Mistral is LLaMA with a sliding window: while the text fits the window the attention is LLaMA's exactly, so
  // longer texts are refused (ModelConfig::tokenLimit) instead of computed with the wrong mask.
  if (m.modelType == "mistral" && c.contains("sliding_window") && !c["sliding_window"].is_null())  // null: no window
    m.slidingWindow = integer(c, "sliding_window", 0, 1, std::int64_t{1} << 30);
  if (m.headDim % 2 != 0) refuse("head_dim " + std::to_string(m.headDim) + " is odd: RoPE needs an even head_dim");
  if (m.heads % m.kvHeads != 0) refuse("num_attention_heads is not a multiple of num_key_value_heads");
  parseRope(c, m);
  // Values each in range can still overflow together (a tiny theta with a tiny factor): the angles of the last
  // position must be finite, or every query and key after RoPE is NaN.
  const double lastPosition = static_cast<double>(std::max<std::int64_t>(m.maxPositions, 1) - 1);
  if (!(ropeInverseFrequencies(m.headDim, m.rope, m.maxPositions) * std::max(lastPosition, 1.0)).allFinite())
    refuse("rope_theta " + formatNumber(m.rope.theta) + " with rope factor " + formatNumber(m.rope.factor) +
           " gives non-finite rotary angles");
}

}  // namespace

ModelConfig parseModelConfig(const std::string& configText) {
  const JsonParse parsed = parseJsonBounded(configText, kModelFileLimits);
  if (parsed.fault == JsonFault::Limit) refuse(parsed.error);
  const Json& c = parsed.value;
  if (!parsed.ok() || !c.is_object()) refuse("not a JSON object");
  ModelConfig m;
  m.modelType = text(c, "model_type", "");
  if (m.modelType == "bert")
    m.family = Family::Bert;
  else if (m.modelType == "roberta")
    m.family = Family::Roberta;
  else if (m.modelType == "distilbert")
    m.family = Family::DistilBert;
  else if (m.modelType == "gpt2")
    m.family = Family::Gpt2;
  else if (m.modelType == "llama" || m.modelType == "mistral")  // mistral: LLaMA's tensors and config, and a window
    m.family = Family::Llama;
  else if (m.modelType == "qwen2")
    m.family = Family::Qwen2;
  else
    refuse("model_type " + quotedText(m.modelType, 40) +
           " is not supported (bert, roberta, distilbert, gpt2, llama, mistral, qwen2)");
  m.name = text(c, "_name_or_path", "");
  if (m.name.empty() && c.contains("architectures") && c["architectures"].is_array() && !c["architectures"].empty() &&
      c["architectures"][0].is_string())
    m.name = c["architectures"][0].get<std::string>();
  if (m.name.empty()) m.name = m.modelType;
  m.vocab = integer(c, "vocab_size", 0, 1, std::int64_t{1} << 24);
  if (m.family == Family::Gpt2 || m.rotary())
    parseDecoder(c, m);
  else
    parseEncoder(c, m);
  if (!m.rotary()) {
    if (m.hidden % m.heads != 0) refuse("the hidden size is not a multiple of the number of heads");
    m.kvHeads = m.heads;
    m.headDim = m.hidden / m.heads;
  }
  return m;
}

double ModelConfig::attentionScale(int layer) const {
  double scale = family == Family::Gpt2 && !scaleAttnWeights ? 1.0 : 1.0 / std::sqrt(static_cast<double>(headDim));
  if (family == Family::Gpt2 && scaleByInverseLayer) scale /= static_cast<double>(layer + 1);
  return scale;
}

std::int64_t ModelConfig::tokenLimit() const {
  if (family == Family::Roberta) return maxPositions - padTokenId - 1;  // positions pad+1 .. max-1
  const std::int64_t window = slidingWindow > 0 ? slidingWindow : std::numeric_limits<std::int32_t>::max();
  if (rotary() && rope.scaling == RopeScaling::Dynamic) return window;
  return std::min(maxPositions, window);
}

const char* familyName(Family family) {
  switch (family) {
    case Family::Bert:
      return "bert";
    case Family::Roberta:
      return "roberta";
    case Family::DistilBert:
      return "distilbert";
    case Family::Gpt2:
      return "gpt2";
    case Family::Llama:
      return "llama";
    case Family::Qwen2:
      return "qwen2";
  }
  return "?";
}

}  // namespace attnlab::model
