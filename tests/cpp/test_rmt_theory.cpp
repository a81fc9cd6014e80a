// SPDX-License-Identifier: Apache-2.0
// Paper-2 theory against Tables 5.1 and 5.2 (docs/theory/rmt.md#table-bulk-constants, #table-density), its limits, an
// independent root finder and quadrature.
#include <catch2/catch.hpp>
#include <Eigen/Dense>
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/rmt/bulk_law.hpp"
#include "numerics/rmt/spike_theory.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

constexpr double kPi = 3.14159265358979323846;

// int x^power f_nu(x) dx over the support, with x = l- + (l+ - l-)(1 - cos th)/2: the sin th Jacobian
// removes the square-root edges, so a midpoint rule in th converges fast.
double bulkIntegral(double delta, double gamma, int power, int nodes = 4000) {
  const BulkEdges e = bulkEdges(delta, gamma);
  const double width = e.lambdaPlus - e.lambdaMinus, h = kPi / nodes;
  double sum = 0;
  for (int i = 0; i < nodes; ++i) {
    const double th = (i + 0.5) * h, x = e.lambdaMinus + width * 0.5 * (1 - std::cos(th));
    sum += std::pow(x, power) * bulkDensity(x, delta, gamma) * 0.5 * width * std::sin(th) * h;
  }
  return sum;
}

// Density from the cubic's companion matrix (the reference root-finder route, docs/theory/rmt.md#bulk-law), independent
// of the deflation used by bulkDensity.
double companionDensity(double x, double delta, double gamma) {
  const double a = delta * gamma;
  Eigen::Matrix3d companion = Eigen::Matrix3d::Zero();
  companion(1, 0) = companion(2, 1) = 1;
  companion(0, 2) = -1 / a;
  companion(1, 2) = -(1 + delta + gamma - x) / a;
  companion(2, 2) = -(delta + gamma + a) / a;
  const Eigen::Vector3cd roots = Eigen::EigenSolver<Eigen::Matrix3d>(companion).eigenvalues();
  const double im = roots.imag().minCoeff();
  return im < -1e-12 ? -im / (kPi * x) : 0.0;
}

struct Table51Row {
  double delta, gamma, lambdaMinus, lambdaPlus, tMinus, tPlus, thetaC, rhoPop, rhoC, m2, m3, m4, atom;
};

}  // namespace

TEST_CASE("bulk constants match Table 5.1 (docs/theory/rmt.md#table-bulk-constants) to 1e-6", "[rmt][theory]") {
  const Table51Row rows[] = {
      {0.5, 0.25, 0.055936, 3.746690, -1.370556, 0.948275, 1.054547, 1.207107, 1.554547, 1.75, 3.9375, 10.078125, 0},
      {0.25, 0.5, 0.055936, 3.746690, -1.370556, 0.948275, 1.054547, 0.750000, 1.304547, 1.75, 3.9375, 10.078125, 0},
      {1, 1, 0, 6.75, -1, 0.5, 2, 2, 3, 3, 12, 55, 0},
      {2, 0.5, 0.111871, 7.493380, -0.685278, 0.474137, 2.109093, 3.414214, 4.109093, 3.5, 15.75, 80.625, 0.5},
      {0.1, 0.1, 0.3375, 2.16, -2.5, 2, 0.5, 0.416228, 0.6, 1.2, 1.65, 2.494, 0},
      {0.5, 1, 0, 5.545085, -1, 0.618034, 1.618034, 1.207107, 2.118034, 2.5, 8.25, 31.125, 0},
  };
  for (const auto& r : rows) {
    INFO("delta = " << r.delta << ", gamma = " << r.gamma);
    const BulkEdges e = bulkEdges(r.delta, r.gamma);
    CHECK_THAT(e.lambdaMinus, WithinAbs(r.lambdaMinus, 1e-6));
    CHECK_THAT(e.lambdaPlus, WithinAbs(r.lambdaPlus, 1e-6));
    CHECK_THAT(e.tMinus, WithinAbs(r.tMinus, 1e-6));
    CHECK_THAT(e.tPlus, WithinAbs(r.tPlus, 1e-6));
    const TransitionThresholds th = transitionThresholds(r.delta, r.gamma);
    CHECK_THAT(th.thetaCritical, WithinAbs(r.thetaC, 1e-6));
    CHECK_THAT(th.rhoPopulation, WithinAbs(r.rhoPop, 1e-6));
    CHECK_THAT(th.rhoSample, WithinAbs(r.rhoC, 1e-6));
    CHECK_THAT(spikePolynomial(th.thetaCritical, r.delta, r.gamma), WithinAbs(0.0, 1e-12));
    CHECK(th.thetaCritical > std::max(std::sqrt(r.delta), std::sqrt(r.gamma)));
    CHECK_THAT(bulkMoment(1, r.delta, r.gamma), WithinAbs(1.0, 1e-12));
    CHECK_THAT(bulkMoment(2, r.delta, r.gamma), WithinAbs(r.m2, 1e-9));
    CHECK_THAT(bulkMoment(3, r.delta, r.gamma), WithinAbs(r.m3, 1e-9));
    CHECK_THAT(bulkMoment(4, r.delta, r.gamma), WithinAbs(r.m4, 1e-9));
    CHECK_THAT(bulkAtomAtZero(r.delta, r.gamma), WithinAbs(r.atom, 1e-12));
  }
}

