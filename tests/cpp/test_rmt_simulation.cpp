// SPDX-License-Identifier: Apache-2.0
// Paper-2 simulation: invariants of the generator and the eigensolvers, then agreement with theory
// (docs/theory/rmt.md#table-simulation, #variant-b). Reference-size runs are tagged [.slow][reproduction]. The measured
// causal-attention weights are tested in test_rmt_weights.cpp, ridge classification in test_rmt_ridge.cpp.
#include <catch2/catch.hpp>
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <vector>

#include "numerics/rmt/simulation_model.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

SimulationConfig config(int d, double mu2, const std::string& pool, std::uint64_t seed = 1) {
  SimulationConfig c;
  c.d = d;
  c.mu2 = mu2;
  c.positions = prefixModel(10, 3);  // the default of docs/theory/rmt.md#experiments: T = 10, k = 3
  c.weights = poolingWeights(parsePooling(pool), c.positions.R);
  c.seed = seed;
  return c;
}

struct Stats {
  double mean = 0, sd = 0;
};
Stats stats(const std::vector<double>& x) {
  Stats s;
  for (double v : x) s.mean += v / x.size();
  for (double v : x) s.sd += (v - s.mean) * (v - s.mean) / (x.size() - 1);
  s.sd = std::sqrt(s.sd);
  return s;
}

// Kolmogorov distance between the eigenvalues/kappa (largest dropped) and nu, CDF by the trapezoid rule.
double bulkKolmogorovDistance(Eigen::VectorXd ev, double kappa, double delta, double gamma) {
  std::sort(ev.data(), ev.data() + ev.size());
  const BulkEdges e = bulkEdges(delta, gamma);
  const int n = static_cast<int>(ev.size()) - 1, grid = 4000;
  double cdf = bulkAtomAtZero(delta, gamma), worst = 0, prevX = e.lambdaMinus, prevF = 0;
  int i = 0;
  for (int g = 1; g <= grid; ++g) {
    const double x = e.lambdaMinus + (e.lambdaPlus - e.lambdaMinus) * g / grid, f = bulkDensity(x, delta, gamma);
    cdf += 0.5 * (f + prevF) * (x - prevX);
    prevX = x;
    prevF = f;
    while (i < n && ev(i) / kappa <= x) ++i;
    worst = std::max(worst, std::abs(double(i) / n - cdf));
  }
  return worst;
}

}  // namespace

TEST_CASE("sizes and memory estimates", "[rmt][simulation]") {
  const SimulationConfig c = config(800, 1, "mean");
  const SimulationSizes s = simulationSizes(c);
  CHECK(s.V == 1600);
  CHECK(s.N == 3200);
  CHECK(s.T == 10);
  // Table + C dominate: 8 (d V + d N) bytes, plus S and its eigenvectors for the spectrum.
  CHECK(topEigenpairMemoryBytes(c) >= 8u * (800u * 1600u + 800u * 3200u));
  CHECK(topEigenpairMemoryBytes(c) < 8u * (800u * 1600u + 800u * 3200u) * 11 / 10);
  CHECK(spectrumMemoryBytes(c) >= 8u * (800u * 1600u + 800u * 3200u + 2u * 800u * 800u));
  CHECK(spectrumMemoryBytes(c) > topEigenpairMemoryBytes(c));
}

TEST_CASE("Variant A table is class-centred; Variant B offsets are O(delta)", "[rmt][simulation]") {
  const EmbeddingTable a = embeddingTable(300, 600, 2.0, TableVariant::A, 5, 0, NormalMethod::Ziggurat);
  CHECK_THAT(a.offsets.signalNorm2, WithinAbs(2.0, 1e-12));
  CHECK_THAT(a.offsets.signalAlignment, WithinAbs(1.0, 1e-12));
  CHECK(a.offsets.meanNorm2 < 1e-24);
  const EmbeddingTable b = embeddingTable(300, 600, 2.0, TableVariant::B, 5, 0, NormalMethod::Ziggurat);
  // ||g||^2, ||h||^2 ~ d/V = 0.5 with sd ~ sqrt(2 d)/V.
  CHECK_THAT(b.offsets.meanNorm2, WithinAbs(0.5, 0.15));
  CHECK_THAT(b.offsets.signalNorm2, WithinAbs(2.5, 0.3));
  // Same seed and stream: the same table; another stream: a different one.
  const auto table = [](std::uint64_t stream, NormalMethod m) {
    return embeddingTable(50, 100, 1, TableVariant::B, 5, stream, m).E;
  };
  CHECK(table(0, NormalMethod::Ziggurat) == table(0, NormalMethod::Ziggurat));
  CHECK(table(1, NormalMethod::Ziggurat) != table(0, NormalMethod::Ziggurat));
  CHECK(table(0, NormalMethod::BoxMuller) != table(0, NormalMethod::Ziggurat));  // and another recipe: another table
}

