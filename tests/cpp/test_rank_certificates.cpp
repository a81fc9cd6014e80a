// SPDX-License-Identifier: Apache-2.0
// Paper 3's certificates (docs/theory/rank.md#definitions, #certificates, #spot-checks): the error norm and softmax
// facts, U1, U3, the lower bounds, and the spot checks of docs/theory/rank.md#spot-checks.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/rank/lower_bounds.hpp"
#include "numerics/rank/point.hpp"
#include "numerics/rank/refit.hpp"
#include "numerics/rank/svd_certificate.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {

RowMatrix normalMatrix(Rng& rng, int rows, int cols, double scale) {
  RowMatrix m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = scale * rng.normal();
  return m;
}

}  // namespace

TEST_CASE("max-row-l1 norm is the worst output error over values in [-1,1]", "[rank][error]") {
  Rng rng(1, NormalMethod::BoxMuller);
  const RowMatrix e = normalMatrix(rng, 7, 5, 1.0);
  double worst = 0;
  for (int i = 0; i < 7; ++i) {
    Eigen::VectorXd v = e.row(i).transpose().array().sign();  // V_j = sign(E_ij)
    worst = std::max(worst, (e * v).cwiseAbs().maxCoeff());
  }
  CHECK_THAT(maxRowL1(e), WithinAbs(worst, 1e-12));
  CHECK(maxRowL1Difference(e, RowMatrix::Zero(7, 5)) == maxRowL1(e));
}

TEST_CASE("F8: softmax perturbation bound 2 tanh(osc/4) on random cases, nearly tight", "[rank][error]") {
  Rng rng(2, NormalMethod::BoxMuller);
  double worstRatio = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + static_cast<int>(rng.below(30));
    const double scale = std::exp(3 * rng.uniform() - 1);
    const RowMatrix x = normalMatrix(rng, 1, n, 3.0);
    const RowMatrix delta = normalMatrix(rng, 1, n, scale);
    const double diff = maxRowL1Difference(rowSoftmax(x), rowSoftmax(x + delta));
    const double bound = softmaxPerturbationBound(oscillation(delta.row(0)));
    REQUIRE(diff <= bound * (1 + 1e-12));
    REQUIRE(bound <= oscillation(delta.row(0)) / 2 + 1e-15);
    worstRatio = std::max(worstRatio, diff / bound);
  }
  // Tightness: a two-level delta with the optimal mass split attains the bound.
  const double osc = 1.7;
  RowMatrix x(1, 2), delta(1, 2);
  x << osc / 2, 0;  // x_A - x_B = osc/2 splits the mass so that the shift moves the most
  delta << -osc, 0;
  CHECK_THAT(maxRowL1Difference(rowSoftmax(x), rowSoftmax(x + delta)), WithinAbs(softmaxPerturbationBound(osc), 1e-12));
  CHECK(worstRatio > 0.5);
}

TEST_CASE("F3: certificates are invariant to row shifts of the logits", "[rank][error]") {
  RankPointParams params;
  params.d = 3;
  params.n = 96;
  params.beta = 8;
  const RankInstance inst = makeRankInstance(params);
  Rng rng(3, NormalMethod::BoxMuller);
  RowMatrix shifted = inst.logits;
  for (int i = 0; i < shifted.rows(); ++i) shifted.row(i).array() += 40 * rng.normal();
  const RowMatrix p2 = rowSoftmax(shifted);
  CHECK(maxRowL1Difference(inst.attention, p2) < 1e-12);
  CHECK(svdCertificate(p2, 0.1).k == svdCertificate(inst.attention, 0.1).k);
  for (int g = 0; g < 12; ++g) CHECK_THAT(chebyshevError(shifted, g), WithinAbs(chebyshevError(inst.logits, g), 1e-9));
  CHECK(maxRowL1Difference(centerRows(shifted), centerRows(inst.logits)) < 1e-9);
}

TEST_CASE("U3 dimension formulas (docs/theory/rank.md#spot-checks)", "[rank][cheb]") {
  for (int g = 0; g <= 30; ++g) {
    CHECK(sphereDimension(2, g) == 2 * g + 1);
    CHECK(sphereDimension(3, g) == (g + 1) * (g + 1));
    CHECK(liftDimension(2, g) == (g + 1) * (g + 1));
    CHECK(polynomialDimension(3, g) == (g + 3) * (g + 2) * (g + 1) / 6);
    CHECK(certificateDimension(DimensionRule::Generic, 1, g) == g + 1);
  }
  CHECK(sphereDimension(4, 2) == 10 + 4);  // C(5,3) + C(4,3)
  CHECK(binomial(10, 3) == 120);
  CHECK(binomial(3, 5) == 0);
}