TEST_CASE("gamma -> 0 row of Table 5.1 is MP_delta", "[rmt][theory]") {
  const BulkEdges e = bulkEdges(0.5, 1e-10);
  CHECK_THAT(e.lambdaMinus, WithinAbs(0.085786, 1e-6));
  CHECK_THAT(e.lambdaPlus, WithinAbs(2.914214, 1e-6));
  CHECK_THAT(transitionThresholds(0.5, 1e-10).rhoSample, WithinAbs(1.207107, 1e-6));
  CHECK_THAT(bulkMoment(3, 0.5, 1e-10), WithinAbs(2.75, 1e-8));
  CHECK_THAT(bulkMoment(4, 0.5, 1e-10), WithinAbs(5.625, 1e-8));
}

TEST_CASE("density matches Table 5.2 (docs/theory/rmt.md#table-density) to 1e-6", "[rmt][theory]") {
  const double xs[] = {0.1, 0.25, 0.5, 1, 2, 3, 3.5, 5};
  const double f1[] = {1.237492, 0.911246, 0.589302, 0.339623, 0.161976, 0.077069, 0.039142, 0};
  const double f2[] = {1.079721, 0.546139, 0.318310, 0.178979, 0.093860, 0.059973, 0.049175, 0.026805};
  const double f3[] = {0, 0.302061, 0.227812, 0.147326, 0.084906, 0.057123, 0.047948, 0.028762};
  for (int i = 0; i < 8; ++i) {
    INFO("x = " << xs[i]);
    CHECK_THAT(bulkDensity(xs[i], 0.5, 0.25), WithinAbs(f1[i], 1e-6));
    CHECK_THAT(bulkDensity(xs[i], 1, 1), WithinAbs(f2[i], 1e-6));
    CHECK_THAT(bulkDensity(xs[i], 2, 0.5), WithinAbs(f3[i], 1e-6));
  }
  // Scaled law kappa = 0.1 (Table 5.2 last line).
  CHECK_THAT(bulkDensity(0.05, 0.5, 0.25, 0.1), WithinAbs(5.89302, 1e-5));
  CHECK_THAT(bulkDensity(0.1, 0.5, 0.25, 0.1), WithinAbs(3.39623, 1e-5));
  CHECK_THAT(bulkDensity(0.2, 0.5, 0.25, 0.1), WithinAbs(1.61976, 1e-5));
  CHECK_THAT(bulkDensity(0.3, 0.5, 0.25, 0.1), WithinAbs(0.77069, 1e-5));
}

