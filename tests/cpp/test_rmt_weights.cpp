// SPDX-License-Identifier: Apache-2.0
// Paper-2 positional correlations and pooling weights against docs/theory/rmt.md#causal-weights, #prefix-model,
// #causal-vs-mean and their invariants; last, the causal-attention weights measured in simulation against the same
// formula.
#include <catch2/catch.hpp>
#include <Eigen/Dense>
#include <cmath>
#include <stdexcept>

#include "numerics/rmt/attention_weights.hpp"
#include "numerics/rmt/pooling_weights.hpp"
#include "numerics/rmt/positional_model.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

double gain(const Eigen::VectorXd& w, const Eigen::MatrixXd& R) { return poolingScalars(w, R).snrGain; }

// Empirical E[xi xi^T] over n draws.
Eigen::MatrixXd empiricalCorrelation(const PositionalModel& m, int n, std::uint64_t seed) {
  Rng rng(seed, 7, NormalMethod::BoxMuller);
  Eigen::MatrixXd acc = Eigen::MatrixXd::Zero(m.T, m.T);
  Eigen::VectorXi xi(m.T);
  for (int i = 0; i < n; ++i) {
    sampleSigns(m, rng, xi.data());
    const Eigen::VectorXd x = xi.cast<double>();
    acc += x * x.transpose();
  }
  return acc / n;
}

}  // namespace

TEST_CASE("causal weights match the worked vectors of docs/theory/rmt.md#causal-weights to 1e-4", "[rmt][weights]") {
  const double tau0[] = {.2929, .1929, .1429, .1096, .0846, .0646, .0479, .0336, .0211, .0100};
  const double tau1[] = {.2330, .1793, .1426, .1150, .0930, .0748, .0593, .0458, .0339, .0232};
  const Eigen::VectorXd w0 = causalWeights(10, 0), w1 = causalWeights(10, 1);
  for (int t = 0; t < 10; ++t) {
    CHECK_THAT(w0(t), WithinAbs(tau0[t], 1e-4));
    CHECK_THAT(w1(t), WithinAbs(tau1[t], 1e-4));
  }
}

TEST_CASE("harmonic weights: (H_T - H_{j-1})/T, sum 1, kappa = (2T - H_T)/T^2", "[rmt][weights]") {
  for (int T : {1, 2, 5, 10, 37}) {
    const Eigen::VectorXd w = causalWeights(T, 0);
    const double HT = harmonicNumber(T);
    for (int j = 1; j <= T; ++j) CHECK_THAT(w(j - 1), WithinAbs((HT - harmonicNumber(j - 1)) / T, 1e-14));
    CHECK_THAT(w.sum(), WithinAbs(1.0, 1e-13));
    CHECK_THAT(w.squaredNorm(), WithinAbs((2.0 * T - HT) / (double(T) * T), 1e-14));
    for (int j = 1; j < T; ++j) CHECK(w(j) < w(j - 1));
  }
  for (double tau : {-3.0, 0.5, 2.0}) CHECK_THAT(causalWeights(12, tau).sum(), WithinAbs(1.0, 1e-13));
}

TEST_CASE("prefix closed forms equal the numerics and the table of docs/theory/rmt.md#prefix-model", "[rmt][weights]") {
  for (int T : {1, 3, 8, 10, 20, 33})
    for (int k = 1; k <= T; ++k) {
      INFO("T " << T << " k " << k);
      const Eigen::MatrixXd R = prefixModel(T, k).R;
      const PoolingKind kinds[] = {PoolingKind::Mean, PoolingKind::Causal, PoolingKind::Optimal};
      const PoolingSpec specs[] = {parsePooling("mean"), parsePooling("causal"), parsePooling("optimal")};
      for (int i = 0; i < 3; ++i) {
        const PoolingScalars closed = prefixClosedForm(kinds[i], T, k);
        const PoolingScalars num = poolingScalars(poolingWeights(specs[i], R), R);
        CHECK_THAT(closed.snrGain, WithinAbs(num.snrGain, 1e-10));
        if (i < 2 || k > 1) {  // k = 1 is R = I: any unit vector is optimal
          CHECK_THAT(closed.alpha, WithinAbs(num.alpha, 1e-10));
          CHECK_THAT(closed.kappa, WithinAbs(num.kappa, 1e-10));
        }
      }
    }
  const int cases[][2] = {{10, 3}, {20, 5}, {8, 2}, {10, 1}};
  const double mean[] = {1.6, 2.0, 1.25, 1}, harm[] = {2.47522, 3.86831, 1.70303, 1};
  const double harmTau1[] = {2.42066, 3.80875, 1.63876, 1};
  const double alpha[] = {0.42254, 0.35204, 0.35344}, kappa[] = {0.17071, 0.09101, 0.20753};
  for (int i = 0; i < 4; ++i) {
    const int T = cases[i][0], k = cases[i][1];
    const Eigen::MatrixXd R = prefixModel(T, k).R;
    CHECK_THAT(prefixClosedForm(PoolingKind::Mean, T, k).snrGain, WithinAbs(mean[i], 1e-12));
    CHECK_THAT(prefixClosedForm(PoolingKind::Causal, T, k).snrGain, WithinAbs(harm[i], 1e-5));
    CHECK_THAT(gain(causalWeights(T, 1), R), WithinAbs(harmTau1[i], 1e-5));
    CHECK_THAT(prefixClosedForm(PoolingKind::Optimal, T, k).snrGain, WithinAbs(double(k), 1e-12));
    if (i < 3) {
      CHECK_THAT(prefixClosedForm(PoolingKind::Causal, T, k).alpha, WithinAbs(alpha[i], 1e-5));
      CHECK_THAT(prefixClosedForm(PoolingKind::Causal, T, k).kappa, WithinAbs(kappa[i], 1e-5));
    }
  }
}