TEST_CASE("U3's approximation has the rank its dimension formula promises", "[rank][cheb]") {
  for (Geometry geometry : {Geometry::Sphere, Geometry::Ball, Geometry::Gauss}) {
    RankPointParams params;
    params.geometry = geometry;
    params.d = 3;
    params.n = 120;
    params.beta = 4;
    const RankInstance inst = makeRankInstance(params);
    for (int g : {1, 2, 3}) {
      const RowMatrix m = chebyshevApproximation(inst.logits, g);
      Eigen::BDCSVD<Eigen::MatrixXd> svd(m);
      const int dim = static_cast<int>(certificateDimension(dimensionRuleFor(geometry), 3, g));
      INFO("geometry " << static_cast<int>(geometry) << " g " << g);
      CHECK(svd.singularValues()(dim) < 1e-9 * svd.singularValues()(0));
      CHECK(svd.singularValues()(dim - 1) > 1e-9 * svd.singularValues()(0));
    }
  }
}

TEST_CASE("U1 downdate curve equals the error of a fresh rank-k truncation", "[rank][svd]") {
  RankPointParams params;
  params.n = 80;
  params.beta = 8;
  const RankInstance inst = makeRankInstance(params);
  const RightSpectrum s = fullRightSpectrum(inst.attention);
  const std::vector<double> curve = residualErrorCurve(inst.attention, s.vectors, 0.0);
  REQUIRE(curve.size() == 81);
  CHECK_THAT(curve[0], WithinAbs(1.0, 1e-12));
  Eigen::BDCSVD<Eigen::MatrixXd> svd(inst.attention, Eigen::ComputeThinU | Eigen::ComputeThinV);
  for (int k : {1, 5, 17, 40}) {
    const Eigen::MatrixXd tk =
        svd.matrixU().leftCols(k) * svd.singularValues().head(k).asDiagonal() * svd.matrixV().leftCols(k).transpose();
    CHECK_THAT(curve[k], WithinAbs(maxRowL1Difference(inst.attention, RowMatrix(tk)), 1e-9));
    CHECK_THAT(s.sigma[k - 1], WithinAbs(svd.singularValues()(k - 1), 1e-9));
  }
  CHECK(curve[80] < 1e-10);
}

TEST_CASE("U1: eps >= 1 gives rank 0, bad eps names the parameter", "[rank][svd]") {
  const RankInstance inst = makeRankInstance([] {
    RankPointParams p;
    p.n = 20;
    return p;
  }());
  CHECK(svdCertificate(inst.attention, 1.0).k == 0);
  CHECK(chebyshevCertificate(inst.logits, DimensionRule::Sphere, 3, 1.5).k == 0);
  CHECK_THROWS_WITH(svdCertificate(inst.attention, 0.0), Catch::Contains("eps"));
  RankPointParams bad;
  bad.n = 0;
  CHECK_THROWS_WITH(rankPoint(bad), Catch::Contains("n must be"));
  bad.n = 10;
  bad.beta = -1;
  CHECK_THROWS_WITH(rankPoint(bad), Catch::Contains("beta must be"));
}

TEST_CASE("U1 partial (Lanczos) path gives the same k as the full path", "[rank][svd]") {
  struct Case {
    Geometry g;
    int d, n;
    double beta, eps;
  };
  const Case cases[] = {{Geometry::Sphere, 2, 512, 64, 0.1},
                        {Geometry::Sphere, 3, 256, 4, 0.05},
                        {Geometry::Gauss, 2, 300, 32, 0.2},
                        {Geometry::Sphere, 3, 400, 16, 0.1}};
  for (const Case& c : cases) {
    RankPointParams params;
    params.geometry = c.g;
    params.d = c.d;
    params.n = c.n;
    params.beta = c.beta;
    const RankInstance inst = makeRankInstance(params);
    SvdOptions full, partial;
    full.path = SvdPath::Full;
    partial.path = SvdPath::Partial;
    partial.initialVectors = 8;
    const SvdCertificate a = svdCertificate(inst.attention, c.eps, full);
    const SvdCertificate b = svdCertificate(inst.attention, c.eps, partial);
    INFO("d " << c.d << " n " << c.n << " beta " << c.beta);
    CHECK(a.path == "full");
    CHECK(b.path == "partial");
    CHECK(b.lanczosRounds >= 1);
    CHECK(a.k == b.k);
    CHECK(b.verifiedError <= c.eps);
    CHECK(svdCertificate(inst.attention, c.eps).k == a.k);  // auto
  }
}

