// SPDX-License-Identifier: Apache-2.0
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/rank/error.hpp"
#include "numerics/kernels/softmax.hpp"

namespace attnlab {

double maxRowL1(const RowMatrix& e) {
  double worst = 0;
  for (Eigen::Index i = 0; i < e.rows(); ++i) worst = std::max(worst, e.row(i).cwiseAbs().sum());
  return worst;
}

double maxRowL1Difference(const RowMatrix& a, const RowMatrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) throw std::invalid_argument("maxRowL1Difference: shapes differ");
  double worst = 0;
  for (Eigen::Index i = 0; i < a.rows(); ++i) worst = std::max(worst, (a.row(i) - b.row(i)).cwiseAbs().sum());
  return worst;
}

RowMatrix rowSoftmax(const RowMatrix& logits) {
  RowMatrix p = logits;
  rowSoftmaxInPlace(p, false);
  return p;
}

RowMatrix centerRows(const RowMatrix& logits) {
  RowMatrix c = logits;
  c.colwise() -= logits.rowwise().mean();
  return c;
}

double oscillation(const Eigen::Ref<const Eigen::RowVectorXd>& x) {
  if (x.size() == 0) return 0;
  return x.maxCoeff() - x.minCoeff();
}

double softmaxPerturbationBound(double osc) { return 2.0 * std::tanh(osc / 4.0); }

void requireEps(double eps) {
  if (!std::isfinite(eps) || eps <= 0)
    throw std::invalid_argument("eps must be a finite number in (0, inf), got " + std::to_string(eps));
}

}  // namespace attnlab
