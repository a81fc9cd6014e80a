// SPDX-License-Identifier: Apache-2.0
// The interaction pipeline's shorter routes give the results of the long ones: without the residual curves every
// field a row reads is the same bit for bit; a head given by its factors (L = A Bᵀ, rank d_h) has the dense route's
// dimensions and certificates up to rounding; a Chebyshev scan's early answer is the full one's.
#include <catch2/catch.hpp>
#include <cmath>

#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/head.hpp"
#include "numerics/rank/interaction.hpp"
#include "numerics/rank/zoo.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {
Eigen::MatrixXd normals(Rng& rng, int rows, int cols, double scale) {
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = scale * rng.normal();
  return m;
}

// Every field of a zoo row, and of the certificates, compared exactly.
void requireSameRow(const InteractionResult& a, const InteractionResult& b) {
  REQUIRE(a.rVis == b.rVis);
  REQUIRE(a.rankRaw == b.rankRaw);
  REQUIRE(a.rEffVis == b.rEffVis);
  REQUIRE(a.rEffRaw == b.rEffRaw);
  REQUIRE(a.tolerance.size() == b.tolerance.size());
  for (std::size_t t = 0; t < a.tolerance.size(); ++t) {
    REQUIRE(a.tolerance[t].raw == b.tolerance[t].raw);
    REQUIRE(a.tolerance[t].visible == b.tolerance[t].visible);
    REQUIRE(a.tolerance[t].measuredError == b.tolerance[t].measuredError);
  }
  REQUIRE(a.kSvd == b.kSvd);
  REQUIRE(a.svdError == b.svdError);
  REQUIRE(a.combined.k == b.combined.k);
  REQUIRE(a.combined.rank == b.combined.rank);
  REQUIRE(a.combined.degree == b.combined.degree);
  REQUIRE(a.combined.bound == b.combined.bound);
  REQUIRE(a.combined.verifiedError == b.combined.verifiedError);
  REQUIRE(a.lowerBound == b.lowerBound);
  REQUIRE(a.nonVacuous == b.nonVacuous);
}
}  // namespace

TEST_CASE("interaction without curves: the same row, bit for bit, on every zoo family and temperature",
          "[rank][interaction]") {
  const RowMatrix tokens = zooTokens();
  for (int family = 0; family < kZooFamilies; ++family)
    for (int variant : {0, 5, 11})
      for (double mult : {0.5, 1.0, 4.0}) {
        const RowMatrix logits = mult * zooHead(family, variant, tokens).logits;
        InteractionOptions full, lean;
        full.taus = lean.taus = {0.5, 2};
        lean.curves = false;
        const InteractionResult a = interactionAnalysis(logits, full), b = interactionAnalysis(logits, lean);
        INFO(zooFamilyName(family) << " v" << variant << " x" << mult);
        requireSameRow(a, b);
        REQUIRE(b.boundOsc.empty());
        // Where the lean route computed e(r), it is the curve's value or a lower bound past a threshold.
        for (std::size_t r = 0; r < b.residual.size(); ++r)
          if (!std::isnan(b.residual[r])) {
            REQUIRE(b.residual[r] <= a.residual[r]);
            if (b.residual[r] != a.residual[r]) REQUIRE(b.residual[r] > std::min(lean.eps, lean.epsOut));
          }
      }
}

TEST_CASE("interaction through the factors of L = A Bᵀ: the dense route's results up to rounding",
          "[rank][interaction]") {
  Rng rng(77, NormalMethod::BoxMuller);
  for (const auto& [n, d, scale] :
       {std::tuple{96, 8, 0.6}, std::tuple{128, 32, 0.25}, std::tuple{300, 16, 0.05}, std::tuple{200, 12, 1.2}}) {
    const Eigen::MatrixXd a = normals(rng, n, d, scale), b = normals(rng, n, d, 1.0);
    const RowMatrix logits = a * b.transpose();
    InteractionOptions o;
    const InteractionResult dense = interactionAnalysis(logits, o), factored = interactionAnalysis(a, b, o);
    INFO("n " << n << " d_h " << d);
    REQUIRE(factored.rVis == dense.rVis);
    REQUIRE(factored.rVis <= d);
    REQUIRE(factored.rankRaw == dense.rankRaw);
    REQUIRE(factored.rEffVis == dense.rEffVis);
    REQUIRE(factored.rEffRaw == dense.rEffRaw);
    REQUIRE(factored.tolerance[2].visible == dense.tolerance[2].visible);
    REQUIRE(factored.kSvd == dense.kSvd);
    REQUIRE(factored.combined.k == dense.combined.k);
    REQUIRE(factored.lowerBound == dense.lowerBound);
    for (int l = 0; l < d; ++l) REQUIRE(factored.sigmaVis[l] == Approx(dense.sigmaVis[l]).epsilon(1e-9).margin(1e-12));
    for (std::size_t l = d; l < factored.sigmaRaw.size(); ++l) REQUIRE(factored.sigmaRaw[l] == 0);
    for (std::size_t r = 0; r < dense.residual.size(); ++r)
      REQUIRE(factored.residual[r] == Approx(dense.residual[r]).epsilon(1e-9).margin(1e-12));
  }
}

TEST_CASE("a head with d_h <= n/2 is analysed through its factors, with the dense route's dimensions",
          "[rank][interaction][head]") {
  Rng rng(5, NormalMethod::BoxMuller);
  HeadArrays h;
  h.shape.format = HeadFormat::QK;
  h.shape.qRows = h.shape.kRows = 64;
  h.shape.qCols = h.shape.kCols = 16;
  for (int i = 0; i < 64 * 16; ++i) {
    h.q.push_back(0.8 * rng.normal());
    h.k.push_back(rng.normal());
  }
  InteractionOptions o;
  o.curves = false;
  const InteractionResult viaFactors = headAnalysis(h, 2.0, o), dense = interactionAnalysis(headLogits(h, 2.0), o);
  REQUIRE(viaFactors.rVis == dense.rVis);
  REQUIRE(viaFactors.rEffVis == dense.rEffVis);
  REQUIRE(viaFactors.kSvd == dense.kSvd);
  REQUIRE(viaFactors.combined.k == dense.combined.k);
  REQUIRE(viaFactors.svdError == Approx(dense.svdError).epsilon(1e-9));
}

TEST_CASE("a Chebyshev scan's early answer equals comparing its full error", "[rank][chebyshev]") {
  Rng rng(9, NormalMethod::BoxMuller);
  for (double spread : {0.05, 1.0, 8.0}) {
    const RowMatrix logits = normals(rng, 40, 50, spread);
    const ChebyshevScan scan(logits);
    for (int g = 0; g <= 6; ++g)
      for (double base : {0.0, 0.01, 0.08})
        for (double limit : {0.001, 0.05, 0.1, 0.5}) {
          const ChebyshevScan fresh(logits);  // rows filled in another order: the same numbers
          REQUIRE(scan.exceeds(g, base, limit) == (base + fresh.error(g) > limit));
        }
    REQUIRE(scan.error(3) == chebyshevError(logits, 3));
  }
}
