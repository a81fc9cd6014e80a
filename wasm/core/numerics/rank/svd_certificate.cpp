// SPDX-License-Identifier: Apache-2.0
// U1 (docs/theory/rank.md#svd-certificate, #implementation-notes). Both paths need only V: R_k = P - (P V_k) V_k^T.
#include <Spectra/SymEigsSolver.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "numerics/rank/error.hpp"
#include "numerics/rank/svd_certificate.hpp"
#include "numerics/shared/rng.hpp"
#include "numerics/kernels/vector_lanes.hpp"

namespace attnlab {

namespace {

// y = P^T (P x) without forming P^T P: 4 n^2 flops per product.
class GramProduct {
 public:
  using Scalar = double;
  explicit GramProduct(const RowMatrix& p) : p_(p), tmp_(p.rows()) {}
  Eigen::Index rows() const { return p_.cols(); }
  Eigen::Index cols() const { return p_.cols(); }
  void perform_op(const double* xIn, double* yOut) const {
    Eigen::Map<const Eigen::VectorXd> x(xIn, p_.cols());
    Eigen::Map<Eigen::VectorXd> y(yOut, p_.cols());
    tmp_.noalias() = p_ * x;
    y.noalias() = p_.transpose() * tmp_;
  }

 private:
  const RowMatrix& p_;
  mutable Eigen::VectorXd tmp_;
};

std::vector<double> sqrtClamped(const Eigen::VectorXd& eigenvalues) {
  std::vector<double> s(eigenvalues.size());
  for (Eigen::Index l = 0; l < eigenvalues.size(); ++l) s[l] = std::sqrt(std::max(eigenvalues(l), 0.0));
  return s;
}

int firstBelow(const std::vector<double>& curve, double eps) {
  for (std::size_t k = 0; k < curve.size(); ++k)
    if (curve[k] <= eps) return static_cast<int>(k);
  return -1;
}

double verifiedTruncationError(const RowMatrix& p, const Eigen::MatrixXd& vectors, int k) {
  if (k == 0) return maxRowL1(p);
  const Eigen::MatrixXd vk = vectors.leftCols(k);
  const RowMatrix approx = (p * vk) * vk.transpose();
  return maxRowL1Difference(p, approx);
}

}  // namespace

RightSpectrum fullRightSpectrum(const RowMatrix& p) {
  const Eigen::MatrixXd gram = p.transpose() * p;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(gram);
  if (eig.info() != Eigen::Success) throw std::runtime_error("eigendecomposition of P^T P failed");
  RightSpectrum s;
  s.sigma = sqrtClamped(eig.eigenvalues().reverse());
  s.vectors = eig.eigenvectors().rowwise().reverse();
  s.frobeniusSq = p.squaredNorm();
  s.complete = true;
  return s;
}

RightSpectrum partialRightSpectrum(const RowMatrix& p, int count) {
  const int n = static_cast<int>(p.cols());
  if (count < 1 || count >= n) throw std::invalid_argument("partial spectrum: count must be in [1, n-1]");
  GramProduct op(p);
  const int ncv = std::min(n, std::max(2 * count + 1, count + 20));
  Spectra::SymEigsSolver<GramProduct> eigs(op, count, ncv);
  // A fixed start vector, Box–Muller whatever the run's rng (docs/theory/rank.md#prng-ziggurat): the result is a
  // pure function of P.
  Rng rng(0x5eed, 1, NormalMethod::BoxMuller);
  Eigen::VectorXd start(n);
  for (int j = 0; j < n; ++j) start(j) = rng.normal();
  eigs.init(start.data());
  eigs.compute(Spectra::SortRule::LargestAlge, 1000, 1e-11);
  if (eigs.info() != Spectra::CompInfo::Successful) throw std::runtime_error("Lanczos did not converge");
  RightSpectrum s;
  s.sigma = sqrtClamped(eigs.eigenvalues());
  s.vectors = eigs.eigenvectors();
  s.frobeniusSq = p.squaredNorm();
  return s;
}

SvdPath parseSvdPath(const std::string& name) {
  if (name == "auto") return SvdPath::Auto;
  if (name == "full") return SvdPath::Full;
  if (name == "partial") return SvdPath::Partial;
  throw std::invalid_argument("svdPath must be one of auto | full | partial, got '" + name + "'");
}

namespace {

// R -= (P v) v^T, returning the largest row l1 norm of the new R. Eight rows side by side, in 2-lane vectors whose
// lanes are two rows, two columns a step, so that their sums' additions overlap; each entry is r - p v as before and
// each row still sums over j in order (the same numbers as one row at a time).
double subtractAndMeasure(RowMatrix& residual, const Eigen::VectorXd& pv, const Eigen::Ref<const Eigen::VectorXd>& v) {
  using Pair = DoubleLanes;
  const Eigen::Index rows = residual.rows(), n = residual.cols();
  const double* vs = v.data();
  double worst = 0;
  Eigen::Index i = 0;
  for (; i + 8 <= rows; i += 8) {
    double* r[8];
    Pair p[8];
    for (int q = 0; q < 8; ++q) {
      r[q] = residual.row(i + q).data();
      p[q] = Pair{pv(i + q), pv(i + q)};
    }
    Pair s[4] = {};
    Eigen::Index j = 0;
    for (; j + 2 <= n; j += 2) {
      const Pair vj = loadLanes<Pair>(vs + j);
      for (int q = 0; q < 4; ++q) {
        const Pair top = loadLanes<Pair>(r[2 * q] + j) - p[2 * q] * vj;
        const Pair bottom = loadLanes<Pair>(r[2 * q + 1] + j) - p[2 * q + 1] * vj;
        storeLanes(r[2 * q] + j, top);
        storeLanes(r[2 * q + 1] + j, bottom);
        s[q] = s[q] + absLanes(Pair{top[0], bottom[0]});
        s[q] = s[q] + absLanes(Pair{top[1], bottom[1]});
      }
    }
    for (; j < n; ++j)
      for (int q = 0; q < 4; ++q) {
        const Pair entry = Pair{r[2 * q][j] - p[2 * q][0] * vs[j], r[2 * q + 1][j] - p[2 * q + 1][0] * vs[j]};
        r[2 * q][j] = entry[0];
        r[2 * q + 1][j] = entry[1];
        s[q] = s[q] + absLanes(entry);
      }
    for (int q = 0; q < 4; ++q) worst = std::max(std::max(worst, s[q][0]), s[q][1]);
  }
  for (; i < rows; ++i) {
    double* r = residual.row(i).data();
    double s = 0;
    for (Eigen::Index j = 0; j < n; ++j) s += std::fabs(r[j] -= pv(i) * vs[j]);
    worst = std::max(worst, s);
  }
  return worst;
}

}  // namespace

std::vector<double> residualErrorCurve(const RowMatrix& p, const Eigen::MatrixXd& vectors, double eps) {
  RowMatrix residual = p;
  std::vector<double> curve{maxRowL1(p)};
  if (curve[0] <= eps) return curve;
  Eigen::VectorXd pv(p.rows());
  for (Eigen::Index k = 0; k < vectors.cols(); ++k) {
    const auto v = vectors.col(k);
    pv.noalias() = p * v;  // sigma_k u_k
    const double worst = subtractAndMeasure(residual, pv, v);
    curve.push_back(worst);
    if (worst <= eps) break;
  }
  return curve;
}

namespace {

SvdCertificate finish(const RowMatrix& p, RightSpectrum spectrum, std::vector<double> curve, int k, const char* path,
                      int rounds) {
  SvdCertificate c;
  c.k = k;
  c.verifiedError = verifiedTruncationError(p, spectrum.vectors, k);
  c.errCurve = std::move(curve);
  c.spectrum = std::move(spectrum);
  c.path = path;
  c.lanczosRounds = rounds;
  return c;
}

SvdCertificate fullPath(const RowMatrix& p, double eps, int rounds) {
  RightSpectrum s = fullRightSpectrum(p);
  std::vector<double> curve = residualErrorCurve(p, s.vectors, eps);
  int k = firstBelow(curve, eps);
  if (k < 0) k = static_cast<int>(std::min(p.rows(), p.cols()));  // M = P is always within eps
  return finish(p, std::move(s), std::move(curve), k, "full", rounds);
}

}  // namespace

SvdCertificate svdCertificate(const RowMatrix& p, double eps, const SvdOptions& options) {
  requireEps(eps);
  if (p.rows() == 0 || p.cols() == 0) throw std::invalid_argument("P must be non-empty");
  const int n = static_cast<int>(p.cols());
  if (eps >= 1) {
    RightSpectrum none;
    none.vectors = Eigen::MatrixXd(n, 0);
    none.frobeniusSq = p.squaredNorm();
    return finish(p, std::move(none), {maxRowL1(p)}, 0, "none", 0);
  }
  const int limit = options.path == SvdPath::Partial ? n - 1 : static_cast<int>(options.partialFraction * n);
  int rounds = 0;
  int count = std::min(std::max(1, options.initialVectors), limit);
  while (options.path != SvdPath::Full && count >= 1 && count < n) {
    RightSpectrum s;
    try {
      s = partialRightSpectrum(p, count);
    } catch (const std::runtime_error&) {
      break;  // no convergence: the full path below is always available
    }
    ++rounds;
    std::vector<double> curve = residualErrorCurve(p, s.vectors, eps);
    const int k = firstBelow(curve, eps);
    if (k >= 0) return finish(p, std::move(s), std::move(curve), k, "partial", rounds);
    if (count >= limit) break;
    count = std::min(2 * count, limit);  // grow the block until the certificate is met
  }
  return fullPath(p, eps, rounds);
}

double svdCertificateBytes(int nq, int nk) {
  const double square = 8.0 * nk * nk, rect = 8.0 * nq * nk;
  return 4 * square + 2 * rect;  // gram, vectors, solver workspace (~2 n^2); residual, verification
}

}  // namespace attnlab
