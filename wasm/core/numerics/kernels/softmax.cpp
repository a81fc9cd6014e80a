// SPDX-License-Identifier: Apache-2.0
#include "numerics/kernels/softmax.hpp"

#include <algorithm>
#include <cmath>

namespace attnlab {

void rowSoftmaxInPlace(RowMatrix& logits, bool causal, int firstRow, int lastRow) {
  const int n = static_cast<int>(logits.cols());
  if (lastRow < 0) lastRow = static_cast<int>(logits.rows());
  for (int i = firstRow; i < lastRow; ++i) {
    const int width = causal ? std::min(i + 1, n) : n;
    auto row = logits.row(i);
    const double m = row.head(width).maxCoeff();
    double sum = 0;
    for (int j = 0; j < width; ++j) sum += (row(j) = std::exp(row(j) - m));
    row.head(width) /= sum;
    if (width < n) row.tail(n - width).setZero();
  }
}

std::vector<double> rowEntropies(const RowMatrix& p) {
  std::vector<double> h(p.rows());
  for (Eigen::Index i = 0; i < p.rows(); ++i) {
    double s = 0;
    for (Eigen::Index j = 0; j < p.cols(); ++j)
      if (p(i, j) > 0) s -= p(i, j) * std::log(p(i, j));
    h[i] = s;
  }
  return h;
}

double effectiveRank(const std::vector<double>& sv) {
  double total = 0;
  for (double s : sv) total += s;
  if (total <= 0) return 0;
  double entropy = 0;
  for (double s : sv)
    if (s > 0) entropy -= (s / total) * std::log(s / total);
  return std::exp(entropy);
}

std::vector<double> singularValues(const RowMatrix& m) {
  Eigen::BDCSVD<Eigen::MatrixXd> svd(m);  // no singular vectors requested
  const Eigen::VectorXd& s = svd.singularValues();
  return std::vector<double>(s.data(), s.data() + s.size());
}

Grid downsampleMaxAbs(const RowMatrix& m, int maxSide) {
  const int rows = static_cast<int>(m.rows()), cols = static_cast<int>(m.cols());
  const int br = (rows + maxSide - 1) / maxSide, bc = (cols + maxSide - 1) / maxSide;
  Grid g;
  g.rows = (rows + br - 1) / br;
  g.cols = (cols + bc - 1) / bc;
  g.data.assign(static_cast<std::size_t>(g.rows) * g.cols, 0.0);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      double& cell = g.data[static_cast<std::size_t>(i / br) * g.cols + j / bc];
      if (std::fabs(m(i, j)) > std::fabs(cell)) cell = m(i, j);
    }
  return g;
}

}  // namespace attnlab