TEST_CASE("when causal beats mean, T = 10 (docs/theory/rmt.md#causal-vs-mean)", "[rmt][weights]") {
  const double harm[] = {1.0, 1.662, 2.475, 3.282, 4.014, 4.636, 5.134, 5.502, 5.742, 5.858};
  for (int k = 1; k <= 10; ++k) {
    const Eigen::MatrixXd R = prefixModel(10, k).R;
    CHECK_THAT(gain(causalWeights(10, 0), R), WithinAbs(harm[k - 1], 1e-3));
    CHECK_THAT(gain(optimalWeights(R), R), WithinAbs(double(k), 1e-10));
    CHECK((gain(causalWeights(10, 0), R) > prefixClosedForm(PoolingKind::Mean, 10, k).snrGain + 1e-9) ==
          (k >= 2 && k <= 6));
  }
  const double phi[] = {0.3, 0.6, 0.9}, arMean[] = {1.735, 3.255, 7.276}, arHarm[] = {1.544, 2.523, 4.624},
               arOpt[] = {1.781, 3.349, 7.307};
  const double r0[] = {0.5, 0.8, 0.95}, dMean[] = {1.266, 2.717, 6.783}, dHarm[] = {1.606, 2.949, 4.809},
               dOpt[] = {1.654, 3.171, 6.871};
  for (int i = 0; i < 3; ++i) {
    const Eigen::MatrixXd A = arModel(10, phi[i]).R, D = decayModel(10, r0[i]).R;
    const Eigen::VectorXd mean = Eigen::VectorXd::Constant(10, 0.1);
    CHECK_THAT(gain(mean, A), WithinAbs(arMean[i], 1e-3));
    CHECK_THAT(gain(causalWeights(10, 0), A), WithinAbs(arHarm[i], 1e-3));
    CHECK_THAT(gain(optimalWeights(A), A), WithinAbs(arOpt[i], 1e-3));
    CHECK_THAT(gain(mean, D), WithinAbs(dMean[i], 1e-3));
    CHECK_THAT(gain(causalWeights(10, 0), D), WithinAbs(dHarm[i], 1e-3));
    CHECK_THAT(gain(optimalWeights(D), D), WithinAbs(dOpt[i], 1e-3));
  }
}

TEST_CASE("optimal weights beat 100 random weight vectors on alpha/kappa", "[rmt][weights]") {
  Eigen::MatrixXd custom(4, 4);
  custom << 1, .5, .2, 0, .5, 1, .3, .1, .2, .3, 1, -.2, 0, .1, -.2, 1;
  const PositionalModel models[] = {prefixModel(10, 3), arModel(10, 0.6), decayModel(10, 0.8), customModel(custom)};
  Rng rng(2026, 3, NormalMethod::BoxMuller);
  for (const auto& m : models) {
    const Eigen::VectorXd w = optimalWeights(m.R);
    CHECK_THAT(w.norm(), WithinAbs(1.0, 1e-12));
    CHECK(w.sum() >= 0);
    const double best = gain(w, m.R);
    CHECK_THAT(best, WithinAbs(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m.R).eigenvalues().maxCoeff(), 1e-10));
    for (int trial = 0; trial < 100; ++trial) {
      Eigen::VectorXd r(m.T);
      for (int t = 0; t < m.T; ++t) r(t) = rng.normal();
      CHECK(gain(r, m.R) <= best + 1e-12);
    }
    // Scale invariance: alpha/kappa does not depend on the normalisation (docs/theory/rmt.md#optimal-weights).
    CHECK_THAT(gain(3.7 * w, m.R), WithinAbs(best, 1e-12));
  }
}

