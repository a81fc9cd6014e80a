// SPDX-License-Identifier: Apache-2.0
// The pooling weights w with alpha = w^T R w and kappa = ||w||^2 (docs/theory/rmt.md#pooling-schemes,
// #optimal-weights, #causal-weights). All functions are pure.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "lab/result_fields.hpp"

namespace attnlab {

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
