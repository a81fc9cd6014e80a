// SPDX-License-Identifier: Apache-2.0
// The error norm of paper 3 and the softmax facts every certificate leans on (docs/theory/rank.md#definitions).
#pragma once
#include <Eigen/Dense>

#include "numerics/shared/geometry.hpp"

namespace attnlab {

// ||E||_{inf→inf} = max_i sum_j |E_ij|: the worst output error over values in [-1,1] (docs/theory/rank.md#definitions).
double maxRowL1(const RowMatrix& e);
// ||A - B||_{inf→inf} without forming A - B.
double maxRowL1Difference(const RowMatrix& a, const RowMatrix& b);

// Row softmax of a copy of the logits (stable form, docs/theory/rank.md#definitions).
RowMatrix rowSoftmax(const RowMatrix& logits);
// L_c = L (I - 11^T/n_k): each row minus its mean; carries all the visible information
// (docs/theory/rank.md#interaction-dimension, F3).
RowMatrix centerRows(const RowMatrix& logits);

// osc(x) = max_j x_j - min_j x_j, the row-shift-invariant size of a logit perturbation.
double oscillation(const Eigen::Ref<const Eigen::RowVectorXd>& x);
// F8: ||softmax(x) - softmax(x + delta)||_1 <= 2 tanh(osc(delta)/4) (docs/theory/rank.md#softmax-perturbation).
double softmaxPerturbationBound(double osc);

// Throws std::invalid_argument unless eps is a finite number > 0 (eps >= 1 is allowed: rank 0, F1).
void requireEps(double eps);

}  // namespace attnlab
