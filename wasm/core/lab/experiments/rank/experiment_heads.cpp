// SPDX-License-Identifier: Apache-2.0
// Bring-your-own-head inputs of the paper-3 experiments (docs/theory/rank.md#head-inputs): the platform's one parser
// reads each file against the rules below; here the files become heads (Q and K, attention or logits,
// one head or (H, ·) or (L, H, ·) stacks), shapes checked before anything is allocated, values by the
// head validator. Every refusal is a ParamError naming the input at fault.
#include <algorithm>
#include <cmath>

#include "lab/params.hpp"
#include "lab/experiments/rank/experiment_common.hpp"

namespace attnlab {
namespace {

InputRule denseRule(const char* name, bool square) {
  InputRule rule;
  rule.name = name;
  rule.kind = InputRule::Kind::Dense;
  rule.minRank = 2;
  rule.maxRank = 4;  // (n, ·), (H, n, ·) or (L, H, n, ·)
  rule.minSide = 1;
  rule.maxSide = 4096;
  rule.square = square;
  rule.formats = {"npy", "json"};
  rule.headBundle =
      true;  // a JSON bundle of heads (docs/theory/rank.md#head-inputs) works for each of q, k, attention, logits
  return rule;
}

const InputArray* find(const Inputs& inputs, const char* name) {
  const auto it = inputs.find(name);
  return it == inputs.end() ? nullptr : &it->second;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

// Leading dimensions -> (layers, heads per layer); the last two are the matrix of one head.
void stackOf(const std::vector<std::int64_t>& shape, UploadedHeads& h) {
  h.layered = shape.size() == 4;
  h.layers = h.layered ? static_cast<int>(shape[0]) : 1;
  h.perLayer = shape.size() >= 3 ? static_cast<int>(shape[shape.size() - 3]) : 1;
  h.count = h.layers * h.perLayer;
}

void refuse(const HeadValidation& v) {
  if (!v.ok)
    throw ParamError((v.field == "p"   ? std::string("attention")
                      : v.field == "l" ? std::string("logits")
                                       : v.field) +
                     ": " + v.message);
}

}  // namespace

std::vector<InputRule> headInputs(const std::vector<std::string>& replaces) {
  std::vector<InputRule> rules{denseRule("q", false), denseRule("k", false), denseRule("attention", true),
                               denseRule("logits", true)};
  rules[0].companion = "k";  // a head bundle holds Q and K at once
  rules[1].companion = "q";
  for (InputRule& rule : rules) {
    rule.replaces = replaces;
    rule.scaleParam = "scale";  // logits = betaMult·scale·Q Kᵀ: a bundle's own scale fills it when left at 0
  }
  return rules;
}

UploadedHeads describeUploadedHeads(const Inputs& inputs, double budgetBytes) {
  const InputArray *q = find(inputs, "q"), *k = find(inputs, "k"), *p = find(inputs, "attention"),
                   *l = find(inputs, "logits");
  UploadedHeads h;
  const int kinds = (q || k ? 1 : 0) + (p ? 1 : 0) + (l ? 1 : 0);
  if (kinds == 0) return h;
  if (kinds > 1)
    throw ParamError("inputs: give Q and K, or an attention matrix, or logits — not several kinds at once");
  HeadShape shape;
  if (q || k) {
    if (!q) throw ParamError("q: a K file needs its Q file (the queries of the same head, shape of K)");
    if (!k) throw ParamError("k: a Q file needs its K file (the keys of the same head, shape of Q)");
    if (q->shape != k->shape)
      throw ParamError("k: K must have the shape of Q " + shapeText(q->shape) + ", got " + shapeText(k->shape));
    h.format = shape.format = HeadFormat::QK;
    const std::size_t r = q->shape.size();
    shape.qRows = shape.kRows = static_cast<int>(q->shape[r - 2]);
    shape.qCols = shape.kCols = static_cast<int>(q->shape[r - 1]);
    h.width = shape.qCols;
    stackOf(q->shape, h);
  } else {
    const InputArray* m = p ? p : l;
    h.format = shape.format = p ? HeadFormat::Attention : HeadFormat::Logits;
    const std::size_t r = m->shape.size();
    shape.rows = static_cast<int>(m->shape[r - 2]);
    shape.cols = static_cast<int>(m->shape[r - 1]);
    stackOf(m->shape, h);
  }
  refuse(validateHeadShape(shape, budgetBytes));
  h.n = shape.format == HeadFormat::QK ? shape.qRows : shape.rows;
  return h;
}

HeadArrays uploadedHead(const Inputs& inputs, int index, double scale, double budgetBytes,
                        std::vector<std::string>* warnings) {
  const UploadedHeads h = describeUploadedHeads(inputs, budgetBytes);
  if (h.count == 0) throw ParamError("inputs: no head file was given");
  if (index < 0 || index >= h.count)
    throw ParamError("head must be an integer in [0, " + std::to_string(h.count - 1) + "] for these files (" +
                     std::to_string(h.count) + " heads), got " + std::to_string(index));
  HeadArrays a;
  a.scale = scale;
  a.shape.format = h.format;
  const auto slice = [&](const InputArray& x, std::size_t size) {
    const auto first = x.values.begin() + static_cast<std::ptrdiff_t>(size * index);
    return std::vector<double>(first, first + static_cast<std::ptrdiff_t>(size));
  };
  if (h.format == HeadFormat::QK) {
    a.shape.qRows = a.shape.kRows = h.n;
    a.shape.qCols = a.shape.kCols = h.width;
    const std::size_t size = static_cast<std::size_t>(h.n) * h.width;
    a.q = slice(inputs.at("q"), size);
    a.k = slice(inputs.at("k"), size);
  } else {
    a.shape.rows = a.shape.cols = h.n;
    a.matrix = slice(inputs.at(h.format == HeadFormat::Attention ? "attention" : "logits"),
                     static_cast<std::size_t>(h.n) * h.n);
  }
  const HeadValidation v = validateHead(a, budgetBytes);
  refuse(v);
  if (warnings) warnings->insert(warnings->end(), v.warnings.begin(), v.warnings.end());
  return a;
}

double headJobSeconds(const Job& job, double budgetBytes, double secondsPerUnit, double builtInTokens) {
  const UploadedHeads up = job.inputs ? describeUploadedHeads(*job.inputs, budgetBytes) : UploadedHeads{};
  // Q and K narrower than their tokens go through their factors (numerics/rank/interaction.hpp), whose time grows
  // slower than n³. Measured natively (`attnlab rank-zoo model=<folder> ids=...` on the 144 heads of a BERT-base-shaped
  // checkpoint, d_h = 64, less its forward pass): 6.6, 16, 47 and 152 ms a head at n = 64, 128, 256, 512, which
  // kFactoredSeconds · n^1.7 follows within 25 %; taken as linear in d_h beyond 64.
  constexpr double kFactoredSeconds = 4.2e-6;
  if (up.count > 0 && up.format == HeadFormat::QK && up.width < up.n)
    return kFactoredSeconds * std::pow(static_cast<double>(up.n), 1.7) * std::max(1.0, up.width / 64.0);
  const double n = up.count > 0 ? up.n : builtInTokens;
  return secondsPerUnit * n * n * n;
}

std::string headLabel(const UploadedHeads& h, int index) {
  if (h.layered) return "L" + std::to_string(index / h.perLayer) + "H" + std::to_string(index % h.perLayer);
  if (h.count <= 1) return "uploaded head";
  return "H" + std::to_string(index);
}

}  // namespace attnlab
