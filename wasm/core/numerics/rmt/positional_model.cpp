// SPDX-License-Identifier: Apache-2.0
// Positional correlation R: builders, validation, parsing and ±1 sign samplers (docs/theory/rmt.md#sequences,
// #positional-correlation).
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "numerics/shared/decimal.hpp"
#include "numerics/rmt/checks.hpp"
#include "numerics/rmt/positional_model.hpp"
#include "lab/schema.hpp"
#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

constexpr double kPi = 3.14159265358979323846;

[[noreturn]] void refuse(const std::string& message) { throw std::invalid_argument(message); }

void checkLength(int T) { requireIntInRange("T", T, 1, kMaxSequenceLength); }

}  // namespace

void validateCorrelation(const Eigen::MatrixXd& R, double tol) {
  if (R.rows() != R.cols() || R.rows() < 1)
    refuse(text("R must be a square T x T matrix, got ", R.rows(), " x ", R.cols()));
  const Eigen::Index T = R.rows();
  for (Eigen::Index i = 0; i < T; ++i)
    for (Eigen::Index j = 0; j < T; ++j) {
      if (!std::isfinite(R(i, j)) || std::abs(R(i, j)) > 1 + tol) {
        refuse(text("R entries must be finite numbers in [-1, 1]: R[", i, "][", j, "] = ", R(i, j)));
      }
      if (std::abs(R(i, j) - R(j, i)) > tol) {
        refuse(text("R must be symmetric: R[", i, "][", j, "] = ", R(i, j), " but R[", j, "][", i, "] = ", R(j, i)));
      }
    }
  for (Eigen::Index i = 0; i < T; ++i)
    if (std::abs(R(i, i) - 1) > tol) {
      refuse(text("R must have unit diagonal: R[", i, "][", i, "] = ", R(i, i)));
    }
  const double smallest = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(R, Eigen::EigenvaluesOnly).eigenvalues()(0);
  if (smallest < -tol * T) {
    refuse(text("R must be positive semidefinite: its smallest eigenvalue is ", smallest));
  }
}

PositionalModel labelAgreementModel(const Eigen::VectorXd& r) {
  checkLength(static_cast<int>(r.size()));
  for (Eigen::Index t = 0; t < r.size(); ++t) requireInRange("agreement r_t", r(t), 0, 1);
  PositionalModel m;
  m.kind = CorrelationKind::Custom;
  m.T = static_cast<int>(r.size());
  m.agreement = r;
  m.R = r * r.transpose();  // R = r r^T + diag(1 - r_t^2) (docs/theory/rmt.md#positional-correlation)
  m.R.diagonal().setOnes();
  return m;
}

PositionalModel prefixModel(int T, int k) {
  checkLength(T);
  if (k < 1 || k > T) refuse(text("prefix:k needs k in [1, T] = [1, ", T, "], got ", k));
  Eigen::VectorXd r = Eigen::VectorXd::Zero(T);
  r.head(k).setOnes();
  PositionalModel m = labelAgreementModel(r);
  m.kind = CorrelationKind::Prefix;
  return m;
}

PositionalModel decayModel(int T, double r0) {
  checkLength(T);
  requireInRange("r0 (decay:r0)", r0, 0, 1);
  Eigen::VectorXd r(T);
  for (int t = 0; t < T; ++t) r(t) = std::pow(r0, t);  // r_t = r0^(t-1), 1-indexed
  PositionalModel m = labelAgreementModel(r);
  m.kind = CorrelationKind::Decay;
  return m;
}

PositionalModel arModel(int T, double phi) {
  checkLength(T);
  requireInRange("phi (ar:phi)", phi, -1, 1);
  PositionalModel m;
  m.kind = CorrelationKind::Ar;
  m.T = T;
  m.phi = phi;
  m.R.resize(T, T);
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) m.R(i, j) = std::pow(phi, std::abs(i - j));  // phi^0 = 1 also for phi = 0
  return m;
}

PositionalModel customModel(const Eigen::MatrixXd& R) {
  validateCorrelation(R);
  checkLength(static_cast<int>(R.rows()));
  PositionalModel m;
  m.kind = CorrelationKind::Custom;
  m.T = static_cast<int>(R.rows());
  m.R = 0.5 * (R + R.transpose());
  m.R.diagonal().setOnes();
  // Arcsine law: E[sign g_i sign g_j] = (2/pi) asin(Sigma_ij), so Sigma = sin(pi R/2) gives E = R.
  const Eigen::MatrixXd sigma = (m.R * (kPi / 2)).array().sin().matrix();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(sigma);
  if (eig.eigenvalues()(0) < -1e-9 * m.T) {
    refuse(
        text("R cannot be sampled as correlations of ±1 signs by the Gaussian-sign construction: sin(pi R/2) "
             "has eigenvalue ",
             eig.eigenvalues()(0), " < 0"));
  }
  m.signFactor = eig.eigenvectors() * eig.eigenvalues().cwiseMax(0.0).cwiseSqrt().asDiagonal();
  return m;
}

PositionalModel parsePositionalModel(const std::string& spec, int T) {
  checkLength(T);
  const auto colon = spec.find(':');
  const std::string kind = spec.substr(0, colon), arg = colon == std::string::npos ? "" : spec.substr(colon + 1);
  // The number after the colon follows the numeric parameters' syntax (numerics/shared/decimal.hpp): no hex, no '+'.
  double value = 0;
  const bool numeric = parseDecimal(arg, value);
  const std::string form = std::string(", written as ") + kDecimalForm + ", got " + quoteValue(arg);
  if (kind == "prefix" && numeric && value == std::floor(value) && std::abs(value) < 1e9)
    return prefixModel(T, static_cast<int>(value));
  if (kind == "prefix") refuse("prefix:k needs an integer k in [1, T] = [1, " + std::to_string(T) + "]" + form);
  if (kind == "ar" && numeric) return arModel(T, value);
  if (kind == "ar") refuse("ar:phi needs a number phi in [-1, 1]" + form);
  if (kind == "decay" && numeric) return decayModel(T, value);
  if (kind == "decay") refuse("decay:r0 needs a number r0 in [0, 1]" + form);
  refuse("R must be prefix:k, ar:phi, decay:r0 or a custom T x T matrix, got '" + spec + "'");
}

int sampleSigns(const PositionalModel& model, Rng& rng, int* xi) {
  const int T = model.T;
  if (model.hasLabel()) {
    const int y = rng.uniform() < 0.5 ? 1 : -1;  // balanced latent label (docs/theory/rmt.md#positional-correlation)
    for (int t = 0; t < T; ++t) xi[t] = rng.uniform() < 0.5 * (1 + model.agreement(t)) ? y : -y;
    return y;
  }
  if (model.kind == CorrelationKind::Ar) {
    xi[0] = rng.uniform() < 0.5 ? 1 : -1;
    for (int t = 1; t < T; ++t) xi[t] = rng.uniform() < 0.5 * (1 + model.phi) ? xi[t - 1] : -xi[t - 1];
    return 0;
  }
  Eigen::VectorXd z(T);
  for (int t = 0; t < T; ++t) z(t) = rng.normal();
  const Eigen::VectorXd g = model.signFactor * z;
  for (int t = 0; t < T; ++t) xi[t] = g(t) >= 0 ? 1 : -1;
  return 0;
}

}  // namespace attnlab
