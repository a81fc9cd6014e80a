// SPDX-License-Identifier: Apache-2.0
// rmt-transition end to end through the experiment contract (plan/runJob/combine): its sweep points against the
// theory at d = 200 with either rng, job order and subsets, and Table 5.4 at d = 800 ([.slow][reproduction]).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <random>

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

using fixture::run;

// The values of the finished jobs of a sweep, each run once.
Json finishedJobs(const std::string& id, const Json& params) {
  const Outcome planned = planExperiment(id, params, {});
  REQUIRE(planned.ok);
  Json finished = Json::array();
  int index = 0;
  for (const auto& job : planned.value["jobs"]) {
    const Outcome out = runExperimentJob(id, job, {}, Progress());
    REQUIRE(out.ok);
    finished.push_back({{"index", index++}, {"result", out.value}});
  }
  return finished;
}

// rmt-transition's sweep points against theory (mean over `seeds`), and job order and subsets do not matter.
void checkTransition(const std::string& rng, int seeds) {
  INFO("rng = " << rng << ", seeds = " << seeds);
  const Json params = {{"d", 200}, {"mu2", "0.25,4"}, {"pools", "mean,optimal"}, {"seeds", seeds}, {"rng", rng}};
  const Json finished = finishedJobs("rmt-transition", params);
  REQUIRE(finished.size() == 4u * seeds);
  const Outcome all = combineExperiment("rmt-transition", params, finished);
  REQUIRE(all.ok);
  const Json& r = all.value;
  CHECK(shapeMismatch(findExperiment("rmt-transition")->result, r) == "");
  CHECK(r == run("rmt-transition", params));
  const Json& theory = r["theory"];
  CHECK_THAT(theory["rhoPopulation"].get<double>(), WithinAbs(1.207107, 1e-5));
  CHECK_THAT(theory["rhoSample"].get<double>(), WithinAbs(1.554547, 1e-5));
  for (const auto& point : r["points"]) {
    const Json& pool = theory["pools"][point["pool"].get<int>()];
    const std::vector<double> mu2 = pool["curve"]["mu2"], overlap = pool["curve"]["overlap"],
                              eig = pool["curve"]["eigenvalue"];
    const auto at = std::find(mu2.begin(), mu2.end(), point["mu2"].get<double>()) - mu2.begin();
    REQUIRE(at < static_cast<long>(mu2.size()));  // the listed mu2 are on the theory grid
    INFO(pool["pool"] << " mu2 = " << point["mu2"]);
    CHECK(point["overlap"]["n"] == seeds);
    // Below the sample threshold lambda_1 sits at the edge up to finite-d (Tracy–Widom) shrinkage: ~5 % at d = 200.
    CHECK_THAT(point["eigenvalue"]["mean"].get<double>(), WithinRel(eig[at], point["mu2"] == 4 ? 0.04 : 0.08));
    if (point["mu2"] == 4) CHECK_THAT(point["overlap"]["mean"].get<double>(), WithinAbs(overlap[at], 0.03));
  }
  // Reversed and shuffled job orders combine to the same result; a subset combines to its own points.
  Json reversed = Json::array();
  for (auto it = finished.rbegin(); it != finished.rend(); ++it) reversed.push_back(*it);
  CHECK(combineExperiment("rmt-transition", params, reversed).value == r);
  Json shuffled = finished;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
  CHECK(combineExperiment("rmt-transition", params, shuffled).value == r);
  Json firstSeed = Json::array();
  for (const auto& f : finished)
    if (f["result"]["seedIndex"] == 0) firstSeed.push_back(f);
  const Json partial = combineExperiment("rmt-transition", params, firstSeed).value;
  CHECK(partial["jobsDone"] == 4);
  CHECK(partial["points"].size() == 4);
  CHECK(partial["points"][0]["overlap"]["n"] == 1);
  CHECK(partial["theory"] == r["theory"]);
}

}  // namespace

TEST_CASE("rmt-transition: sweep points against theory; job order and subsets do not matter", "[rmt][experiments]") {
  // Box–Muller: the three seeds this test always had. The ziggurat: ten, because at mu2 = 4 (mean pooling) one
  // seed's lambda_1 has sd 4 % around a finite-d mean 1.9 % below theory (30 seeds, either stream), so three
  // seeds sit within the 4 % by luck of the draw; the ziggurat's three do not (-4.5 %), its ten do (-0.9 %).
  checkTransition("box-muller", 3);
  checkTransition("ziggurat", 10);
}

namespace {
void checkTable54(const std::string& rng, int seeds) {
  const Json r =
      run("rmt-transition",
          {{"d", 800}, {"mu2", "0.25,0.5,1,2,4"}, {"pools", "mean,causal,optimal"}, {"seeds", seeds}, {"rng", rng}});
  for (const auto& point : r["points"]) {
    const Json& pool = r["theory"]["pools"][point["pool"].get<int>()];
    const std::vector<double> mu2 = pool["curve"]["mu2"], overlap = pool["curve"]["overlap"],
                              eig = pool["curve"]["eigenvalue"], rho = pool["curve"]["rho"];
    const auto at = std::find(mu2.begin(), mu2.end(), point["mu2"].get<double>()) - mu2.begin();
    INFO(rng << ", " << seeds << " seeds: " << pool["pool"] << " mu2 = " << point["mu2"]);
    const double sd = point["eigenvalue"]["sd"];
    CHECK(std::fabs(point["eigenvalue"]["mean"].get<double>() - eig[at]) <=
          std::max(0.02 * eig[at], 3 * sd / std::sqrt(seeds)));
    if (rho[at] - r["theory"]["rhoSample"].get<double>() > 0.5)
      CHECK_THAT(point["overlap"]["mean"].get<double>(), WithinAbs(overlap[at], 0.02));
  }
}
}  // namespace

TEST_CASE("Table 5.4 (docs/theory/rmt.md#table-simulation) through rmt-transition at d = 800",
          "[.slow][reproduction][rmt]") {
  // Box–Muller: the five seeds this check always had. The ziggurat: twenty, because one seed's overlap has sd ~0.03,
  // so the mean of five is outside ±0.02 about one time in eight per point, with either stream (seed values 1..10:
  // box-muller 1 of 10, ziggurat 2 of 10 outside, at causal mu2 = 1).
  checkTable54("box-muller", 5);
  checkTable54("ziggurat", 20);
}
#endif  // ATTNLAB_WASM_TESTS
