// SPDX-License-Identifier: Apache-2.0
// Paper-3 experiments on given heads end to end through the experiment contract: rank-interaction on synthetic, zoo
// and uploaded heads, rank-zoo against docs/theory/rank.md#calibration-study (order free, uploaded stacks), and
// malformed uploads refused naming the input.
#include <catch2/catch.hpp>
#include <cmath>

#include "lab/experiment.hpp"
#include "lab/result_shape.hpp"
#include "experiment_fixture.hpp"
#include "inputs_fixture.hpp"
#include "rank_fixture.hpp"

// Natively only: through wasm these end-to-end runs take minutes and gigabytes; the wasm build of
// every experiment is checked against the native one by tests/web/native-vs-wasm.test.ts.
#ifndef ATTNLAB_WASM_TESTS

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {

using fixture::refused;
using fixture::run;
using rank_fixture::checkOrderFree;
using rank_fixture::finishedJobs;
using rank_fixture::normals;
using rank_fixture::qkInputs;

}  // namespace

TEST_CASE("rank-interaction: synthetic, zoo and uploaded heads", "[rank][experiments]") {
  const Json s = run("rank-interaction", {{"source", "synthetic"}, {"n", 64}, {"d", 3}, {"beta", 8}});
  CHECK(s["rVis"] == 3);  // docs/theory/rank.md#interaction-experiment
  CHECK(s["head"]["source"] == "synthetic");
  const Json z = run("rank-interaction", {{"family", "sink"}, {"variant", 11}, {"tauScale", "sigma1"}});
  CHECK(z["kSvd"] == 7);  // per-head check of docs/theory/rank.md#calibration-study
  CHECK(z["rVis"] == 64);
  for (const auto& t : z["tolerance"]) {
    CHECK(t["tauNats"].get<double>() == Approx(t["tau"].get<double>() * z["sigmaVis"][0].get<double>()));
    CHECK(t["measuredError"].get<double>() <= t["guaranteedError"].get<double>() + 1e-12);
  }
  const std::vector<double> e = z["residual"], osc = z["boundOsc"], sig = z["boundSigma"];
  for (std::size_t r = 0; r < e.size(); ++r) {
    CHECK(e[r] <= osc[r] + 1e-12);
    CHECK(osc[r] <= sig[r] + 1e-12);
  }
  CHECK(z["lowerBound"].get<int>() <= z["kSvd"].get<int>());
  const Json u = run("rank-interaction", {{"head", 1}}, qkInputs({2, 40, 8}));
  CHECK(u["head"]["source"] == "upload");
  CHECK(u["head"]["label"] == "H1");
  CHECK(u["head"]["heads"] == 2);
  CHECK(u["rVis"] == 8);  // bilinear logits: r_vis <= d_h
  CHECK(u["svdError"].get<double>() <= 0.1);
}

