// SPDX-License-Identifier: Apache-2.0
// Paper-2 experiments end to end through the experiment contract (runExperiment, theory): shapes, theory against
// simulation at small d, the theory function against a full run, refusals naming the parameter, progress and stop.
// Reference sizes: [.slow][reproduction]. rmt-transition's sweep (plan/runJob/combine, job order, Table 5.4):
// test_rmt_transition.cpp.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "lab/experiment.hpp"
#include "lab/result_shape.hpp"
#include "experiment_fixture.hpp"

// Natively only: through wasm these end-to-end runs take minutes and gigabytes; the wasm build of
// every experiment is checked against the native one by tests/web/native-vs-wasm.test.ts.
#ifndef ATTNLAB_WASM_TESTS

using namespace attnlab;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

using fixture::refused;
using fixture::run;

Inputs matrixInput(int T, const std::vector<double>& rowMajor) { return {{"R", InputArray{{T, T}, false, rowMajor}}}; }

}  // namespace

TEST_CASE("the theory function equals the theory keys of a full run", "[rmt][experiments]") {
  const std::vector<std::pair<std::string, Json>> cases = {
      {"rmt-spectrum", {{"d", 80}, {"pool", "causal"}, {"mu2", 3}}},
      {"rmt-spectrum", {{"d", 80}, {"variant", "B"}, {"R", "decay:0.8"}, {"pool", "0.4,0.3,0.2,0.1"}, {"T", 4}}},
      {"rmt-transition",
       {{"d", 40}, {"mu2", "0.5,3"}, {"seeds", 2}, {"pools", "mean,optimal,0.5/0.5/0/0/0/0/0/0/0/0"}}},
      {"rmt-weights", {{"d", 40}, {"sequences", 10}, {"R", "ar:0.6"}, {"tau", 1}}},
      {"rmt-phase", {{"axis", "delta"}, {"mu2", 0.6}, {"pool", "optimal"}}},
  };
  for (const auto& [id, params] : cases) {
    INFO(id << " " << params.dump());
    const Outcome theory = theoryExperiment(id, params);
    INFO(theory.error);
    REQUIRE(theory.ok);
    const Json full = run(id, params);
    REQUIRE(theory.value.size() > 0);
    for (const auto& item : theory.value.items()) {
      INFO(item.key());
      REQUIRE(full.contains(item.key()));
      CHECK(full[item.key()] == item.value());
    }
  }
  CHECK_FALSE(theoryExperiment("rmt-ridge", Json::object()).ok);  // simulation only
}

TEST_CASE("rmt-spectrum: simulation lands on the theory at d = 200", "[rmt][experiments]") {
  // Further checks at d = 200 (docs/theory/rmt.md#extra-checks) (harmonic, mu2 = 2): theory 1.0931 / 0.9023.
  const Json r = run("rmt-spectrum", {{"d", 200}, {"pool", "causal"}, {"mu2", 2}});
  CHECK_THAT(r["topEigenvalueTheory"].get<double>(), WithinRel(1.0931, 2e-3));
  CHECK_THAT(r["overlapTheory"].get<double>(), WithinAbs(0.9023, 2e-3));
  CHECK_THAT(r["topEigenvalue"].get<double>(), WithinRel(r["topEigenvalueTheory"].get<double>(), 0.05));
  CHECK_THAT(r["overlap"].get<double>(), WithinAbs(r["overlapTheory"].get<double>(), 0.04));
  const std::vector<double> ev = r["eigenvalues"];
  REQUIRE(ev.size() == 200);
  CHECK(std::is_sorted(ev.begin(), ev.end()));
  CHECK(ev.back() == r["topEigenvalue"].get<double>());
  // The bulk: the second eigenvalue is near the upper edge, the mean eigenvalue is kappa (first moment).
  const double kappa = r["kappa"];
  CHECK_THAT(ev[ev.size() - 2], WithinRel(r["bulkEdges"]["upper"].get<double>(), 0.08));
  double mean = 0;
  for (std::size_t i = 0; i + 1 < ev.size(); ++i) mean += ev[i] / (ev.size() - 1);
  CHECK_THAT(mean / kappa, WithinAbs(1.0, 0.05));
  // The density integrates to 1 over the support (no atom at delta, gamma < 1).
  const std::vector<double> x = r["density"]["x"], f = r["density"]["f"];
  double mass = 0;
  for (std::size_t i = 1; i < x.size(); ++i) mass += 0.5 * (f[i] + f[i - 1]) * (x[i] - x[i - 1]);
  CHECK_THAT(mass, WithinAbs(1.0, 0.01));
  CHECK(r["atomAtZero"].get<double>() == 0);
}

TEST_CASE("rmt-spectrum: Variant B, centred, follows the corrected theory", "[rmt][experiments]") {
  const Json r = run("rmt-spectrum", {{"d", 300}, {"variant", "B"}, {"centre", "1"}, {"pool", "optimal"}, {"mu2", 2}});
  CHECK_FALSE(r["meanSpikeOnTop"].get<bool>());
  CHECK_THAT(r["topEigenvalue"].get<double>(), WithinRel(r["realisedTheory"]["topEigenvalue"].get<double>(), 0.05));
  CHECK_THAT(r["overlap"].get<double>(), WithinAbs(r["realisedTheory"]["overlap"].get<double>(), 0.04));
}

