// SPDX-License-Identifier: Apache-2.0
// Energy dimensions of real heads (Lee, arXiv 2604.04384): how many singular values of a matrix carry a fraction
// (90 %) of its squared singular-value mass, for the row-centred logits L − (row means)1ᵀ (paper 3's row-shift
// quotient) and for a head's bilinear form M = W_Qᵀ W_K; and the antisymmetric share ‖(M − Mᵀ)/2‖_F / ‖M‖_F of M
// (1/√2 for a random matrix). Products A Bᵀ of two n × r factors are measured through their r × r core, O(n r²).
#pragma once
#include <Eigen/Dense>

#include "numerics/shared/geometry.hpp"

namespace attnlab {

// Lee's fraction of Σσ² (90 %).
constexpr double kLeeEnergyFraction = 0.9;

// The least k with σ_1² + … + σ_k² ≥ fraction · Σσ² (σ in any order; 0 for a zero matrix).
int energyRank(const Eigen::VectorXd& singularValues, double fraction);

// Singular values of A Bᵀ (A and B with as many rows, as many columns): through the triangular factors of thin QR
// decompositions when the rows outnumber the columns, else from the product itself.
Eigen::VectorXd productSingularValues(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);

// energyRank of the row-centred logits L C (C = I − 11ᵀ/n) of L = A Bᵀ: A = scaled queries, B = keys (n × d_h).
int rowCentredEnergyRank(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double fraction);
// The same of a logit matrix given whole (an uploaded L or a log-attention matrix).
int rowCentredEnergyRank(const RowMatrix& logits, double fraction);

// A head's bilinear form M = A Bᵀ (A, B: hidden × d_h): the energy rank of M itself and its antisymmetric share.
struct BilinearMeasures {
  int energyRank = 0;
  double antisymmetry = 0;  // ‖(M − Mᵀ)/2‖_F / ‖M‖_F, in [0, 1]; 0 for M = 0
};
// ‖(M − Mᵀ)/2‖_F / ‖M‖_F of M = A Bᵀ, from d_h × d_h products (0 for M = 0).
double productAntisymmetry(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);
BilinearMeasures bilinearMeasures(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double fraction);

}  // namespace attnlab