TEST_CASE("pooled vectors: column n depends only on (seed, n); C matches a direct sum", "[rmt][simulation]") {
  const SimulationConfig c = config(40, 1, "causal");
  const EmbeddingTable table = embeddingTable(40, 80, 1, TableVariant::A, 3, 0, NormalMethod::Ziggurat);
  const PooledVectors many = pooledSequences(table, c.positions, c.weights, 50, 3, 9, NormalMethod::Ziggurat);
  const PooledVectors few = pooledSequences(table, c.positions, c.weights, 7, 3, 9, NormalMethod::Ziggurat);
  CHECK(many.C.leftCols(7) == few.C);
  // Mean over sequences: E[c] = 0 in Variant A, and a_n = w^T xi_n is bounded by sum |w| = 1.
  CHECK(many.projection.cwiseAbs().maxCoeff() <= 1 + 1e-12);
  for (int n = 0; n < 50; ++n) CHECK((many.labels(n) == 1 || many.labels(n) == -1));
}

TEST_CASE("Lanczos top eigenpair equals the full eigensolver's", "[rmt][simulation]") {
  for (int gammaCase = 0; gammaCase < 2; ++gammaCase) {
    SimulationConfig c = config(300, 2, "optimal", 4);
    c.gamma = gammaCase == 0 ? 0.25 : 2.0;  // d-side (N > d) and N-side (Gram) paths
    const PooledSample s = pooledSample(c);
    const FullSpectrum full = sampleCovarianceSpectrum(s.pooled.C);
    const TopEigenpair lanczos = topEigenpairLanczos(s.pooled.C, 4);
    // Independent reference: Eigen's dense solver with vectors on S = C C^T / N itself.
    const Eigen::MatrixXd S = s.pooled.C * s.pooled.C.transpose() / double(s.sizes.N);
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> dense(S);
    const double refValue = dense.eigenvalues()(299);
    const Eigen::VectorXd refVector = dense.eigenvectors().col(299);
    INFO("gamma = " << c.gamma);
    CHECK_THAT(lanczos.eigenvalue, WithinRel(refValue, 1e-10));
    CHECK_THAT(full.top.eigenvalue, WithinRel(refValue, 1e-10));
    CHECK_THAT(std::abs(lanczos.vector.dot(refVector)), WithinAbs(1.0, 1e-8));
    CHECK_THAT(std::abs(full.top.vector.dot(refVector)), WithinAbs(1.0, 1e-8));
    CHECK_THAT(std::abs(lanczos.rightVector.dot(full.top.rightVector)), WithinAbs(1.0, 1e-8));
    for (int i = 0; i < 300; ++i) CHECK_THAT(full.eigenvalues(i), WithinAbs(dense.eigenvalues()(i), 1e-10 * refValue));
    // Trace identity: sum of eigenvalues = ||C||_F^2 / N; residual of the eigenpair.
    CHECK_THAT(full.eigenvalues.sum(), WithinRel(s.pooled.C.squaredNorm() / s.sizes.N, 1e-10));
    const Eigen::VectorXd Su = s.pooled.C * (s.pooled.C.transpose() * lanczos.vector) / double(s.sizes.N);
    CHECK((Su - lanczos.eigenvalue * lanczos.vector).norm() < 1e-8 * lanczos.eigenvalue);
    if (gammaCase == 1) CHECK(full.eigenvalues.head(300 - s.sizes.N).cwiseAbs().maxCoeff() == 0.0);
  }
}

TEST_CASE("simulation is reproducible and the result carries its theory", "[rmt][simulation]") {
  const SimulationConfig c = config(200, 2, "optimal", 7);
  const SimulationResult a = simulateTopEigenpair(c), b = simulateTopEigenpair(c);
  CHECK(a.topEigenvalue == b.topEigenvalue);
  CHECK(a.overlap == b.overlap);
  CHECK_THAT(a.theory.topEigenvalue, WithinAbs(7.4132, 1e-4));  // docs/theory/rmt.md#table-simulation, mu2 = 2, opt
  CHECK_THAT(a.theory.overlap, WithinAbs(0.9274, 1e-4));
  // Further check at d = 200 (docs/theory/rmt.md#extra-checks): opt 7.3400 +- 0.1542 / 0.9282 +- 0.0074 over 10 seeds.
  CHECK_THAT(a.topEigenvalue, WithinAbs(7.41, 0.5));
  CHECK_THAT(a.overlap, WithinAbs(0.928, 0.03));
}

