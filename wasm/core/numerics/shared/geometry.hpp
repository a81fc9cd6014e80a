// SPDX-License-Identifier: Apache-2.0
// Point samplers for the synthetic geometries (docs/theory/rank.md#prng) and the logits they induce.
#pragma once
#include <Eigen/Dense>
#include <string>

#include "numerics/shared/rng.hpp"

namespace attnlab {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

enum class Geometry { Sphere, Ball, Gauss };
Geometry parseGeometry(const std::string& name);

// n points in R^d in order i = 0..n-1 from one generator: sphere = normalised normals; ball = sphere
// direction times rho·u^(1/d) with rho = 1 (ball) or 1/2 (gauss, the Gaussian lift G).
RowMatrix samplePoints(Geometry geometry, int n, int d, Rng& rng);

// L = beta X X^T; for gauss L_ij = beta x_i·x_j - (beta/2)|x_j|^2 (multiplicity log-weight, docs/theory/rank.md#prng).
RowMatrix selfAttentionLogits(Geometry geometry, const RowMatrix& x, double beta);

}  // namespace attnlab