TEST_CASE("rmt-weights: attention weights match the formula; closed forms equal the numerics", "[rmt][experiments]") {
  // Issue 8 acceptance: the measured causal-attention weights match w_j(tau) within 0.005 at d = 800.
  for (double tau : {0.0, 1.0}) {
    const Json r = run("rmt-weights", {{"d", 800}, {"tau", tau}, {"sequences", 100}});
    INFO("tau = " << tau);
    CHECK(r["attention"]["maxDeviation"].get<double>() < 0.005);
    CHECK(r["prefixK"] == 3);
    for (const auto& p : r["poolings"]) {
      INFO(p["name"]);
      CHECK(p["snrGain"].get<double>() <= r["lambdaMax"].get<double>() + 1e-12);
      if (p["closedForm"].is_null()) continue;
      CHECK_THAT(p["alpha"].get<double>(), WithinAbs(p["closedForm"]["alpha"].get<double>(), 1e-12));
      CHECK_THAT(p["kappa"].get<double>(), WithinAbs(p["closedForm"]["kappa"].get<double>(), 1e-12));
    }
    CHECK_THAT(r["poolings"][2]["snrGain"].get<double>(),
               WithinAbs(2.47522, 1e-5));  // harmonic, docs/theory/rmt.md#prefix-model
    CHECK_THAT(r["poolings"][3]["snrGain"].get<double>(), WithinAbs(3.0, 1e-12));  // optimal = k
  }
  // Harmonic weights against the worked vector of docs/theory/rmt.md#causal-weights (T = 10, tau = 0).
  const Json r = run("rmt-weights", {{"d", 40}, {"sequences", 5}});
  const std::vector<double> harmonic = r["poolings"][2]["weights"];
  const double expected[] = {.2929, .1929, .1429, .1096, .0846, .0646, .0479, .0336, .0211, .0100};
  for (int t = 0; t < 10; ++t) CHECK_THAT(harmonic[t], WithinAbs(expected[t], 1e-4));
}

TEST_CASE("rmt-phase: the two-transition window of docs/theory/rmt.md#two-transitions", "[rmt][experiments]") {
  // delta = .5, gamma = 1: the window is rho in (1.207, 2.118) (Table 5.1); optimal pooling on prefix:3 has gain 3.
  const Json r = run("rmt-phase", {{"delta", 0.5}, {"gamma", 1}, {"pool", "optimal"}, {"mu2", 0.55}});
  CHECK_THAT(r["current"]["rhoPopulation"].get<double>(), WithinAbs(1.207107, 1e-5));
  CHECK_THAT(r["current"]["rhoSample"].get<double>(), WithinAbs(2.118034, 1e-5));
  CHECK_THAT(r["current"]["rho"].get<double>(), WithinAbs(1.65, 1e-12));
  CHECK(r["current"]["region"] == "population");
  CHECK(run("rmt-phase", {{"pool", "optimal"}, {"mu2", 1}})["current"]["region"] == "sample");
  CHECK(run("rmt-phase", {{"mu2", 0.25}})["current"]["region"] == "none");
  // rho_c > rho_pop everywhere along the axis; the overlap map is 0 below rho_c and in [0, 1).
  const std::vector<double> pop = r["rhoPopulation"], sample = r["rhoSample"], map = r["overlapMap"]["data"];
  for (std::size_t i = 0; i < pop.size(); ++i) CHECK(sample[i] > pop[i]);
  CHECK(*std::min_element(map.begin(), map.end()) == 0);
  CHECK(*std::max_element(map.begin(), map.end()) < 1);
}

TEST_CASE("rmt-ridge: optimal pooling classifies better than mean pooling", "[rmt][experiments]") {
  const Json r = run("rmt-ridge", {{"d", 100}, {"mu2", "0.5"}, {"ntrain", 400}, {"ntest", 1000}, {"seeds", 2}});
  REQUIRE(r["points"].size() == 3);
  const double mean = r["points"][0]["accuracy"]["mean"], causal = r["points"][1]["accuracy"]["mean"],
               optimal = r["points"][2]["accuracy"]["mean"];
  CHECK(optimal > causal);
  CHECK(causal > mean);
  CHECK(mean > 0.5);
}