TEST_CASE("bad simulation inputs are refused with the parameter named", "[rmt][simulation][validation]") {
  SimulationConfig c = config(100, 1, "mean");
  c.delta = 0;
  CHECK_THROWS_WITH(simulationSizes(c), Contains("delta"));
  c.delta = -1;
  CHECK_THROWS_WITH(simulateTopEigenpair(c), Contains("delta must be a number in (0, 1000], got -1"));
  c = config(100, 1, "mean");
  c.gamma = 0;
  CHECK_THROWS_WITH(spectrumMemoryBytes(c), Contains("gamma"));
  c = config(100, 1, "mean");
  c.weights = Eigen::VectorXd::Ones(9);
  CHECK_THROWS_WITH(simulateSpectrum(c), Contains("weights need T = 10 values, got 9"));
  c = config(100, std::nan(""), "mean");
  CHECK_THROWS_WITH(simulationSizes(c), Contains("mu2"));
  c = config(1, 1, "mean");
  CHECK_THROWS_WITH(simulationSizes(c), Contains("d must be an integer in [2, 8192]"));
  c = config(100, 1, "mean");
  c.delta = 1e-300;  // V = d/delta would overflow
  CHECK_THROWS_WITH(simulationSizes(c), Contains("delta must give V = d/delta in [2, 8e6]"));
  c.delta = 500;  // V = d/delta < 2
  CHECK_THROWS_WITH(simulationSizes(c), Contains("delta"));
  c.delta = 0.5;
  c.gamma = 1e-5;
  CHECK_THROWS_WITH(simulationSizes(c), Contains("gamma must give N = d/gamma"));
  c.gamma = 0.3;  // non-integer ratios are rounded; the run's theory uses the realised d/V and d/N
  CHECK_THAT(simulationSizes(c).gamma, WithinAbs(100.0 / 333, 1e-15));
}

TEST_CASE("Table 5.4 theory column", "[rmt][simulation]") {
  struct Row {
    double mu2;
    const char* pool;
    double rho, lam, ov;
  };
  const Row rows[] = {{0.25, "mean", 0.400, 0.3747, 0},     {0.5, "optimal", 1.5, 3.7467, 0},
                      {1, "mean", 1.6, 0.3749, 0.0725},     {1, "causal", 2.475, 0.7170, 0.6598},
                      {1, "optimal", 3, 4.6200, 0.7673},    {2, "mean", 3.2, 0.4791, 0.7938},
                      {2, "causal", 4.950, 1.0931, 0.9023}, {4, "optimal", 12, 13.3270, 0.9721}};
  for (const Row& r : rows) {
    const SimulationConfig c = config(800, r.mu2, r.pool);
    const PoolingScalars p = poolingScalars(c.weights, c.positions.R);
    const TopEigenTheory th =
        topEigenTheory(pooledSnr(false, false, p.alpha, p.kappa, p.weightSum, r.mu2, {}), 0.5, 0.25, p.kappa);
    INFO(r.pool << " mu2 " << r.mu2);
    CHECK_THAT(th.signal.rho, WithinAbs(r.rho, 1e-3));
    CHECK_THAT(th.topEigenvalue, WithinAbs(r.lam, 1e-4));
    CHECK_THAT(th.overlap, WithinAbs(r.ov, 1e-4));
  }
}

TEST_CASE("Table 5.4 (docs/theory/rmt.md#table-simulation) at d = 800: simulation within the stated tolerances",
          "[.slow][reproduction][rmt]") {
  const double mu2s[] = {0.25, 0.5, 1, 2, 4};
  const char* pools[] = {"mean", "causal", "optimal"};
  const int seeds = 5;
  for (double mu2 : mu2s)
    for (const char* pool : pools) {
      std::vector<double> lam, ov;
      TopEigenTheory th;
      for (int seed = 1; seed <= seeds; ++seed) {
        const SimulationResult r = simulateTopEigenpair(config(800, mu2, pool, 1000 + seed));
        lam.push_back(r.topEigenvalue);
        ov.push_back(r.overlap);
        th = r.theory;
      }
      const Stats l = stats(lam), o = stats(ov);
      INFO(pool << " mu2 " << mu2 << ": lambda " << l.mean << " +- " << l.sd << " (theory " << th.topEigenvalue
                << "), overlap " << o.mean << " +- " << o.sd << " (theory " << th.overlap << ")");
      CHECK(std::abs(l.mean - th.topEigenvalue) <= std::max(0.02 * th.topEigenvalue, 3 * l.sd / std::sqrt(seeds)));
      const double margin = th.signal.rho - transitionThresholds(0.5, 0.25).rhoSample;
      if (margin > 0.5) CHECK(std::abs(o.mean - th.overlap) <= 0.02);
      if (margin < -0.2) CHECK(o.mean < 0.1);  // below rho_c the overlap vanishes (finite-d smoothing near it)
    }
}