TEST_CASE("density agrees with the companion-matrix root finder", "[rmt][theory]") {
  const double pairs[][2] = {{0.5, 0.25}, {2, 0.5}, {0.1, 0.1}, {3, 7}, {0.05, 0.02}};
  for (const auto& p : pairs) {
    const BulkEdges e = bulkEdges(p[0], p[1]);
    for (int i = 0; i <= 50; ++i) {
      const double x = e.lambdaMinus * 0.5 + (e.lambdaPlus * 1.2 - e.lambdaMinus * 0.5) * i / 50.0;
      if (x <= 0) continue;
      INFO("delta " << p[0] << " gamma " << p[1] << " x " << x);
      CHECK_THAT(bulkDensity(x, p[0], p[1]), WithinAbs(companionDensity(x, p[0], p[1]), 1e-8));
    }
  }
}

TEST_CASE("density integrates to the continuous mass with mean 1 and m2 = 1 + delta + gamma", "[rmt][theory]") {
  const double pairs[][2] = {{0.5, 0.25}, {2, 0.5}, {0.1, 0.1}, {0.5, 1}, {4, 3}};
  for (const auto& p : pairs) {
    INFO("delta " << p[0] << " gamma " << p[1]);
    CHECK_THAT(bulkIntegral(p[0], p[1], 0), WithinAbs(1 - bulkAtomAtZero(p[0], p[1]), 1e-6));
    CHECK_THAT(bulkIntegral(p[0], p[1], 1), WithinAbs(1.0, 1e-6));
    CHECK_THAT(bulkIntegral(p[0], p[1], 2), WithinAbs(bulkMoment(2, p[0], p[1]), 1e-6));
    CHECK_THAT(bulkIntegral(p[0], p[1], 3), WithinAbs(bulkMoment(3, p[0], p[1]), 1e-5));
  }
  // delta = gamma = 1: the x^{-2/3} hard edge converges slowly; a coarser check.
  CHECK_THAT(bulkIntegral(1, 1, 0, 200000), WithinAbs(1.0, 2e-3));
  CHECK_THAT(bulkIntegral(1, 1, 1, 200000), WithinAbs(1.0, 1e-6));
}

TEST_CASE("Fuss-Catalan at delta = gamma = 1", "[rmt][theory]") {
  const BulkEdges e = bulkEdges(1, 1);
  CHECK_THAT(e.lambdaMinus, WithinAbs(0.0, 1e-12));
  CHECK_THAT(e.lambdaPlus, WithinAbs(27.0 / 4, 1e-12));
  const double fc[] = {1, 3, 12, 55, 273};  // Fuss-Catalan numbers C(3k, k)/(2k + 1)
  for (int k = 1; k <= 5; ++k) CHECK_THAT(bulkMoment(k, 1, 1), WithinAbs(fc[k - 1], 1e-9));
  const SpikeTheory s = spikeTheory(4, 1, 1);
  CHECK_THAT(s.sampleEigenvalue, WithinAbs(64.0 / 9, 1e-12));
  CHECK_THAT(s.sampleOverlap, WithinAbs(4.0 / 9, 1e-12));
  CHECK_THAT(transitionThresholds(1, 1).thetaCritical, WithinAbs(2.0, 1e-12));
}