TEST_CASE("bad paper-2 input is refused naming the parameter", "[rmt][experiments][validation]") {
  refused("rmt-spectrum", {{"delta", 0}}, "delta");
  refused("rmt-spectrum", {{"gamma", -1}}, "gamma");
  refused("rmt-transition", {{"delta", "0"}}, "delta");
  refused("rmt-spectrum", {{"pool", "causal:inf"}}, "pool");
  refused("rmt-spectrum", {{"pool", "causal:nan"}}, "pool");
  refused("rmt-spectrum", {{"pool", "0.5,0.5"}}, "pool: custom weights need T = 10");
  refused("rmt-transition", {{"pools", "mean,0.5/0.5"}}, "pools");
  // Numbers inside text parameters follow the numeric parameters' syntax, and overflowing weights name their key.
  refused("rmt-spectrum", {{"R", "ar:0x.8"}}, "R: ar:phi needs a number phi in [-1, 1], written as a plain decimal");
  refused("rmt-weights", {{"R", "prefix:0x3"}}, "R: prefix:k needs an integer k");
  refused("rmt-spectrum", {{"pool", "causal:0x1p3"}},
          "pool: causal:tau needs a number tau in [-30, 30], written as a plain decimal");
  refused("rmt-transition", {{"pools", "mean,causal:0x1p3"}}, "pools: causal:tau");
  refused("rmt-spectrum", {{"T", 3}, {"pool", "1e308,1e308,1e308"}}, "pool: custom weights are too large");
  refused("rmt-phase", {{"T", 3}, {"pool", "1e308,1,1"}}, "pool: custom weights are too large");
  refused("rmt-transition", {{"T", 3}, {"pools", "mean,1e308/1e308/1"}}, "pools: custom weights are too large");
  refused("rmt-spectrum", {{"pool", "0,0,0,0,0,0,0,0,0,0"}}, "pool: custom weights must be finite and not all zero");
  refused("rmt-spectrum", {{"R", "prefix:12"}}, "R: prefix:k needs k in [1, T]");
  refused("rmt-phase", {{"R", "prefix:11"}}, "R");
  refused("rmt-spectrum", {{"R", "wave:3"}}, "R");
  refused("rmt-spectrum", {{"R", "prefix 3"}}, "R must be text");
  refused("rmt-ridge", {{"R", "ar:0.5"}}, "R: ridge classification needs a latent sequence label");
  refused("rmt-spectrum", Json::object(), "R", matrixInput(2, {1, 0.5, 0.4, 1}));  // not symmetric
  refused("rmt-spectrum", Json::object(), "R", matrixInput(2, {2, 0.5, 0.5, 1}));  // diagonal not 1
  refused("rmt-spectrum", Json::object(), "R", matrixInput(3, {1, 0.9, -0.9, 0.9, 1, 0.9, -0.9, 0.9, 1}));  // not PSD
  refused("rmt-spectrum", {{"d", 8192}, {"budget", 16}}, "parameters d, delta, gamma");
  refused("rmt-transition", {{"d", 8192}, {"gamma", 0.01}, {"budget", 16}}, "parameters d, gamma");
}

TEST_CASE("a custom R file drives the run; T comes from the file", "[rmt][experiments]") {
  const Inputs file = matrixInput(3, {1, 0.5, 0.25, 0.5, 1, 0.5, 0.25, 0.5, 1});
  const Json r = run("rmt-spectrum", {{"d", 60}, {"pool", "optimal"}}, file);
  CHECK(r["sizes"]["T"] == 3);
  CHECK(r["weights"].size() == 3);
  const Json t = run("rmt-transition", {{"d", 40}, {"mu2", "1"}, {"seeds", 1}, {"pools", "mean,optimal"}}, file);
  CHECK(t["theory"]["pools"][1]["snrGain"].get<double>() > t["theory"]["pools"][0]["snrGain"].get<double>());
}

TEST_CASE("paper-2 runs report labelled progress and stop when asked", "[rmt][experiments]") {
  std::vector<std::string> labels;
  const Outcome out =
      runExperiment("rmt-spectrum", {{"d", 60}}, {}, Progress([&](double done, double total, const std::string& label) {
                      CHECK(done <= total);
                      if (!label.empty()) labels.push_back(label);
                      return true;
                    }));
  REQUIRE(out.ok);
  CHECK(labels.size() >= 2);
  for (const char* id : {"rmt-spectrum", "rmt-transition", "rmt-weights", "rmt-ridge", "rmt-phase"}) {
    INFO(id);
    const Outcome stopped = runExperiment(id, {{"seed", 3}}, {}, Progress([](double, double) { return false; }));
    CHECK_FALSE(stopped.ok);
    CHECK(stopped.error == "stopped");
  }
}

TEST_CASE("Table 5.7 (docs/theory/rmt.md#table-ridge) ordering through rmt-ridge at d = 400",
          "[.slow][reproduction][rmt]") {
  for (double lambda : {0.1, 1.0}) {
    const Json r = run("rmt-ridge", {{"mu2", "0.1,0.25,0.5,1"}, {"lambda", lambda}, {"seeds", 5}});
    for (int i = 0; i < 4; ++i) {
      INFO("lambda = " << lambda << ", point " << i);
      const double mean = r["points"][i]["accuracy"]["mean"], causal = r["points"][4 + i]["accuracy"]["mean"],
                   optimal = r["points"][8 + i]["accuracy"]["mean"];
      CHECK(optimal > causal);
      CHECK(causal > mean);
    }
  }
}
#endif  // ATTNLAB_WASM_TESTS