TEST_CASE("sign samplers reproduce R", "[rmt][weights]") {
  Eigen::MatrixXd custom(3, 3);
  custom << 1, .6, -.3, .6, 1, 0, -.3, 0, 1;
  const PositionalModel models[] = {prefixModel(6, 2), arModel(6, 0.7), decayModel(6, 0.8), customModel(custom)};
  for (const auto& m : models) {
    const Eigen::MatrixXd emp = empiricalCorrelation(m, 40000, 11);
    CHECK((emp - m.R).cwiseAbs().maxCoeff() < 0.025);
  }
  // A latent label exists exactly for the label-agreement family.
  CHECK(prefixModel(4, 2).hasLabel());
  CHECK(decayModel(4, 0.5).hasLabel());
  CHECK_FALSE(arModel(4, 0.5).hasLabel());
}

TEST_CASE("parsers accept the documented spellings (prefix:k, ar:phi, decay:r0, causal:tau, harmonic, last, a list)",
          "[rmt][weights]") {
  CHECK(parsePositionalModel("prefix:3", 10).R.topLeftCorner(3, 3).isOnes());
  CHECK_THAT(parsePositionalModel("ar:0.5", 4).R(0, 3), WithinAbs(0.125, 1e-15));
  CHECK_THAT(parsePositionalModel("decay:0.5", 4).R(0, 2), WithinAbs(0.25, 1e-15));
  CHECK(parsePooling("causal:1.5").tau == 1.5);
  CHECK(parsePooling("harmonic").kind == PoolingKind::Causal);
  CHECK(parsePooling("last").kind == PoolingKind::Last);
  const PoolingSpec custom = parsePooling("0.5,0.3,0.2");
  CHECK(custom.kind == PoolingKind::Custom);
  CHECK(poolingWeights(custom, prefixModel(3, 2).R)(1) == 0.3);
  CHECK(poolingWeights(parsePooling("last"), prefixModel(3, 2).R) == Eigen::Vector3d(0, 0, 1));
}

TEST_CASE("bad weights and correlations are refused with the parameter named", "[rmt][weights][validation]") {
  CHECK_THROWS_WITH(prefixModel(10, 12), Contains("prefix:k needs k in [1, T] = [1, 10], got 12"));
  CHECK_THROWS_WITH(parsePositionalModel("prefix:12", 10), Contains("prefix:k"));
  CHECK_THROWS_WITH(parsePositionalModel("prefix:x", 10), Contains("prefix:k"));
  CHECK_THROWS_WITH(parsePositionalModel("ar:1.5", 10), Contains("phi"));
  CHECK_THROWS_WITH(parsePositionalModel("decay:-1", 10), Contains("r0"));
  CHECK_THROWS_WITH(parsePositionalModel("banana", 10), Contains("R must be"));
  CHECK_THROWS_WITH(parsePooling("causal:nan"), Contains("tau"));
  CHECK_THROWS_WITH(parsePooling("causal:inf"), Contains("tau"));
  CHECK_THROWS_WITH(causalWeights(10, std::nan("")), Contains("tau"));
  CHECK_THROWS_WITH(parsePooling("0.5,x"), Contains("pool"));
  CHECK_THROWS_WITH(poolingWeights(parsePooling("0.5,0.5"), prefixModel(3, 2).R),
                    Contains("custom weights need T = 3 values, got 2"));
  CHECK_THROWS_WITH(poolingWeights(parsePooling("0,0,0"), prefixModel(3, 2).R),
                    Contains("custom weights must be finite and not all zero"));
  Eigen::Matrix3d asym, diag, notPsd;
  asym << 1, .5, 0, .4, 1, 0, 0, 0, 1;
  diag << 1, 0, 0, 0, 1, 0, 0, 0, 0.9;
  notPsd << 1, .9, -.9, .9, 1, .9, -.9, .9, 1;
  CHECK_THROWS_WITH(validateCorrelation(asym), Contains("symmetric"));
  CHECK_THROWS_WITH(validateCorrelation(diag), Contains("R must have unit diagonal: R[2][2] = 0.9"));
  CHECK_THROWS_WITH(validateCorrelation(notPsd), Contains("positive semidefinite"));
  CHECK_THROWS_WITH(customModel(Eigen::MatrixXd::Ones(2, 3)), Contains("square"));
  CHECK_THROWS_WITH(poolingScalars(Eigen::VectorXd::Ones(2), prefixModel(3, 2).R), Contains("T = 3"));
  CHECK_NOTHROW(validateCorrelation(prefixModel(5, 3).R));
}

