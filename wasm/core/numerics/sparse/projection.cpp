// SPDX-License-Identifier: Apache-2.0
#include "numerics/sparse/projection.hpp"

#include <algorithm>
#include <cmath>

namespace attnlab {

void gaussianRow(std::uint64_t seed, std::uint64_t stream, NormalMethod normals, int j, double scale, Real* out,
                 int d) {
  Rng rng(seed, childStream(stream, static_cast<std::uint64_t>(j)), normals);
  for (int c = 0; c < d; ++c) out[c] = static_cast<Real>(scale * rng.normal());
}

void fillGaussian(Eigen::Ref<RealMatrix> y, std::uint64_t seed, std::uint64_t stream, NormalMethod normals) {
  const int d = static_cast<int>(y.cols());
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  for (int j = 0; j < y.rows(); ++j) gaussianRow(seed, stream, normals, j, scale, y.row(j).data(), d);
}

RealMatrix gaussianProjection(int rows, int d, std::uint64_t seed, std::uint64_t stream, NormalMethod normals) {
  RealMatrix y(rows, d);
  fillGaussian(y, seed, stream, normals);
  return y;
}

RealMatrix orthogonalProjection(int rows, int d, std::uint64_t seed, std::uint64_t stream, NormalMethod normals) {
  const RealMatrix g = gaussianProjection(rows, d, seed, stream, normals);  // the N(0,1/d) scale is undone by QR
  RealMatrix y(rows, d);
  const double scale = std::sqrt(static_cast<double>(rows) / d);
  for (int first = 0; first < d; first += rows) {
    const int width = std::min(rows, d - first);
    const Eigen::MatrixXd block = g.middleCols(first, width).cast<double>();
    const Eigen::HouseholderQR<Eigen::MatrixXd> qr(block);
    Eigen::MatrixXd q = Eigen::MatrixXd::Identity(rows, width);
    q.applyOnTheLeft(qr.householderQ());
    for (int c = 0; c < width; ++c)
      if (qr.matrixQR()(c, c) < 0) q.col(c) = -q.col(c);  // Haar: signs fixed by sign(diag R)
    y.middleCols(first, width) = (scale * q).cast<Real>();
  }
  return y;
}

SymmetricFactor symmetricFactor(const SparsePattern& a, const std::vector<double>& b) {
  const int n = a.n;
  Eigen::MatrixXd btb = Eigen::MatrixXd::Zero(n, n);  // B^T B = sum over rows of b_i^T b_i (k^2 terms each)
  for (int i = 0; i < n; ++i)
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p)
      for (int q = a.rowStart[i]; q < a.rowStart[i + 1]; ++q) btb(a.cols[p], a.cols[q]) += b[p] * b[q];
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(btb);
  btb.resize(0, 0);
  const Eigen::VectorXd& lambda = eig.eigenvalues();  // ascending
  const double cutoff = std::max(lambda(n - 1), 0.0) * 1e-12 * n;
  int first = 0;
  while (first < n && lambda(first) <= cutoff) ++first;
  SymmetricFactor f;
  f.rank = n - first;
  const auto v = eig.eigenvectors().rightCols(f.rank);
  const Eigen::ArrayXd root4 = lambda.tail(f.rank).array().sqrt().sqrt();
  f.r = (v * root4.matrix().asDiagonal()).cast<Real>();
  Eigen::MatrixXd vScaled = v * root4.inverse().matrix().asDiagonal();
  f.p = RealMatrix::Zero(n, f.rank);
  for (int i = 0; i < n; ++i)
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) f.p.row(i) += (b[p] * vScaled.row(a.cols[p])).cast<Real>();
  return f;
}

void sparseTimesDense(const SparsePattern& a, const std::vector<double>& b, const RealConstRef& y,
                      Eigen::Ref<RealMatrix> out, int first, int last) {
  for (int i = first; i < last; ++i) {
    auto row = out.row(i);
    row.setZero();
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) row += static_cast<Real>(b[p]) * y.row(a.cols[p]);
  }
}

RealMatrix assembleInput(const RealMatrix& x1, const RealMatrix& x2) {
  RealMatrix x(x1.rows(), x1.cols() + x2.cols());
  x << x1, x2;
  return x;
}

RealMatrix queryWeights(int d) {
  RealMatrix w = RealMatrix::Zero(2 * d, d);
  w.topRows(d).setIdentity();
  return w;
}

RealMatrix keyWeights(int d) {
  RealMatrix w = RealMatrix::Zero(2 * d, d);
  w.bottomRows(d).setIdentity();
  return w;
}

}  // namespace attnlab
