// SPDX-License-Identifier: Apache-2.0
// Paper 1 end to end, sparse-approx: Theorem R's bound, the construction's verdicts on one pattern (generated or
// uploaded), and the parameter refusals of both paper-1 experiments.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "lab/experiment.hpp"
#include "lab/result_shape.hpp"
#include "lab/experiments/sparse/approx.hpp"
#include "sparse_fixture.hpp"

using namespace attnlab;
using namespace sparse_fixture;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("Theorem R bound matches the worked values of docs/theory/sparse.md#theorem-r", "[sparse][bound]") {
  CHECK(theoremBound(128, 2, 2, 1, 0.5) == 3848);
  CHECK(theoremBound(512, 2, 2, 1, 0.5) == 4753);
  CHECK(theoremBound(1024, 2, 2, 1, 0.5) == 5205);
  CHECK(theoremBound(3072, 2, 2, 1, 0.5) == 5923);
  CHECK(theoremBound(1024, 4, 2, 1, 0.5) > theoremBound(1024, 2, 2, 1, 0.5));  // grows with k
  CHECK(theoremBound(1024, 2, 2, 1, 0.1) > theoremBound(1024, 2, 2, 1, 0.5));  // and as eps2 shrinks
  const Json r = run("sparse-dmin", {{"ns", "128,512"}, {"seeds", 1}});
  CHECK(r["perN"][0]["bound"] == 3848);
  CHECK(r["perN"][1]["bound"] == 4753);
}

TEST_CASE("sparse-approx: a passing draw satisfies (23)/(24) on the displayed rows of A and M", "[sparse][approx]") {
  for (int causal : {0, 1}) {
    const Json r =
        run("sparse-approx", {{"n", 96}, {"d", 900}, {"causal", causal}, {"row", 5}, {"px", 32}, {"seed", 3}});
    REQUIRE(r["pass"] == true);
    CHECK(r["tries"].get<int>() >= 1);
    CHECK(r["spread"]["worst"].get<double>() <= r["spread"]["threshold"].get<double>());
    CHECK(r["gap"]["worst"].get<double>() <= r["gap"]["threshold"].get<double>());
    CHECK_THAT(r["spread"]["threshold"].get<double>(), WithinAbs(std::log(2.0), 1e-15));
    CHECK_THAT(r["gap"]["threshold"].get<double>(), WithinAbs(std::log(0.5), 1e-15));
    CHECK_THAT(r["delta"].get<double>(), WithinAbs(std::log(4.0), 1e-15));
    CHECK(r["shapes"]["x"] == Json::array({96, 1800}));
    CHECK(r["shapes"]["wq"] == Json::array({1800, 900}));
    CHECK(r["rowSpread"].size() == 96);
    CHECK(r["rowGap"].size() == 96);
    CHECK(r["heatmapA"]["rows"] == 32);
    CHECK(r["heatmapM"]["data"].size() == 32 * 32);
    CHECK(r["measuredK"].get<int>() <= 2);
    CHECK(r["rho"].get<double>() <= std::log(2.0));
    // The definitions on the shown row: nonzero ratios within 1+eps1, zeros below eps2 x each nonzero.
    const std::vector<double> rowA = r["rowA"], rowM = r["rowM"];
    CHECK_THAT(std::accumulate(rowA.begin(), rowA.end(), 0.0), WithinAbs(1.0, 1e-12));
    CHECK_THAT(std::accumulate(rowM.begin(), rowM.end(), 0.0), WithinAbs(1.0, 1e-12));
    for (int j = 0; j < 96; ++j) {
      if (causal && j > 5) CHECK(rowM[j] == 0.0);
      for (int q = 0; q < 96; ++q) {
        if (rowA[q] == 0) continue;
        if (rowA[j] > 0)
          CHECK((rowM[j] / rowM[q]) / (rowA[j] / rowA[q]) <= 2.0 + 1e-9);
        else if (!causal || j <= 5)
          CHECK(rowM[j] / rowM[q] <= 0.5 + 1e-9);
      }
    }
  }
}

TEST_CASE("sparse-approx: too small a d fails every try and reports the violation", "[sparse][approx]") {
  const Json r = run("sparse-approx", {{"n", 64}, {"d", 2}, {"redraws", 3}});
  CHECK(r["pass"] == false);
  CHECK(r["tries"] == 3);
  const bool spreadBad = r["spread"]["worst"].get<double>() > r["spread"]["threshold"].get<double>();
  const bool gapBad = r["gap"]["worst"].get<double>() > r["gap"]["threshold"].get<double>();
  CHECK((spreadBad || gapBad));
  const int worst = r["worstRow"]["gap"];
  CHECK(r["rowGap"][worst].get<double>() == r["gap"]["worst"].get<double>());
}

