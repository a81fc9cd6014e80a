// SPDX-License-Identifier: Apache-2.0
// Positional correlation R, its ±1 sign samplers, and the pooling weights w with alpha = w^T R w and
// kappa = ||w||^2 (docs/theory/rmt.md#positional-correlation, #pooling-schemes, #optimal-weights, #causal-weights). All
// functions are pure.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "lab/result_fields.hpp"
#include "numerics/shared/rng.hpp"

namespace attnlab {

constexpr int kMaxSequenceLength = 512;  // T in [1, 512]

enum class CorrelationKind { Prefix, Ar, Decay, Custom };

// R together with what is needed to draw sign vectors xi with E[xi xi^T] = R (docs/theory/rmt.md#sequences,
// #positional-correlation).
struct PositionalModel {
  CorrelationKind kind = CorrelationKind::Prefix;
  int T = 0;
  Eigen::MatrixXd R;
  Eigen::VectorXd agreement;   // label-agreement r_t (prefix, decay): xi_t = y w.p. (1 + r_t)/2
  double phi = 0;              // AR(1) sign chain: xi_{t+1} = xi_t w.p. (1 + phi)/2
  Eigen::MatrixXd signFactor;  // custom: L L^T = sin(pi R / 2), xi = sign(L z) (Gaussian-sign construction)
  bool hasLabel() const { return agreement.size() > 0; }  // a latent sequence label y exists
};

// prefix:k — r_t = 1 for t <= k, 0 after: R = blockdiag(J_k, I_{T-k}), k in [1, T]
// (docs/theory/rmt.md#positional-correlation).
PositionalModel prefixModel(int T, int k);
// ar:phi — stationary sign chain, R_tt' = phi^|t-t'|, phi in [-1, 1].
PositionalModel arModel(int T, double phi);
// decay:r0 — label agreement r_t = r0^(t-1), r0 in [0, 1]: R = r r^T + diag(1 - r_t^2).
PositionalModel decayModel(int T, double r0);
// Any label-agreement vector r in [0, 1]^T (r_1 need not be 1).
PositionalModel labelAgreementModel(const Eigen::VectorXd& r);
// A custom T x T matrix: validated (validateCorrelation), sampled by signs of a Gaussian with
// covariance sin(pi R / 2); refused when that matrix is not PSD (R not reachable this way).
PositionalModel customModel(const Eigen::MatrixXd& R);
// "prefix:3", "ar:0.6", "decay:0.8" for sequence length T.
PositionalModel parsePositionalModel(const std::string& spec, int T);

// Refuses R unless square, finite, symmetric, unit diagonal, entries in [-1, 1] and PSD (tolerance tol).
void validateCorrelation(const Eigen::MatrixXd& R, double tol = 1e-9);

// One sign vector xi (length T, entries ±1) into `xi`; returns the latent label y (0 if the model has none).
int sampleSigns(const PositionalModel& model, Rng& rng, int* xi);

enum class PoolingKind { Mean, Causal, Optimal, Last, Custom };
struct PoolingSpec {
  PoolingKind kind = PoolingKind::Mean;
  double tau = 0;              // causal:tau score scale (tau = 0: harmonic)
  std::vector<double> custom;  // custom weights, one per position
};
// "mean", "causal" (tau = 0), "causal:tau", "harmonic", "optimal", "last", or "w1,w2,...,wT".
PoolingSpec parsePooling(const std::string& spec);

// w_j(tau) = (1/T)[e^tau/(e^tau + j - 1) + sum_{i>j} 1/(e^tau + i - 1)], j = 1..T (docs/theory/rmt.md#causal-weights).
Eigen::VectorXd causalWeights(int T, double tau = 0.0);
// Unit-norm top eigenvector of R, oriented with a nonnegative sum (docs/theory/rmt.md#numerics, #optimal-weights).
Eigen::VectorXd optimalWeights(const Eigen::MatrixXd& R);
// The weights of a pooling for this R: mean 1/T, causal, optimal (unit norm), last e_T, custom.
Eigen::VectorXd poolingWeights(const PoolingSpec& pooling, const Eigen::MatrixXd& R);

// alpha = w^T R w, kappa = ||w||^2, their ratio (the SNR gain rho/||mu||^2) and sum w (docs/theory/rmt.md#snr).
struct PoolingScalars {
  double alpha = 0, kappa = 0, snrGain = 0, weightSum = 0;
};
ATTNLAB_FIELDS(PoolingScalars, alpha, kappa, snrGain, weightSum)
PoolingScalars poolingScalars(const Eigen::VectorXd& w, const Eigen::MatrixXd& R);

// Closed forms for the prefix model (docs/theory/rmt.md#prefix-model): Mean, Causal (tau = 0 only) and Optimal (unit
// norm).
PoolingScalars prefixClosedForm(PoolingKind kind, int T, int k);

// H_n = sum_{i=1}^n 1/i, H_0 = 0.
double harmonicNumber(int n);

}  // namespace attnlab
