// SPDX-License-Identifier: Apache-2.0
#include "lab/model_study.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>

#include "lab/params.hpp"
#include "numerics/rank/interaction.hpp"
#include "numerics/shared/rng.hpp"

namespace attnlab {
namespace {

std::string count(std::size_t k, const char* noun) { return std::to_string(k) + " " + noun + (k == 1 ? "" : "s"); }

// Spearman's ρ, or nothing when it is undefined (fewer than 2 rows, or one side constant).
std::optional<double> rankCorrelation(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() < 2) return std::nullopt;
  const auto constant = [](const std::vector<double>& v) {
    return std::all_of(v.begin(), v.end(), [&](double e) { return e == v[0]; });
  };
  if (constant(x) || constant(y)) return std::nullopt;
  return spearman(x, y);
}

Json orNull(const std::optional<double>& x) { return x ? Json(*x) : Json(nullptr); }

// Linear interpolation between order statistics (numpy's default quantile).
double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double at = q * static_cast<double>(v.size() - 1);
  const std::size_t i = static_cast<std::size_t>(std::floor(at));
  const std::size_t j = std::min(i + 1, v.size() - 1);
  return v[i] + (at - static_cast<double>(i)) * (v[j] - v[i]);
}

Json spread(const std::vector<double>& v) {
  double mean = 0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double square = 0;
  for (double x : v) square += (x - mean) * (x - mean);
  const double sd = v.size() > 1 ? std::sqrt(square / static_cast<double>(v.size() - 1)) : 0.0;
  return {{"mean", mean},
          {"sd", sd},
          {"min", *std::min_element(v.begin(), v.end())},
          {"max", *std::max_element(v.begin(), v.end())}};
}

using HeadKey = std::pair<int, int>;  // (layer, head)

// The rows, and each head's rows by address into them (filled in place: never copied).
struct StudyRows {
  Json rows = Json::array();
  std::map<HeadKey, std::vector<const Json*>> byHead;
};

void tagRows(const Json& runs, StudyRows& out) {
  for (const Json& run : runs)
    for (const Json& row : run.at("result").at("rows")) {
      Json tagged = row;
      tagged["n"] = run.at("n");
      tagged["window"] = run.at("window");
      tagged["eps"] = run.at("eps");
      out.rows.push_back(std::move(tagged));
    }
  for (const Json& row : out.rows) out.byHead[{row.at("layer").get<int>(), row.at("head").get<int>()}].push_back(&row);
}

Json headSummaries(const StudyRows& s) {
  Json heads = Json::array();
  for (const auto& [key, rows] : s.byHead) {
    Json h{{"layer", key.first}, {"head", key.second}, {"rows", rows.size()}};
    for (const char* field : {"energy90", "rEffVis", "kSvd", "antisymmetry"}) {
      std::vector<double> v;
      for (const Json* r : rows)
        if (r->at(field).is_number()) v.push_back(r->at(field).get<double>());
      h[field] = v.empty() ? Json(nullptr) : spread(v);
    }
    heads.push_back(std::move(h));
  }
  return heads;
}

// ρ(rEffVis, kSvd) over the rows of the given heads (a head drawn twice counts twice).
std::optional<double> headsCorrelation(const std::vector<const std::vector<const Json*>*>& heads) {
  std::vector<double> eff, svd;
  for (const auto* rows : heads)
    for (const Json* r : *rows) {
      eff.push_back(r->at("rEffVis").get<double>());
      svd.push_back(r->at("kSvd").get<double>());
    }
  return rankCorrelation(eff, svd);
}

