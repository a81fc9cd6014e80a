// SPDX-License-Identifier: Apache-2.0
// Paper-2 ridge classification on pooled vectors (docs/theory/rmt.md#ridge): its invariants and refusals, then
// Table 5.7 (docs/theory/rmt.md#table-ridge) at the reference size, tagged [.slow][reproduction].
#include <catch2/catch.hpp>
#include <string>

#include "numerics/rmt/ridge.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

RidgeConfig ridge(int d, double mu2, const std::string& pool, double lambda, std::uint64_t seed) {
  RidgeConfig c;
  c.d = d;
  c.mu2 = mu2;
  c.positions = prefixModel(10, 3);
  c.weights = poolingWeights(parsePooling(pool), c.positions.R);
  c.trainSize = 4 * d;
  c.lambda = lambda;
  c.seed = seed;
  return c;
}

}  // namespace

TEST_CASE("ridge classification: weights rescaled to unit norm, refuses R without a label", "[rmt][simulation]") {
  const RidgeResult r = ridgeClassification(ridge(100, 1, "causal", 0.1, 3));
  CHECK_THAT(r.pooling.kappa, WithinAbs(1.0, 1e-12));
  CHECK(r.testAccuracy > 0.7);
  CHECK(r.trainAccuracy >= r.testAccuracy - 0.05);
  RidgeConfig bad = ridge(100, 1, "mean", 0.1, 3);
  bad.positions = arModel(10, 0.5);
  CHECK_THROWS_WITH(ridgeClassification(bad), Contains("label"));
  bad = ridge(100, 1, "mean", 0, 3);
  CHECK_THROWS_WITH(ridgeClassification(bad), Contains("lambda"));
  bad = ridge(100, 1, "mean", 0.1, 3);
  bad.testSize = 0;
  CHECK_THROWS_WITH(ridgeMemoryBytes(bad), Contains("testSize"));
}

TEST_CASE("Table 5.7 (docs/theory/rmt.md#table-ridge): ridge accuracy ordered optimal > causal > mean at every mu2",
          "[.slow][reproduction][rmt]") {
  // d = 400, V = 800, N_tr = 1600, N_te = 4000, T = 10, k = 3, Variant A, unit-norm w, 5 seeds.
  const double lambdas[] = {0.1, 1}, mu2s[] = {0.1, 0.25, 0.5, 1.0};
  const double table[2][4][3] = {
      {{0.5863, 0.6698, 0.7159}, {0.6515, 0.7863, 0.8376}, {0.7059, 0.8774, 0.9244}, {0.7539, 0.9446, 0.9794}},
      {{0.5715, 0.6445, 0.6813}, {0.6388, 0.7635, 0.8106}, {0.6986, 0.8600, 0.9053}, {0.7574, 0.9378, 0.9719}}};
  const char* pools[] = {"mean", "causal", "optimal"};
  for (int l = 0; l < 2; ++l)
    for (int m = 0; m < 4; ++m) {
      double acc[3] = {0, 0, 0};
      for (int p = 0; p < 3; ++p)
        for (int seed = 1; seed <= 5; ++seed)
          acc[p] += ridgeClassification(ridge(400, mu2s[m], pools[p], lambdas[l], seed)).testAccuracy / 5;
      INFO("lambda " << lambdas[l] << " mu2 " << mu2s[m] << ": mean " << acc[0] << ", causal " << acc[1] << ", optimal "
                     << acc[2]);
      CHECK(acc[2] > acc[1]);
      CHECK(acc[1] > acc[0]);
      for (int p = 0; p < 3; ++p) CHECK_THAT(acc[p], WithinAbs(table[l][m][p], 0.02));
    }
}