TEST_CASE(
    "further Variant A checks (docs/theory/rmt.md#extra-checks): other (delta, gamma) and the right-vector overlap",
    "[.slow][reproduction][rmt]") {
  // Mean pooling, T = 10, k = 3, d = 600, 5 seeds: (delta, gamma, mu2) -> theory lambda / overlap.
  const double cases[][5] = {
      {2, .5, 8, 1.4633, 0.9256}, {.5, 2, 8, 1.6091, 0.8393}, {1, 1, 6, 1.1962, 0.8567}, {.2, .2, 1.5, 0.3808, 0.8264}};
  for (const auto& k : cases) {
    std::vector<double> lam, ov;
    for (int seed = 1; seed <= 5; ++seed) {
      SimulationConfig c = config(600, k[2], "mean", 2000 + seed);
      c.delta = k[0];
      c.gamma = k[1];
      const SimulationResult r = simulateTopEigenpair(c);
      CHECK_THAT(r.theory.topEigenvalue, WithinAbs(k[3], 1e-4));
      CHECK_THAT(r.theory.overlap, WithinAbs(k[4], 1e-4));
      lam.push_back(r.topEigenvalue);
      ov.push_back(r.overlap);
    }
    const Stats l = stats(lam), o = stats(ov);
    INFO("delta " << k[0] << " gamma " << k[1] << ": lambda " << l.mean << " +- " << l.sd << ", overlap " << o.mean);
    CHECK(std::abs(l.mean - k[3]) <= std::max(0.02 * k[3], 3 * l.sd / std::sqrt(5.0)));
    CHECK(std::abs(o.mean - k[4]) <= 0.02);
  }
  // Right (sample-space) overlap, harmonic, mu2 = 2, d = 800: theory P/(theta'^2 (theta'+1)) = 0.7781.
  std::vector<double> right;
  double theory = 0;
  for (int seed = 1; seed <= 4; ++seed) {
    const SimulationResult r = simulateTopEigenpair(config(800, 2, "causal", 3000 + seed));
    right.push_back(r.rightOverlap);
    theory = r.theory.signal.rightOverlap;
  }
  CHECK_THAT(theory, WithinAbs(0.7781, 1e-4));
  CHECK_THAT(stats(right).mean, WithinAbs(theory, 0.02));
}

TEST_CASE("bulk of the simulated spectrum follows kappa nu (KS) at d = 400", "[.slow][reproduction][rmt]") {
  SimulationConfig c = config(400, 0.25, "mean", 21);
  c.normals = NormalMethod::BoxMuller;  // the one draw this check always had
  const SimulationResult r = simulateSpectrum(c);
  REQUIRE(r.eigenvalues.size() == 400);
  CHECK(bulkKolmogorovDistance(r.eigenvalues, r.pooling.kappa, 0.5, 0.25) < 0.015);
  CHECK_THAT(r.eigenvalues.maxCoeff(), WithinRel(0.1 * 3.74669, 0.03));
  // On the ziggurat, 20 draws: one draw's top eigenvalue sits 1.9 % below the edge on average (finite d) with
  // sd 1.6 % (150 seeds, the same for either stream), so a single draw is outside 3 % one time in four.
  std::vector<double> top;
  for (int seed = 21; seed < 41; ++seed) {
    const SimulationResult z = simulateSpectrum(config(400, 0.25, "mean", seed));
    INFO("seed " << seed);
    CHECK(bulkKolmogorovDistance(z.eigenvalues, z.pooling.kappa, 0.5, 0.25) < 0.015);
    top.push_back(z.eigenvalues.maxCoeff());
  }
  CHECK_THAT(stats(top).mean, WithinRel(0.1 * 3.74669, 0.03));
}

TEST_CASE("Variant B: table-mean spike when uncentred, corrected signal spike when centred",
          "[.slow][reproduction][rmt]") {
  // Mean pooling, T = 10, delta = 0.5: theta_h = T delta puts the mean spike at ~0.645 (docs/theory/rmt.md#variant-b).
  SimulationConfig c = config(600, 2, "mean", 31);
  c.variant = TableVariant::B;
  const SimulationResult raw = simulateTopEigenpair(c);
  CHECK(raw.theory.meanSpikeOnTop);
  CHECK_THAT(raw.topEigenvalue, WithinRel(raw.theory.topEigenvalue, 0.04));
  CHECK(raw.overlap < 0.05);
  c.centre = true;
  const SimulationResult centred = simulateTopEigenpair(c);
  CHECK_FALSE(centred.theory.meanSpikeOnTop);
  CHECK_THAT(centred.topEigenvalue, WithinRel(centred.theory.topEigenvalue, 0.04));
  CHECK_THAT(centred.overlap, WithinAbs(centred.theory.overlap, 0.04));
  CHECK(centred.theory.overlap < centred.theory.signal.sampleOverlap);  // saturation by ||mu||^2/(||mu||^2 + delta)
}
