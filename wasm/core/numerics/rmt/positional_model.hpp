// SPDX-License-Identifier: Apache-2.0
// Positional correlation R and its ±1 sign samplers (docs/theory/rmt.md#positional-correlation, #sequences); the
// pooling weights over it are pooling_weights.hpp. All functions are pure.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

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

}  // namespace attnlab
