// SPDX-License-Identifier: Apache-2.0
#include "numerics/rank/energy.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace attnlab {
namespace {

// R of a thin QR decomposition of x (rows ≥ cols): x = Q R with Q's columns orthonormal, so x Bᵀ keeps x's spectrum
// information in R.
Eigen::MatrixXd thinR(const Eigen::MatrixXd& x) {
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(x);
  return qr.matrixQR().topRows(x.cols()).triangularView<Eigen::Upper>();
}

}  // namespace

int energyRank(const Eigen::VectorXd& singularValues, double fraction) {
  std::vector<double> squares(static_cast<std::size_t>(singularValues.size()));
  for (Eigen::Index i = 0; i < singularValues.size(); ++i) squares[i] = singularValues[i] * singularValues[i];
  std::sort(squares.begin(), squares.end(), std::greater<>());
  double total = 0;
  for (double s : squares) total += s;
  if (!(total > 0)) return 0;
  double sum = 0;
  for (std::size_t k = 0; k < squares.size(); ++k) {
    sum += squares[k];
    if (sum >= fraction * total) return static_cast<int>(k + 1);
  }
  return static_cast<int>(squares.size());
}

Eigen::VectorXd productSingularValues(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() <= a.cols()) {
    const Eigen::MatrixXd product = a * b.transpose();
    return Eigen::BDCSVD<Eigen::MatrixXd>(product).singularValues();
  }
  const Eigen::MatrixXd core = thinR(a) * thinR(b).transpose();
  return Eigen::BDCSVD<Eigen::MatrixXd>(core).singularValues();
}

int rowCentredEnergyRank(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double fraction) {
  // L C = A (C B)ᵀ: centring the rows of L is centring the columns of B (each key minus the keys' mean).
  const Eigen::MatrixXd centred = b.rowwise() - b.colwise().mean();
  return energyRank(productSingularValues(a, centred), fraction);
}

int rowCentredEnergyRank(const RowMatrix& logits, double fraction) {
  const Eigen::MatrixXd centred = logits.colwise() - logits.rowwise().mean();
  return energyRank(Eigen::BDCSVD<Eigen::MatrixXd>(centred).singularValues(), fraction);
}

double productAntisymmetry(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  // ‖M‖² = tr(AᵀA BᵀB), tr(M M) = tr(G G) with G = Bᵀ A; ‖(M − Mᵀ)/2‖² = (‖M‖² − tr(M M)) / 2.
  const Eigen::MatrixXd g = b.transpose() * a;
  const double norm2 = ((a.transpose() * a).array() * (b.transpose() * b).array()).sum();
  const double trace = (g.array() * g.transpose().array()).sum();
  return norm2 > 0 ? std::sqrt(std::max(0.0, (norm2 - trace) / 2) / norm2) : 0.0;
}

BilinearMeasures bilinearMeasures(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double fraction) {
  BilinearMeasures out;
  out.energyRank = energyRank(productSingularValues(a, b), fraction);
  out.antisymmetry = productAntisymmetry(a, b);
  return out;
}

}  // namespace attnlab
