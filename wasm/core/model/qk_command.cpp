// SPDX-License-Identifier: Apache-2.0
#include "model/qk_command.hpp"

#include <cmath>
#include <limits>

#include "numerics/shared/text.hpp"

namespace attnlab::model {
namespace {

// A non-negative decimal integer, digits only, at most `max`.
bool parseCount(const std::string& text, std::int64_t max, std::int64_t& value) {
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  value = std::stoll(text);
  return value <= max;
}

std::string quoted(const std::string& text) { return quotedText(text, 40); }

}  // namespace

QkCommand parseQkCommand(const std::vector<std::string>& args) {
  QkCommand c;
  bool seen[6] = {false, false, false, false, false, false};
  const char* const keys[6] = {"model", "ids", "layer", "head", "text", "budget"};
  for (const std::string& arg : args) {
    const auto eq = arg.find('=');
    int key = -1;
    for (int i = 0; i < 6 && eq != std::string::npos; ++i)
      if (arg.compare(0, eq, keys[i]) == 0 && eq == std::string(keys[i]).size()) key = i;
    if (key < 0) {
      c.error = "model-qk: unknown argument " + quoted(arg) + " (model=<folder> ids=<id,id,...> layer=<i> head=<h>)";
      return c;
    }
    if (seen[key]) {
      c.error = std::string(keys[key]) + " is given twice";
      return c;
    }
    seen[key] = true;
    const std::string value = arg.substr(eq + 1);
    std::int64_t n = 0;
    if (key == 0) {
      if (value.empty()) return c.error = "model: give the model's folder", c;
      c.folder = value;
    } else if (key == 4) {
      c.text = value;  // the host tokenizes it (headless: the folder's tokenizer.json)
    } else if (key == 5) {
      if (!parseCount(value, kMaxQkBudgetMiB, n) || n < 1)
        return c.error = "budget: " + quoted(value) + " is not a whole number of MiB in [1, " +
                         std::to_string(kMaxQkBudgetMiB) + "]",
               c;
      c.budgetMiB = static_cast<double>(n);
    } else if (key == 1) {
      std::size_t start = 0;
      while (start <= value.size()) {
        const auto comma = value.find(',', start);
        const std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!parseCount(item, std::numeric_limits<std::int32_t>::max(), n))
          return c.error = "ids: " + quoted(item) + " is not a token id (comma-separated integers >= 0)", c;
        if (c.request.ids.size() >= 1000000) return c.error = "ids: more than 1000000 tokens", c;
        c.request.ids.push_back(n);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else {
      if (!parseCount(value, 1 << 20, n))
        return c.error = std::string(keys[key]) + ": " + quoted(value) + " is not an integer >= 0", c;
      (key == 2 ? c.request.layer : c.request.head) = static_cast<int>(n);
    }
  }
  if (seen[1] && seen[4]) return c.error = "model-qk: give ids= or text=, not both", c;
  c.hasText = seen[4];
  seen[1] = seen[1] || seen[4];
  for (int i = 0; i < 4; ++i)
    if (!seen[i])
      return c.error = std::string("model-qk: ") + keys[i] +
                       "= is missing (model=<folder> ids=<id,id,...> layer=<i> head=<h>)",
             c;
  c.ok = true;
  return c;
}

std::string qkCommandUsage(const std::string& program) {
  return "usage: " + program +
         " model-qk model=<folder> ids=<id,id,...> layer=<i> head=<h>\n"
         "  One attention head of a Hugging Face checkpoint folder (config.json and model.safetensors, or\n"
         "  model.safetensors.index.json and its shards; bert, roberta, distilbert, gpt2, llama, qwen2; F32, F16,\n"
         "  BF16): its Q and K (tokens x head_dim, after RoPE, with biases) and logits Q K^T x the attention scale,\n"
         "  unmasked, as JSON {model, family, ids, layer, head, keyHead, scale, q, k, logits}, each matrix\n"
         "  {rows, cols, data} row-major. Layers and heads count from 0; query head h uses key head h / (H / H_kv).\n"
         "  budget=<MiB> (default " +
         std::to_string(static_cast<int>(kDefaultQkBudgetMiB)) +
         ") bounds the memory the pass may take, estimated from the headers before it allocates.\n"
         "  Exit 0, or 2 with one line naming the argument or file and the cause.\n"
         "  text=\"...\" instead of ids= tokenizes the text with the folder's tokenizer.json as Hugging Face's\n"
         "  tokenizers do, special tokens included: npm run lab -- model-qk model=<folder> text=\"...\" layer=<i> "
         "head=<h>.\n";
}

Json matrixJson(const Eigen::MatrixXd& m) {
  Json data = Json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) data.push_back(m(i, j));
  return Json{{"rows", m.rows()}, {"cols", m.cols()}, {"data", std::move(data)}};
}

double headJsonBytes(const ModelConfig& config, std::size_t tokens) {
  const double t = static_cast<double>(tokens);
  return (2 * t * config.headDim + t * t) * (sizeof(Json) + 24.0);
}

std::string budgetProblem(const std::string& what, double estimateBytes, double budgetBytes,
                          const std::string& remedy) {
  if (estimateBytes <= budgetBytes) return "";
  const auto mib = [](double bytes) { return std::to_string(static_cast<long long>(std::ceil(bytes / 1048576))); };
  return what + " needs about " + mib(estimateBytes) + " MiB, above the budget of " + mib(budgetBytes) + " MiB; " +
         remedy;
}

Json headQkJson(const ModelConfig& config, const QkRequest& request, const HeadQk& head) {
  const int keyHead = request.head / (config.heads / config.kvHeads);
  return Json{{"model", config.name},    {"family", familyName(config.family)},
              {"ids", request.ids},      {"layer", request.layer},
              {"head", request.head},    {"keyHead", keyHead},
              {"scale", head.scale},     {"q", matrixJson(head.q)},
              {"k", matrixJson(head.k)}, {"logits", matrixJson(head.logits)}};
}

}  // namespace attnlab::model