TEST_CASE("sparse-approx with an uploaded pattern uses it and measures k and rho", "[sparse][approx][upload]") {
  // A cyclic shift plus the diagonal: 2 nonzeros per row and column, ratio 3 within rows.
  std::vector<double> t;
  for (int i = 0; i < 40; ++i) {
    t.insert(t.end(), {double(i), double(i), 3.0});
    t.insert(t.end(), {double(i), double((i + 1) % 40), 1.0});
  }
  const Json r = run("sparse-approx", {{"d", 1200}, {"row", 39}}, t);
  CHECK(r["n"] == 40);
  CHECK(r["uploaded"] == true);
  CHECK(r["measuredK"] == 2);
  CHECK_THAT(r["rho"].get<double>(), WithinAbs(std::log(3.0), 1e-12));
  CHECK_THAT(r["rowA"][39].get<double>(), WithinAbs(0.75, 1e-12));
  CHECK_THAT(r["rowA"][0].get<double>(), WithinAbs(0.25, 1e-12));
  CHECK(r["pass"] == true);
  fails("sparse-approx", {{"row", 40}}, "row must be an integer in [0, 39]", t);
  t[3 * 7 + 2] = -1;
  fails("sparse-approx", Json::object(), "upload triplet 8 (line 8): value -1 must be finite and >= 0", t);
}

TEST_CASE("bad parameters are errors naming the parameter", "[sparse][params]") {
  fails("sparse-approx", {{"eps2", 1}}, "eps2 must be a number in (0, 1)");
  fails("sparse-approx", {{"eps1", 0}}, "eps1 must be a number in (0, 10]");
  fails("sparse-approx", {{"n", 8}, {"k", 9}}, "k = 9 exceeds n = 8");
  fails("sparse-approx", {{"n", "abc"}}, "n must be an integer in [8, 4096]");
  fails("sparse-approx", {{"proj", "haar"}}, "proj must be one of gauss | orth");
  fails("sparse-approx", {{"delta", -1}}, "delta must be a number in [0, 100]");
  fails("sparse-approx", {{"n", 4096}, {"d", 16384}, {"budget", 64}}, "(parameters n, d) needs about");
  fails("sparse-approx", {{"n", 4096}, {"d", 16384}, {"budget", 64}}, "(parameter budget)");
  fails("sparse-approx", {{"typo", 1}}, "unknown parameter 'typo'");
  fails("sparse-dmin", {{"k", "1,2"}, {"eps1", "0.5,1"}}, "k and eps1 are both lists");
  fails("sparse-dmin", {{"eps2", "0.5,1"}}, "eps2 must be a comma-separated list");
  fails("sparse-dmin", {{"ns", "8,16"}, {"k", 9}}, "k = 9 exceeds the smallest n = 8");
  fails("sparse-dmin", {{"ns", "8,8"}}, "ns must list distinct");
  fails("sparse-dmin", {{"ns", "64,5000"}}, "ns must be a comma-separated list of 1 to 12 integers in [8, 4096]");
  fails("sparse-dmin", {{"seeds", 51}}, "seeds must be an integer in [1, 50]");
  fails("sparse-dmin", {{"scan", "fast"}}, "unknown parameter 'scan'");  // the fast scan is the implementation
  fails("sparse-dmin", {{"ns", "64,"}}, "ns must be a comma-separated list");
  fails("sparse-dmin", {{"seeds", "+3"}}, "seeds must be an integer");
  fails("sparse-dmin", {{"seeds", "0x3"}}, "seeds must be an integer");
  fails("sparse-dmin", {{"seeds", " 3"}}, "seeds must be an integer");
  fails("sparse-dmin", {{"ns", 4096}, {"step", 1024}, {"budget", 16}}, "(parameters ns, step) needs about");
  fails("sparse-dmin", {{"n", 64}}, "unknown parameter 'n'");  // job keys are not user parameters
}

TEST_CASE("sparse-approx: a finite pattern of extreme range gives a finite rho and bound", "[sparse][approx][upload]") {
  for (const double tiny : {1e-200, 5e-324}) {
    std::vector<double> t;
    for (int i = 0; i < 16; ++i) {
      t.insert(t.end(), {double(i), double(i), 1e200});
      t.insert(t.end(), {double(i), double((i + 1) % 16), tiny});
    }
    const Json r = run("sparse-approx", {{"d", 8}, {"redraws", 2}}, t);
    INFO(tiny);
    CHECK(shapeMismatch(findExperiment("sparse-approx")->result, r) == "");  // rho, bound: numbers, not null
    CHECK_THAT(r["rho"].get<double>(), WithinRel(std::log(1e200) - std::log(tiny), 1e-12));
    CHECK(std::isfinite(r["bound"].get<double>()));
    CHECK(r["bound"].get<double>() > 0);
  }
}