TEST_CASE("limits: delta -> 0 gives MP_gamma, gamma -> 0 gives MP_delta, nu is symmetric", "[rmt][theory]") {
  for (double c : {0.25, 0.5, 2.0}) {
    const BulkEdges a = bulkEdges(1e-9, c), b = bulkEdges(c, 1e-9);
    CHECK_THAT(a.lambdaPlus, WithinAbs(std::pow(1 + std::sqrt(c), 2), 1e-6));
    CHECK_THAT(b.lambdaMinus, WithinAbs(std::pow(1 - std::sqrt(c), 2), 1e-6));
    for (double x : {0.1, 0.3, 0.7, 1.0, 1.9, 2.5}) {
      INFO("c " << c << " x " << x);
      CHECK_THAT(bulkDensity(x, 1e-9, c), WithinAbs(marchenkoPasturDensity(x, c), 1e-6));
      CHECK_THAT(bulkDensity(x, c, 1e-9), WithinAbs(marchenkoPasturDensity(x, c), 1e-6));
      CHECK_THAT(bulkDensity(x, c, 0.3), WithinAbs(bulkDensity(x, 0.3, c), 1e-12));
    }
  }
  // Spikes: classical BBP for delta -> 0, additive spike on Wishart for gamma -> 0
  // (docs/theory/rmt.md#analytic-identities).
  const double g = 0.4, tp = 1.3;
  const SpikeTheory bbp = spikeTheory(tp + 1e-10, 1e-10, g);
  CHECK_THAT(bbp.sampleEigenvalue, WithinAbs((1 + tp) * (1 + g / tp), 1e-8));
  CHECK_THAT(bbp.sampleOverlap, WithinAbs((1 - g / (tp * tp)) / (1 + g / tp), 1e-8));
  CHECK_THAT(transitionThresholds(1e-10, g).thetaCritical, WithinAbs(std::sqrt(g), 1e-6));
  const SpikeTheory add = spikeTheory(0.5 + tp, 0.5, 1e-10);
  CHECK_THAT(add.sampleEigenvalue, WithinAbs(add.populationEigenvalue, 1e-8));
  CHECK_THAT(add.sampleOverlap, WithinAbs(1 - 0.5 / (tp * tp), 1e-8));
}

TEST_CASE("spike formulas are continuous at both thresholds and factorise", "[rmt][theory]") {
  const double pairs[][2] = {{0.5, 0.25}, {1, 1}, {2, 0.5}, {0.5, 1}};
  for (const auto& p : pairs) {
    const double delta = p[0], gamma = p[1], kappa = 0.3;
    const TransitionThresholds th = transitionThresholds(delta, gamma);
    const double edge = kappa * bulkEdges(delta, gamma).lambdaPlus;
    const SpikeTheory below = spikeTheory(th.rhoSample - 1e-9, delta, gamma, kappa);
    const SpikeTheory above = spikeTheory(th.rhoSample + 1e-9, delta, gamma, kappa);
    CHECK_FALSE(below.sampleSpike);
    CHECK(above.sampleSpike);
    CHECK_THAT(below.sampleEigenvalue, WithinAbs(edge, 1e-12));
    CHECK_THAT(above.sampleEigenvalue, WithinAbs(edge, 1e-6));
    CHECK(above.sampleOverlap < 1e-6);
    CHECK(above.rightOverlap < 1e-6);
    const SpikeTheory popBelow = spikeTheory(th.rhoPopulation - 1e-9, delta, gamma, kappa);
    const SpikeTheory popAbove = spikeTheory(th.rhoPopulation + 1e-9, delta, gamma, kappa);
    CHECK_THAT(popAbove.populationEigenvalue, WithinAbs(popBelow.populationEigenvalue, 1e-6));
    CHECK(popAbove.populationOverlap < 1e-6);
    // Between the thresholds a population spike exists but no sample spike ("two transitions").
    const SpikeTheory window = spikeTheory(0.5 * (th.rhoPopulation + th.rhoSample), delta, gamma, kappa);
    CHECK(window.populationSpike);
    CHECK_FALSE(window.sampleSpike);
    for (double rho : {th.rhoSample + 0.3, th.rhoSample + 2, 20.0}) {
      const SpikeTheory s = spikeTheory(rho, delta, gamma, kappa);
      CHECK_THAT(s.sampleOverlap, WithinAbs(s.samplePopulationOverlap * s.populationOverlap, 1e-12));
      CHECK(s.sampleEigenvalue > edge);
      CHECK(s.sampleOverlap < s.populationOverlap);
    }
  }
}

