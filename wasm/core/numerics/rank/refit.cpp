// SPDX-License-Identifier: Apache-2.0
// U4 (docs/theory/rank.md#l1-refit): min_c ||P_i - c B||_1 by iteratively reweighted least squares, B = V_k^T.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/rank/refit.hpp"

namespace attnlab {

namespace {

// The best l1 error reached over the IRLS iterates, starting from the least-squares coefficients;
// stops early once it is <= target.
double irlsRow(const Eigen::RowVectorXd& row, const Eigen::MatrixXd& vk, const RefitOptions& o, double target) {
  Eigen::RowVectorXd c = row * vk;  // LS in an orthonormal basis
  double best = (row - c * vk.transpose()).cwiseAbs().sum();
  for (int it = 0; it < o.iterations && best > target; ++it) {
    const Eigen::RowVectorXd r = row - c * vk.transpose();
    const Eigen::VectorXd w = r.cwiseAbs().cwiseMax(o.weightFloor).cwiseInverse().transpose();
    const Eigen::MatrixXd sw = w.cwiseSqrt().asDiagonal() * vk;
    Eigen::MatrixXd bwbt = Eigen::MatrixXd::Zero(vk.cols(), vk.cols());  // B W B^T, k × k
    bwbt.selfadjointView<Eigen::Lower>().rankUpdate(sw.transpose());
    const Eigen::VectorXd rhs = vk.transpose() * w.asDiagonal() * row.transpose();
    c = bwbt.selfadjointView<Eigen::Lower>().ldlt().solve(rhs).transpose();
    best = std::min(best, (row - c * vk.transpose()).cwiseAbs().sum());
  }
  return best;
}

}  // namespace

std::vector<double> refitRowErrors(const RowMatrix& p, const Eigen::MatrixXd& vk, double eps, const RefitOptions& o,
                                   int* refitted) {
  const RowMatrix residual = p - (p * vk) * vk.transpose();
  std::vector<double> err(p.rows());
  int count = 0;
  for (Eigen::Index i = 0; i < p.rows(); ++i) {
    err[i] = residual.row(i).cwiseAbs().sum();
    if (err[i] > eps && vk.cols() > 0) {
      err[i] = std::min(err[i], irlsRow(p.row(i), vk, o, 0.0));
      ++count;
    }
  }
  if (refitted) *refitted = count;
  return err;
}

namespace {

// Whether every row of span(V_k^T) refits within eps; worst rows first, so a failing k stops early.
bool refitPasses(const RowMatrix& p, const Eigen::MatrixXd& vk, double eps, const RefitOptions& o, double& worst,
                 int& refitted) {
  const RowMatrix residual = p - (p * vk) * vk.transpose();
  std::vector<std::pair<double, Eigen::Index>> violating;
  worst = 0;
  for (Eigen::Index i = 0; i < p.rows(); ++i) {
    const double e = residual.row(i).cwiseAbs().sum();
    if (e > eps)
      violating.emplace_back(e, i);
    else
      worst = std::max(worst, e);
  }
  std::sort(violating.rbegin(), violating.rend());
  refitted = static_cast<int>(violating.size());
  for (const auto& [e, i] : violating) {
    const double fit = vk.cols() > 0 ? irlsRow(p.row(i), vk, o, eps) : e;
    if (fit > eps) return false;
    worst = std::max(worst, fit);
  }
  return true;
}

}  // namespace

RefitCertificate refitCertificate(const RowMatrix& p, const SvdCertificate& u1, double eps, int lowerBound,
                                  const RefitOptions& o) {
  if (p.cols() > o.maxN)
    throw std::invalid_argument("refit needs n <= " + std::to_string(o.maxN) + ", got " + std::to_string(p.cols()));
  if (u1.spectrum.vectors.cols() < u1.k) throw std::invalid_argument("refit needs U1's k leading vectors");
  RefitCertificate c;
  c.k = u1.k;
  c.verifiedError = u1.verifiedError;
  // Downward from k_svd (the refit gains ~10%, measured, docs/theory/rank.md#l1-refit): cheap near k_svd, stops at the
  // first failure.
  for (int k = u1.k - 1; k >= std::max(0, lowerBound); --k) {
    double worst = 0;
    int refitted = 0;
    const bool passes = refitPasses(p, u1.spectrum.vectors.leftCols(k), eps, o, worst, refitted);
    c.triedK.push_back(k);
    c.rowErrors.push_back(passes ? worst : eps + 1);
    if (!passes) break;
    c.k = k;
    c.verifiedError = worst;
    c.refittedRows = refitted;
  }
  return c;
}

}  // namespace attnlab
