// SPDX-License-Identifier: Apache-2.0
// Parameter-free causal self-attention run on simulated sequences (docs/theory/rmt.md#causal-weights): Q = K = V = I,
// scores (tau/d) x_i^T x_j for j <= i, row softmax, c = (1/T) sum_i y_i, so w_j = (1/T) sum_{i>=j} A_ij.
#pragma once
#include <Eigen/Dense>
#include <cstdint>

#include "numerics/rmt/simulation_model.hpp"

namespace attnlab {

struct AttentionWeightsConfig {
  int d = 800;                // dimension, in [2, 8192]
  double delta = 0.5;         // d/V, in (0, 1000]
  double mu2 = 1.0;           // ||mu||^2
  PositionalModel positions;  // R (only T and the token classes matter here)
  double tau = 0.0;           // score scale, in [-30, 30]
  int sequences = 200;        // sequences averaged, in [1, 1e6] [GUESS default]
  TableVariant variant = TableVariant::A;
  std::uint64_t seed = 1, stream = 0;
  NormalMethod normals = NormalMethod::Ziggurat;  // the run's rng (docs/theory/rank.md#prng-ziggurat)
};

// Measured weights (mean and sd over sequences) against the deterministic formula causalWeights(T, tau).
struct AttentionWeightsResult {
  Eigen::VectorXd measured, sd, formula;
  double maxDeviation = 0;  // max_j |measured_j - formula_j|
};
AttentionWeightsResult measureCausalAttentionWeights(const AttentionWeightsConfig& config);

// Peak bytes: the d x V table plus one sequence's T x d embeddings and T x T scores.
std::size_t attentionMemoryBytes(const AttentionWeightsConfig& config);

}  // namespace attnlab