Json association(const StudyRows& s, std::uint64_t seed, int bootstraps) {
  std::vector<const std::vector<const Json*>*> all;
  for (const auto& [key, rows] : s.byHead) all.push_back(&rows);
  Json out{{"x", "rEffVis"},
           {"y", "kSvd"},
           {"rows", s.rows.size()},
           {"heads", all.size()},
           {"spearman", orNull(headsCorrelation(all))},
           {"bootstraps", bootstraps}};
  // Heads resampled with replacement, each with all its rows: the interval of a study of other heads like these.
  Rng rng(seed, 0, NormalMethod::BoxMuller);
  std::vector<double> draws;
  for (int b = 0; b < bootstraps && all.size() > 1; ++b) {
    std::vector<const std::vector<const Json*>*> pick;
    for (std::size_t i = 0; i < all.size(); ++i) pick.push_back(all[rng.next() % all.size()]);
    if (const auto rho = headsCorrelation(pick)) draws.push_back(*rho);
  }
  out["interval"] = draws.size() >= 10 ? Json::array({quantile(draws, 0.025), quantile(draws, 0.975)}) : Json(nullptr);
  out["reference"] = {{"spearman", 0.574},
                      {"source",
                       "Sui & Zhang, arXiv 2608.28150: 84 BERT-base heads × n ∈ {64, 128, 256} × 5 "
                       "temperatures × 3 error levels, as a summary of the paper reports it (the paper's own "
                       "text was not reachable)"}};
  return out;
}

Json bands() {
  const std::string lee = "Lee, arXiv 2604.04384: 5,888 KV heads of five decoder language models (124M–7B)";
  return {{"energy90", {{"low", 2}, {"high", 11}, {"of", "row-centred logits"}, {"source", lee}}},
          {"weightsEnergy90", {{"low", 38}, {"high", 75}, {"of", "W_Qᵀ W_K, d_h ∈ {64, 128}"}, {"source", lee}}},
          {"antisymmetryNull",
           {{"value", std::sqrt(0.5)},
            {"source", "a random matrix's antisymmetric part carries 1/√2 of its norm (random-orientation null)"}}}};
}

}  // namespace

std::vector<CorpusWindow> corpusWindows(const WindowRequest& r) {
  const std::int64_t specials = static_cast<std::int64_t>(r.prefix.size() + r.suffix.size());
  if (r.windowsPerLength < 1) throw ParamError("windows must be at least 1");
  std::vector<CorpusWindow> out;
  for (std::int64_t n : r.lengths) {
    if (n > r.tokenLimit)
      throw ParamError("n: " + std::to_string(n) + " is beyond the model's " + std::to_string(r.tokenLimit) +
                       " positions");
    const std::int64_t body = n - specials;
    if (body < 1)
      throw ParamError("n: " + std::to_string(n) + " leaves no room for text beside the tokenizer's " +
                       count(static_cast<std::size_t>(specials), "special token"));
    const std::int64_t needed = body * r.windowsPerLength, have = static_cast<std::int64_t>(r.stream.size());
    if (needed > have)
      throw ParamError("corpus: " + count(static_cast<std::size_t>(have), "token") + ", too short for " +
                       count(static_cast<std::size_t>(r.windowsPerLength), "window") + " of n = " + std::to_string(n) +
                       " (" + std::to_string(needed) +
                       " tokens of text needed); give a longer corpus or fewer windows");
    for (int w = 0; w < r.windowsPerLength; ++w) {
      CorpusWindow cw{static_cast<int>(n), w, r.prefix};
      const auto first = r.stream.begin() + static_cast<std::ptrdiff_t>(body * w);
      cw.ids.insert(cw.ids.end(), first, first + static_cast<std::ptrdiff_t>(body));
      cw.ids.insert(cw.ids.end(), r.suffix.begin(), r.suffix.end());
      out.push_back(std::move(cw));
    }
  }
  return out;
}

Json combineModelStudy(const Json& windows, const Json& runs, std::uint64_t seed, int bootstraps) {
  StudyRows s;
  tagRows(runs, s);
  return {{"windows", windows},
          {"rows", s.rows},
          {"heads", headSummaries(s)},
          {"association", association(s, seed, bootstraps)},
          {"bands", bands()}};
}

}  // namespace attnlab