TEST_CASE("malformed uploads are refused naming the input, before allocating", "[rank][experiments][upload]") {
  refused("rank-interaction", Json::object(), "k: K must have the shape of Q (40, 8), got (40, 6)",
          {{"q", InputArray{{40, 8}, false, normals(320, 1)}}, {"k", InputArray{{40, 6}, false, normals(240, 2)}}});
  refused("rank-interaction", Json::object(), "k: a Q file needs its K file",
          {{"q", InputArray{{40, 8}, false, normals(320, 1)}}});
  std::vector<double> bad = normals(320, 1);
  bad[17] = std::nan("");
  refused("rank-interaction", Json::object(), "q: q must be finite",
          {{"q", InputArray{{40, 8}, false, bad}}, {"k", InputArray{{40, 8}, false, normals(320, 2)}}});
  std::vector<double> p(16 * 16, 1.0 / 16);
  p[5] += 0.01;
  refused("rank-interaction", Json::object(), "attention: attention rows must sum to 1",
          {{"attention", InputArray{{16, 16}, false, p}}});
  refused("rank-interaction", {{"head", 2}}, "head must be an integer in [0, 1]", qkInputs({2, 40, 8}));
  refused("rank-interaction", Json::object(), "n must be in [2, 1024]", qkInputs({1100, 2}));
  refused("rank-interaction", Json::object(), "not several kinds",
          {{"attention", InputArray{{16, 16}, false, std::vector<double>(256, 1.0 / 16)}},
           {"logits", InputArray{{16, 16}, false, std::vector<double>(256, 0)}}});
  // The platform parser: wrong dtype, truncated file, claimed shape beyond the budget (header only).
  const double budget = 64.0 * 1024 * 1024;
  ParseOutcome out =
      parseExperimentInput("rank-interaction", "q", "q.npy",
                           fixture::npyRaw(fixture::dictText("<c16", {4, 2}, false), std::string(128, '\0')), budget);
  CHECK_FALSE(out.ok);
  CHECK_THAT(out.error, Contains("q: q.npy") && Contains("unsupported dtype"));
  std::string file = fixture::npy("<f8", {40, 8}, normals(320, 1));
  out = parseExperimentInput("rank-interaction", "k", "k.npy", file.substr(0, file.size() - 100), budget);
  CHECK_FALSE(out.ok);
  CHECK_THAT(out.error, Contains("k: k.npy") && Contains("bytes"));
  out = parseExperimentInput("rank-interaction", "attention", "p.npy",
                             fixture::npyRaw(fixture::dictText("<f8", {4000, 4000}, false), std::string(64, '\0')),
                             budget);
  CHECK_FALSE(out.ok);
  CHECK_THAT(out.error, Contains("attention: p.npy"));
  out = parseExperimentInput("rank-interaction", "attention", "p.npy",
                             fixture::npy("<f8", {3, 4}, std::vector<double>(12, 0.25)), budget);
  CHECK_FALSE(out.ok);  // not square
  CHECK_THAT(out.error, Contains("attention"));
}

TEST_CASE(
    "rank-zoo: a family subset matches the exact heads of docs/theory/rank.md#calibration-study; order free; uploaded "
    "stacks",
    "[rank][experiments][zoo]") {
  const Json params = {{"family", "lowrank"}, {"betaMults", "1"}};
  const Json finished = finishedJobs("rank-zoo", params);
  REQUIRE(finished.size() == 12);
  const Json whole = combineExperiment("rank-zoo", params, finished).value;
  CHECK(shapeMismatch(findExperiment("rank-zoo")->result, whole) == "");
  const Json& v0 =
      whole["rows"][0];  // docs/theory/rank.md#calibration-study: lowrank v0 -> 1, 1, 1, 1, 1, 6, 4, U5 = 12
  CHECK(v0["variant"] == 0);
  CHECK(v0["rVis"] == 1);
  CHECK(v0["kSvd"] == 6);
  CHECK(v0["lowerBoundPoolData"] == 4);
  CHECK(v0["kComb"] == 12);
  CHECK(whole["synthetic"] == true);
  REQUIRE(whole["families"].size() == 1);
  CHECK(whole["families"][0]["heads"] == 12);
  CHECK(whole["spearman"].size() == 6);
  for (const auto& row : whole["rows"]) CHECK(row["lowerBound"].get<int>() <= row["kSvd"].get<int>());
  checkOrderFree("rank-zoo", params, finished, whole);
  const Json up = run("rank-zoo", {{"betaMults", "0.5,1"}}, qkInputs({3, 32, 4}));
  CHECK(up["rows"].size() == 6);
  CHECK(up["synthetic"] == false);
  CHECK(up["jobsTotal"] == 6);
  CHECK(up["rows"][0]["family"] == "H0");
  // Heads given by layer are labelled by layer even when there is one layer (a model read to its layer 0): the
  // page's head atlas needs L×H labels.
  const Json one = run("rank-zoo", {{"betaMults", "1"}}, qkInputs({1, 3, 32, 4}));
  REQUIRE(one["rows"].size() == 3);
  CHECK(one["rows"][2]["family"] == "L0H2");
  CHECK(one["rows"][2]["layer"] == 0);
  CHECK(one["rows"][2]["head"] == 2);
}
#endif  // ATTNLAB_WASM_TESTS