TEST_CASE("Variant B corrections and the table-mean spike (docs/theory/rmt.md#variant-b)", "[rmt][theory]") {
  // Mean pooling, T = 10, delta = 0.5: theta_h = T delta = 5 puts the mean spike at 0.645 (kappa = 0.1).
  const TableOffsets expected = expectedTableOffsets(true, 1.0, 0.5);
  CHECK_THAT(expected.signalNorm2, WithinAbs(1.5, 1e-15));
  CHECK_THAT(expected.signalAlignment, WithinAbs(2.0 / 3, 1e-15));
  const PooledSnr raw = pooledSnr(true, false, 0.16, 0.1, 1.0, 1.0, expected);
  CHECK_THAT(raw.meanSpikeRho, WithinAbs(5.0, 1e-12));
  CHECK_THAT(raw.rho, WithinAbs(1.6 * 1.5, 1e-12));
  const TopEigenTheory top = topEigenTheory(raw, 0.5, 0.25, 0.1);
  CHECK_THAT(top.tableMean.sampleEigenvalue, WithinAbs(0.645, 5e-4));
  CHECK(top.meanSpikeOnTop);
  CHECK(top.overlap == 0.0);
  const PooledSnr centred = pooledSnr(true, true, 0.16, 0.1, 1.0, 1.0, expected);
  CHECK(centred.meanSpikeRho == 0.0);
  const TopEigenTheory topCentred = topEigenTheory(centred, 0.5, 0.25, 0.1);
  CHECK_FALSE(topCentred.meanSpikeOnTop);
  CHECK_THAT(topCentred.overlap, WithinAbs(topCentred.signal.sampleOverlap * 2.0 / 3, 1e-12));
  // Variant A ignores the offsets.
  CHECK_THAT(pooledSnr(false, false, 0.16, 0.1, 1.0, 2.0, expected).rho, WithinAbs(3.2, 1e-12));
}

TEST_CASE("bad theory inputs are refused with the parameter named", "[rmt][theory][validation]") {
  CHECK_THROWS_WITH(bulkEdges(-1, 0.5), Contains("delta") && Contains("(0, 1000]"));
  CHECK_THROWS_WITH(bulkEdges(0, 0.5), Contains("delta"));
  CHECK_THROWS_WITH(bulkEdges(0.5, 0), Contains("gamma"));
  CHECK_THROWS_WITH(bulkDensity(1, 0.5, -2), Contains("gamma"));
  CHECK_THROWS_WITH(bulkDensity(1, std::nan(""), 0.5), Contains("delta"));
  CHECK_THROWS_WITH(spikeTheory(-1, 0.5, 0.25), Contains("rho"));
  CHECK_THROWS_WITH(spikeTheory(2, 0.5, 0.25, 0), Contains("kappa"));
  CHECK_THROWS_WITH(bulkMoment(0, 0.5, 0.25), Contains("k must be an integer in [1, 60]"));
  CHECK_THROWS_AS(bulkDensityCurve(0.5, 0.25, 1, 1), std::invalid_argument);
  CHECK_THROWS_WITH(bulkDensity(std::nan(""), 0.5, 0.25), Contains("x"));
  CHECK(bulkDensity(1e300, 0.5, 0.25) == 0.0);
  CHECK(bulkDensity(-1, 0.5, 0.25) == 0.0);
  CHECK_THROWS_WITH(pooledSnr(false, false, 1, 0, 1, 1, {}), Contains("kappa"));
  CHECK_THROWS_WITH(pooledSnr(true, false, 1, 1, 1, 1, {std::nan(""), 1, 0}), Contains("signalNorm2"));
}

TEST_CASE("density curve lies inside the support and follows the density", "[rmt][theory]") {
  const DensityCurve c = bulkDensityCurve(0.5, 0.25, 0.1, 200);
  REQUIRE(c.x.size() == 200);
  CHECK(c.x.front() > 0.1 * 0.055936);
  CHECK(c.x.back() < 0.1 * 3.746690);
  for (std::size_t i = 0; i < c.x.size(); ++i) CHECK(c.f[i] > 0);
  for (std::size_t i = 1; i < c.x.size(); ++i) CHECK(c.x[i] > c.x[i - 1]);
}
