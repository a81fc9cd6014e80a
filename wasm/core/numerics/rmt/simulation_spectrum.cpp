// SPDX-License-Identifier: Apache-2.0
// Spectrum of S = C C^T / N: one symmetric rank-N update (or the N x N Gram when N < d) and a
// symmetric eigensolver; the top eigenpair by Lanczos on C without forming S (docs/theory/rmt.md#numerics).
#include <Spectra/MatOp/DenseSymMatProd.h>
#include <Spectra/SymEigsSolver.h>

#include <algorithm>
#include <cmath>

#include "numerics/kernels/gemv.hpp"
#include "numerics/rmt/simulation_model.hpp"  // kRmtLanczosStream
#include "numerics/rmt/simulation_spectrum.hpp"

namespace attnlab {
namespace {

constexpr int kLanczosBasis = 32;  // ncv: room for the slowly separating top of the bulk

// x -> C (C^T x)/N on the d-side or C^T (C x)/N on the N-side: 2 d N flops, no d x d matrix.
class CovarianceOp {
 public:
  using Scalar = double;
  CovarianceOp(const Eigen::MatrixXd& c, bool dSide)
      : c_(c), dSide_(dSide), scratch_(dSide ? c.cols() : c.rows()), scale_(1.0 / double(c.cols())) {}
  Eigen::Index rows() const { return dSide_ ? c_.rows() : c_.cols(); }
  Eigen::Index cols() const { return rows(); }
  void perform_op(const double* x, double* y) const {
    Eigen::Map<const Eigen::VectorXd> in(x, rows());
    Eigen::Map<Eigen::VectorXd> out(y, rows());
    if (dSide_) {
#if defined(__wasm__)  // Eigen's two products there, in one pass over C (numerics/kernels/gemv.hpp): the same bits
      gramTimes(c_.data(), c_.rows(), c_.cols(), c_.rows(), x, scratch_.data(), y);
#else
      scratch_.noalias() = c_.transpose() * in;
      out.noalias() = c_ * scratch_;
#endif
    } else {
      scratch_.noalias() = c_ * in;
      out.noalias() = c_.transpose() * scratch_;
    }
    out *= scale_;
  }

 private:
  const Eigen::MatrixXd& c_;
  bool dSide_;
  mutable Eigen::VectorXd scratch_;
  double scale_;
};

// Complete a top eigenpair from a unit vector on one side: the other side is C^T u or C v, normalised.
TopEigenpair fromSide(const Eigen::MatrixXd& C, double eigenvalue, const Eigen::VectorXd& x, bool dSide) {
  TopEigenpair top;
  top.eigenvalue = eigenvalue;
  if (dSide) {
    top.vector = x.normalized();
    top.rightVector = C.transpose() * top.vector;
  } else {
    top.rightVector = x.normalized();
    top.vector = C * top.rightVector;
  }
  const double norm = top.rightVector.norm(), normU = top.vector.norm();
  if (norm > 0) top.rightVector /= norm;
  if (normU > 0) top.vector /= normU;
  return top;
}

// Largest eigenpair of a symmetric operator by restarted Lanczos (Spectra), from an Rng start vector.
template <class Op>
bool lanczosTop(Op& op, Eigen::Index m, std::uint64_t seed, double tolerance, double& value, Eigen::VectorXd& vector,
                int& iterations) {
  Spectra::SymEigsSolver<Op> eigs(op, 1, kLanczosBasis);
  // The start vector only, not the run's random data: Box–Muller whatever its rng (docs/theory/rank.md#prng-ziggurat);
  // the converged pair depends on C alone.
  Rng rng(seed, kRmtLanczosStream, NormalMethod::BoxMuller);
  Eigen::VectorXd start(m);
  for (Eigen::Index i = 0; i < m; ++i) start(i) = rng.normal();
  eigs.init(start.data());
  eigs.compute(Spectra::SortRule::LargestAlge, 2000, tolerance);
  if (eigs.info() != Spectra::CompInfo::Successful) return false;
  value = eigs.eigenvalues()(0);
  vector = eigs.eigenvectors().col(0);
  iterations = static_cast<int>(eigs.num_iterations());
  return true;
}

// Dense reference: the top pair of the m x m matrix whose lower triangle is S.
TopEigenpair denseTop(const Eigen::MatrixXd& C, const Eigen::MatrixXd& S, bool dSide) {
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(S);
  const Eigen::Index m = S.rows();
  return fromSide(C, eig.eigenvalues()(m - 1), eig.eigenvectors().col(m - 1), dSide);
}

}  // namespace

FullSpectrum sampleCovarianceSpectrum(const Eigen::MatrixXd& C) {
  const Eigen::Index d = C.rows(), N = C.cols();
  const bool dSide = d <= N;
  const Eigen::Index m = dSide ? d : N;
  Eigen::MatrixXd S = Eigen::MatrixXd::Zero(m, m);
  if (dSide)
    S.selfadjointView<Eigen::Lower>().rankUpdate(C, 1.0 / double(N));  // S = C C^T / N
  else
    S.selfadjointView<Eigen::Lower>().rankUpdate(C.transpose(), 1.0 / double(N));  // Gram C^T C / N
  FullSpectrum out;
  out.eigenvalues = Eigen::VectorXd::Zero(d);  // the d - N missing eigenvalues of S are exact zeros
  // Eigenvalues only (several times cheaper than with vectors); the top vector by Lanczos on S.
  out.eigenvalues.tail(m) = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(S, Eigen::EigenvaluesOnly).eigenvalues();
  Spectra::DenseSymMatProd<double, Eigen::Lower> op(S);
  double value = 0;
  Eigen::VectorXd vector;
  int iterations = 0;
  if (m > 2 * kLanczosBasis && lanczosTop(op, m, 1, 1e-12, value, vector, iterations)) {
    out.top = fromSide(C, out.eigenvalues(d - 1), vector, dSide);
    out.top.iterations = iterations;
  } else {
    out.top = denseTop(C, S, dSide);
  }
  return out;
}

TopEigenpair topEigenpairLanczos(const Eigen::MatrixXd& C, std::uint64_t seed, double tolerance) {
  const Eigen::Index d = C.rows(), N = C.cols();
  const bool dSide = d <= N;
  const Eigen::Index m = dSide ? d : N;
  CovarianceOp op(C, dSide);
  double value = 0;
  Eigen::VectorXd vector;
  int iterations = 0;
  // Too small for a Krylov method, or no convergence: the dense eigensolver.
  if (m <= 2 * kLanczosBasis || !lanczosTop(op, m, seed, tolerance, value, vector, iterations))
    return sampleCovarianceSpectrum(C).top;
  TopEigenpair top = fromSide(C, value, vector, dSide);
  top.iterations = iterations;
  return top;
}

}  // namespace attnlab
