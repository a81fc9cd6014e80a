// SPDX-License-Identifier: Apache-2.0
// The synthetic head zoo (docs/theory/rank.md#head-zoo) and the E7 calibration study.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "numerics/rank/zoo.hpp"

using namespace attnlab;

namespace {
struct HeadCheck {
  const char* family;
  int variant;
  int rVis, rRaw1, rVis1, rEffRaw, rEffVis, kSvd, lb, u5;
};
// The exact heads at beta_mult = 1 (docs/theory/rank.md#calibration-study); u5 = -1 for vacuous.
const HeadCheck kChecks[] = {{"generic", 0, 64, 51, 51, 43, 42, 50, 2, -1},
                             {"lowrank", 0, 1, 1, 1, 1, 1, 6, 4, 12},
                             {"positional", 0, 16, 14, 13, 14, 13, 46, 1, -1},
                             {"sink", 11, 64, 32, 32, 20, 19, 7, 2, -1},
                             {"broad", 0, 64, 7, 6, 0, 0, 1, 1, 1}};
}  // namespace

TEST_CASE("zoo: the exact per-head checks at beta_mult = 1 (docs/theory/rank.md#calibration-study)", "[rank][zoo]") {
  for (const HeadCheck& c : kChecks) {
    const ZooRow r = zooConfiguration(zooFamilyIndex(c.family), c.variant, 1.0);
    INFO(c.family << " v" << c.variant);
    CHECK(r.rVis == c.rVis);
    CHECK(r.rRawTau == c.rRaw1);
    CHECK(r.rVisTau == c.rVis1);
    CHECK(r.rEffRaw == c.rEffRaw);
    CHECK(r.rEffVis == c.rEffVis);
    CHECK(r.kSvd == c.kSvd);
    CHECK(r.lowerBound == c.lb);
    CHECK((r.nonVacuous ? r.kComb : -1) == c.u5);
    CHECK(r.svdError <= 0.1);
    CHECK(r.combError <= 0.1);
  }
}

namespace {
struct FamilyRef {
  const char* family;
  double rVis, rRaw1, rVis1, rEffRaw, rEffVis, kSvd, lb, nonVacuous;
};
// The per-family means at beta_mult = 1 (docs/theory/rank.md#calibration-study; printed to one or two decimals).
const FamilyRef kFamilyMeans[] = {{"generic", 64, 55.9, 55.6, 48.0, 47.5, 68.2, 8.4, 0.00},
                                  {"lowrank", 6.5, 6.5, 6.5, 6.0, 6.0, 25.5, 5.4, 0.25},
                                  {"positional", 16, 14.0, 13.8, 14.0, 13.4, 75.8, 18.4, 0.00},
                                  {"sink", 64, 43.4, 43.0, 33.4, 32.2, 23.5, 2.5, 0.00},
                                  {"keymean", 64, 54.9, 54.7, 46.4, 46.0, 65.8, 5.1, 0.00},
                                  {"sharp", 64, 62.8, 62.8, 58.8, 58.8, 63.2, 30.0, 0.00},
                                  {"broad", 64, 33.3, 32.5, 23.4, 22.8, 16.7, 1.0, 0.33}};
}  // namespace

TEST_CASE(
    "zoo: per-family means (docs/theory/rank.md#calibration-study) and association statistics (252 configurations)",
    "[.slow][reproduction][zoo]") {
  std::vector<ZooRow> rows;
  for (double betaMult : {0.5, 1.0, 2.0})
    for (int f = 0; f < kZooFamilies; ++f)
      for (int v = 0; v < kZooVariants; ++v) rows.push_back(zooConfiguration(f, v, betaMult));
  const ZooSummary s = summarizeZoo(rows);
  REQUIRE(s.families.size() == 21);
  for (const FamilyRef& ref : kFamilyMeans) {
    const auto it = std::find_if(s.families.begin(), s.families.end(),
                                 [&](const ZooFamilyMeans& m) { return m.family == ref.family && m.betaMult == 1.0; });
    REQUIRE(it != s.families.end());
    const ZooFamilyMeans& m = *it;
    std::printf("%-10s %5.1f %5.1f %5.1f %5.1f %5.1f %5.1f %5.1f (data %5.1f) %5.2f\n", ref.family, m.rVis, m.rRawTau,
                m.rVisTau, m.rEffRaw, m.rEffVis, m.kSvd, m.lowerBound, m.lowerBoundPoolData, m.nonVacuous);
    INFO(ref.family);
    const double tol = 0.051;
    CHECK(std::fabs(m.rVis - ref.rVis) <= 0.51);  // printed as an integer or one decimal
    CHECK(std::fabs(m.rRawTau - ref.rRaw1) <= tol);
    CHECK(std::fabs(m.rVisTau - ref.rVis1) <= tol);
    CHECK(std::fabs(m.rEffRaw - ref.rEffRaw) <= tol);
    CHECK(std::fabs(m.rEffVis - ref.rEffVis) <= tol);
    CHECK(std::fabs(m.kSvd - ref.kSvd) <= tol);
    // The reference LB column (docs/theory/rank.md#calibration-study) is LB-POOL-DATA alone; the maximum with LB-F and
    // LB-DD (docs/theory/rank.md#interaction-pipeline) is never lower, and strictly higher for positional heads (LB-F
    // up to 51 against k_svd 103).
    CHECK(std::fabs(m.lowerBoundPoolData - ref.lb) <= tol);
    CHECK(m.lowerBound >= m.lowerBoundPoolData);
    CHECK(std::fabs(m.nonVacuous - ref.nonVacuous) <= 0.01);
  }
  std::printf("mean reductions tau %.3f eff %.3f, eff > 0 in %.3f\n", s.meanReductionTau, s.meanReductionEff,
              s.fractionEffPositive);
  for (const auto& [name, rho] : s.spearman) std::printf("spearman %s = %.3f\n", name.c_str(), rho);
  CHECK(std::fabs(s.meanReductionTau - 0.24) <= 0.006);
  CHECK(std::fabs(s.meanReductionEff - 0.40) <= 0.006);
  CHECK(std::fabs(s.fractionEffPositive - 0.40) <= 0.006);
  const std::pair<const char*, double> kSpearman[] = {{"tau:nonVacuous", 0.17}, {"tau:-kSvd", 0.21}};
  for (const auto& [name, ref] : kSpearman)
    for (const auto& [got, rho] : s.spearman)
      if (got == name) CHECK(std::fabs(rho - ref) <= 0.006);
  for (const auto& [name, rho] : s.spearman)
    if (name.rfind("eff:", 0) == 0) CHECK(std::fabs(rho) <= 0.05);  // "about 0 (0.00-0.04)"
  for (const ZooRow& r : rows) {
    CHECK(r.reductionTau >= 0);  // interlacing
    CHECK(r.lowerBound <= std::min(r.kSvd, r.kComb));
    CHECK(r.svdError <= 0.1);
    CHECK(r.combError <= 0.1);
  }
}