TEST_CASE("lower bound <= both upper certificates, recomputed errors <= eps: 200 random cases", "[rank][lower]") {
  Rng pick(2026, NormalMethod::BoxMuller);
  const Geometry geometries[] = {Geometry::Sphere, Geometry::Ball, Geometry::Gauss};
  const double epsChoices[] = {0.05, 0.1, 0.2, 0.4};
  for (int trial = 0; trial < 200; ++trial) {
    RankPointParams params;
    params.geometry = geometries[pick.below(3)];
    params.d = 2 + static_cast<int>(pick.below(3));
    params.n = 12 + static_cast<int>(pick.below(60));
    params.beta = std::exp2(7 * pick.uniform());
    params.eps = epsChoices[pick.below(4)];
    params.seed = 1000 + trial;
    const RankPoint pt = rankPoint(params);
    INFO("trial " << trial << " n " << params.n << " d " << params.d << " beta " << params.beta);
    REQUIRE(pt.lowerBound <= pt.kSvd);
    REQUIRE(pt.lowerBound <= pt.kCheb);
    REQUIRE(pt.svdError <= params.eps);
    REQUIRE(pt.chebError <= params.eps);
    REQUIRE(pt.lowerBounds.best == std::max({pt.lowerBounds.frobenius, pt.lowerBounds.diagonal,
                                             pt.lowerBounds.poolGeometric, pt.lowerBounds.poolData}));
  }
}

TEST_CASE("F5 diagonal dominance is exact on a separated cluster", "[rank][lower]") {
  // Identity attention (very sharp, well separated): rank_eps = n for eps < 1/2.
  RowMatrix p = RowMatrix::Identity(10, 10) * 0.9;
  p.array() += 0.01;
  CHECK(diagonalDominanceBound(p, 0.3) == 10);
  CHECK(frobeniusTailBound(p, 0.3) <= 10);
  CHECK(pooledBound(p, 0.3) == 10);
}

TEST_CASE("spot check (docs/theory/rank.md#spot-checks): S d=3 n=512 beta=16 eps=0.1", "[rank][spot]") {
  RankPointParams params;  // that instance: sphere d = 3, beta = 16, eps = 0.1, seed 12345, with its generator
  params.n = 512;
  params.normals = NormalMethod::BoxMuller;
  const RankInstance inst = makeRankInstance(params);
  CHECK_THAT(chebyshevError(inst.logits, 10), WithinAbs(0.1186, 5e-5));
  CHECK_THAT(chebyshevError(inst.logits, 11), WithinAbs(0.0606, 5e-5));
  CHECK_THAT(chebyshevError(inst.logits, 12), WithinAbs(0.0283, 5e-5));
  const RankPoint pt = rankPointOn(inst, params);
  CHECK(pt.kSvd == 118);
  CHECK(pt.kCheb == 144);
  CHECK(pt.chebDegree == 11);
  CHECK(pt.lowerBound == 40);
  CHECK(pt.svdError <= 0.1);
  CHECK(pt.chebError <= 0.1);
}

TEST_CASE("U4: the l1 refit never needs more than U1 and its recomputed error is <= eps", "[rank][refit]") {
  RankPointParams params;
  params.n = 160;
  params.beta = 8;
  const RankInstance inst = makeRankInstance(params);
  const SvdCertificate u1 = svdCertificate(inst.attention, params.eps);
  const RefitCertificate u4 = refitCertificate(inst.attention, u1, params.eps, 20);
  CHECK(u4.k <= u1.k);
  CHECK(u4.k >= 20);
  CHECK(u4.verifiedError <= params.eps);
  // Recompute the error of the refit at u4.k from scratch: every row within eps.
  const std::vector<double> err = refitRowErrors(inst.attention, u1.spectrum.vectors.leftCols(u4.k), params.eps, {});
  CHECK(*std::max_element(err.begin(), err.end()) <= params.eps);
  // IRLS lowers the row errors of a rank-k truncation (docs/theory/rank.md#l1-refit, measured: by about 1/3).
  const int k = u1.k - 6;
  const std::vector<double> refit = refitRowErrors(inst.attention, u1.spectrum.vectors.leftCols(k), 0.0, {});
  const std::vector<double> plain = refitRowErrors(inst.attention, u1.spectrum.vectors.leftCols(k), 1e9, {});
  CHECK(*std::max_element(refit.begin(), refit.end()) < *std::max_element(plain.begin(), plain.end()));
  RowMatrix big = RowMatrix::Identity(600, 600);
  CHECK_THROWS_WITH(refitCertificate(big, u1, 0.1), Catch::Contains("n <= 512"));
}

TEST_CASE("E1 slope fit (docs/theory/rank.md#sphere-law): beta 8..64, k <= n/2 only", "[rank][slope]") {
  // docs/theory/rank.md#table-sphere-d2, S d=2 n=1024 eps=0.1, k_svd at beta 1..64; the fitted slope is 0.53
  // (docs/theory/rank.md#sphere-law).
  const std::vector<double> betas{1, 2, 4, 8, 16, 32, 64};
  CHECK(rankSlope(betas, {5, 7, 9, 13, 19, 27, 39}, 1024) == Approx(0.53).margin(0.005));
  CHECK(rankSlope(betas, {1, 2, 4, 8, 16, 32, 64}, 1024) == Approx(1.0));
  CHECK(std::isnan(rankSlope(betas, {1, 2, 4, 8, 600, 700, 800}, 1024)));  // saturated: one point left
}
