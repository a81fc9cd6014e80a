// SPDX-License-Identifier: Apache-2.0
// Downstream ridge classification of the latent sequence label from pooled vectors (docs/theory/rmt.md#ridge,
// a [GUESS] protocol; simulation only, no closed-form theory).
#pragma once
#include <Eigen/Dense>
#include <cstdint>

#include "numerics/rmt/simulation_model.hpp"

namespace attnlab {

struct RidgeConfig {
  int d = 400;                // dimension, in [2, 8192]
  double delta = 0.5;         // d/V, in (0, 1000]
  double mu2 = 1.0;           // ||mu||^2
  PositionalModel positions;  // must carry a latent label (prefix:k, decay:r0)
  Eigen::VectorXd weights;    // rescaled to unit norm inside, so lambda is comparable across poolings
  TableVariant variant = TableVariant::A;
  int trainSize = 1600;  // N_tr, in [2, 1e6] [GUESS default]
  int testSize = 4000;   // N_te fresh sequences from the same table, in [1, 1e7] [GUESS default]
  double lambda = 0.1;   // ridge penalty, in (0, 1e6] [GUESS default]
  std::uint64_t seed = 1, stream = 0;
  NormalMethod normals = NormalMethod::Ziggurat;  // the run's rng (docs/theory/rank.md#prng-ziggurat)
};

// beta = (C C^T/N_tr + lambda I)^{-1} C y / N_tr (no intercept); accuracy = mean(sign(beta^T c) == y).
struct RidgeResult {
  double testAccuracy = 0, trainAccuracy = 0;
  PoolingScalars pooling;  // of the unit-norm weights
};
RidgeResult ridgeClassification(const RidgeConfig& config);

// Peak bytes: table, training C, the d x d system and one block of test vectors.
std::size_t ridgeMemoryBytes(const RidgeConfig& config);

}  // namespace attnlab
