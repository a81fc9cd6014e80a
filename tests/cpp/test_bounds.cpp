// SPDX-License-Identifier: Apache-2.0
// One truth for bounds: the numerical library accepts every value the experiments' schemas accept (a
// library check can never refuse what the panel, a link or the CLI let through), and where the library
// takes a range of its own it is named once, next to the code that needs it (docs/ARCHITECTURE.md).
#include <catch2/catch.hpp>

#include <algorithm>

#include "lab/experiment.hpp"
#include "numerics/rank/point.hpp"
#include "numerics/rmt/bulk_law.hpp"
#include "numerics/rmt/spike_theory.hpp"

using namespace attnlab;

namespace {
const ParamDecl* findParam(const Experiment& e, const std::string& key) {
  for (const auto& p : e.params)
    if (p.key == key) return &p;
  return nullptr;
}
}  // namespace

TEST_CASE("every paper-2 schema's delta and gamma lie inside the bulk law's domain", "[bounds][rmt]") {
  int checked = 0;
  for (const auto& e : experiments()) {
    if (e.family != "rmt") continue;  // paper 1's delta and gamma are other quantities
    for (const char* key : {"delta", "gamma"}) {
      const ParamDecl* p = findParam(e, key);
      if (!p) continue;
      INFO(e.id << " " << key);
      CHECK(p->min > 0);
      CHECK(p->max <= kBulkRatioMax);
      const bool isDelta = std::string(key) == "delta";
      for (const double end : {p->min, p->max, p->defaultValue.get<double>()})
        CHECK_NOTHROW(checkBulkRatios(isDelta ? end : 0.5, isDelta ? 0.5 : end));
      ++checked;
    }
  }
  CHECK(checked >= 8);  // delta in all five paper-2 experiments, gamma in three
  CHECK_THROWS_WITH(checkBulkRatios(kBulkRatioMax * 1.01, 0.5), Catch::Contains("delta"));
  CHECK_THROWS_WITH(checkBulkRatios(0.5, 0), Catch::Contains("gamma"));
}

TEST_CASE("every paper-3 schema's d, n and beta are the rank point's own range, ends included", "[bounds][rank]") {
  int checked = 0;
  for (const auto& e : experiments()) {
    if (e.family != "rank") continue;
    const ParamDecl* d = findParam(e, "d");
    const ParamDecl* n = findParam(e, "n");
    const ParamDecl* beta = findParam(e, "beta") ? findParam(e, "beta") : findParam(e, "betas");
    if (!d || !n) continue;  // rank-zoo: fixed heads, no point set of its own
    INFO(e.id);
    CHECK(d->min == kRankMinD);
    CHECK(d->max == kRankMaxD);
    CHECK(n->min == kRankMinN);
    CHECK(n->max == kRankMaxN);
    if (beta) CHECK(beta->max == kRankMaxBeta);
    ++checked;
  }
  CHECK(checked >= 5);  // rank-beta, rank-n, rank-eps, rank-ladder, rank-interaction
  // The library accepts the schema's ends and refuses one step outside, naming the parameter.
  const auto point = [](int d, int n, double beta) {
    RankPointParams p;
    p.d = d;
    p.n = n;
    p.beta = beta;
    validateRankPointParams(p);
  };
  CHECK_NOTHROW(point(kRankMinD, kRankMinN, kRankMaxBeta));
  CHECK_NOTHROW(point(kRankMaxD, kRankMaxN, 1e-9));
  CHECK_THROWS_WITH(point(kRankMinD - 1, 64, 1), Catch::Contains("d must be an integer in [2, 16]"));
  CHECK_THROWS_WITH(point(kRankMaxD + 1, 64, 1), Catch::Contains("d must be"));
  CHECK_THROWS_WITH(point(3, kRankMinN - 1, 1), Catch::Contains("n must be an integer in [8, 2048]"));
  CHECK_THROWS_WITH(point(3, kRankMaxN + 1, 1), Catch::Contains("n must be"));
  CHECK_THROWS_WITH(point(3, 64, kRankMaxBeta * 1.001), Catch::Contains("beta must be"));
}

TEST_CASE("the rank point's defaults are the schemas' base defaults", "[bounds][rank]") {
  const RankPointParams p;
  const Experiment* eps = nullptr;
  for (const auto& e : experiments())
    if (e.id == "rank-eps") eps = &e;
  REQUIRE(eps);
  CHECK(findParam(*eps, "d")->defaultValue.get<int>() == p.d);
  CHECK(findParam(*eps, "n")->defaultValue.get<int>() == p.n);
  CHECK(findParam(*eps, "beta")->defaultValue.get<double>() == p.beta);
}

TEST_CASE("input rules: what a file replaces and its companion are the experiment's own", "[bounds][inputs]") {
  for (const attnlab::Experiment& e : attnlab::experiments()) {
    for (const attnlab::InputRule& rule : e.inputs) {
      for (const std::string& key : rule.replaces) {
        INFO(e.id << ": input " << rule.name << " replaces " << key);
        CHECK(std::any_of(e.params.begin(), e.params.end(), [&](const attnlab::ParamDecl& p) { return p.key == key; }));
      }
      if (!rule.scaleParam.empty()) {
        INFO(e.id << ": input " << rule.name << " fills " << rule.scaleParam);
        CHECK(std::any_of(e.params.begin(), e.params.end(),
                          [&](const attnlab::ParamDecl& p) { return p.key == rule.scaleParam; }));
        CHECK(rule.headBundle);
      }
      if (rule.companion.empty()) continue;
      INFO(e.id << ": input " << rule.name << "'s companion " << rule.companion);
      const auto other = std::find_if(e.inputs.begin(), e.inputs.end(),
                                      [&](const attnlab::InputRule& r) { return r.name == rule.companion; });
      REQUIRE(other != e.inputs.end());
      CHECK(other->companion == rule.name);  // both ways: Q's bundle fills K, K's fills Q
      CHECK(rule.headBundle);
    }
  }
  // The uploads the page offers replace what the files determine.
  const auto inputOf = [](const char* id) { return attnlab::findExperiment(id)->inputs.at(0); };
  CHECK(inputOf("sparse-approx").replaces == std::vector<std::string>{"n", "k", "gamma"});
  CHECK(inputOf("rmt-spectrum").replaces == std::vector<std::string>{"T", "R"});
  CHECK(inputOf("rank-zoo").replaces == std::vector<std::string>{"family"});
  CHECK(attnlab::experimentJson(*attnlab::findExperiment("rank-zoo"))["inputs"][0]["companion"] == "k");
}