TEST_CASE("numbers inside R and pool follow the numeric parameters' syntax", "[rmt][weights][validation][syntax]") {
  // What n=0x10 is refused for is refused after the colon too, naming the form; plain decimals still read.
  for (const char* spec : {"ar:0x.8", "ar:+0.5", "ar:0.5 ", "decay:0x1p-1", "prefix:0x3", "prefix:+3", "prefix:3 ",
                           "ar:1e999", "ar:inf"}) {
    INFO(spec);
    CHECK_THROWS_WITH(parsePositionalModel(spec, 10), Contains("plain decimal number") && Contains(":"));
  }
  CHECK_THROWS_WITH(parsePositionalModel("ar:0x.8", 10), Contains("ar:phi") && Contains("'0x.8'"));
  CHECK_THROWS_WITH(parsePositionalModel("prefix:0x3", 10), Contains("prefix:k") && Contains("'0x3'"));
  CHECK_THAT(parsePositionalModel("ar:.5e0", 4).R(0, 1), WithinAbs(0.5, 1e-15));
  CHECK(parsePositionalModel("prefix:3e0", 10).R.topLeftCorner(3, 3).isOnes());
  for (const char* spec : {"causal:0x1p3", "causal:+1", "causal:1e", "causal:"}) {
    INFO(spec);
    CHECK_THROWS_WITH(parsePooling(spec), Contains("causal:tau") && Contains("plain decimal number"));
  }
  CHECK(parsePooling("causal:-2.5e-1").tau == -0.25);
  for (const char* spec : {"0x1,1,1", "1,+1,1", "1,1,0x.8p1", "1,1,", "1,1,1e999"}) {
    INFO(spec);
    CHECK_THROWS_WITH(parsePooling(spec), StartsWith("pool must be") && Contains("plain decimal number"));
  }
}

TEST_CASE("custom weights whose sums overflow or underflow are refused", "[rmt][weights][validation]") {
  const Eigen::MatrixXd R = prefixModel(3, 2).R;
  // Every weight finite, but |w|^2 (and the sum) overflow: alpha and kappa would be inf, their ratio NaN.
  // (The experiments name the parameter, pool or pools: test_rmt_experiments.cpp.)
  CHECK_THROWS_WITH(poolingWeights(parsePooling("1e308,1e308,1e308"), R), Contains("custom weights are too large"));
  CHECK_THROWS_WITH(poolingWeights(parsePooling("1e200,1,1"), R), Contains("custom weights are too large"));
  CHECK_THROWS_WITH(poolingWeights(parsePooling("1e-200,0,1e-200"), R), Contains("custom weights are too small"));
  // Within the stated range the scalars stay finite and the gain is scale-free.
  const PoolingScalars big = poolingScalars(poolingWeights(parsePooling("1e150,1e150,1e150"), R), R);
  const PoolingScalars unit = poolingScalars(poolingWeights(parsePooling("1,1,1"), R), R);
  CHECK(std::isfinite(big.alpha));
  CHECK(std::isfinite(big.kappa));
  CHECK_THAT(big.snrGain, WithinRel(unit.snrGain, 1e-12));
}

TEST_CASE("measured causal-attention weights match the formula within 0.005 at d = 800", "[rmt][simulation]") {
  AttentionWeightsConfig c;
  c.d = 800;
  c.positions = prefixModel(10, 3);
  c.sequences = 200;
  c.tau = 0;  // all scores vanish: exactly harmonic, no spread between sequences
  const AttentionWeightsResult zero = measureCausalAttentionWeights(c);
  CHECK(zero.maxDeviation < 1e-12);
  CHECK(zero.sd.maxCoeff() < 1e-9);
  for (double tau : {1.0, 2.0, -1.0}) {
    c.tau = tau;
    const AttentionWeightsResult r = measureCausalAttentionWeights(c);
    INFO("tau = " << tau << ": max deviation " << r.maxDeviation << ", max sd " << r.sd.maxCoeff());
    CHECK(r.maxDeviation < 0.005);
    CHECK(r.sd.maxCoeff() > 0);
    CHECK(r.sd.maxCoeff() < 0.01);  // docs/theory/rmt.md#causal-weights: sequence-to-sequence sd 0.002 at tau = 1
    CHECK_THAT(r.measured.sum(), WithinAbs(1.0, 1e-12));
  }
  c.tau = std::nan("");
  CHECK_THROWS_WITH(measureCausalAttentionWeights(c), Contains("tau"));
  c.tau = 1;
  CHECK(attentionMemoryBytes(c) >= 8u * 800u * 1600u);
}
