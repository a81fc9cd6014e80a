// SPDX-License-Identifier: Apache-2.0
// Pooling weights (mean, causal/harmonic, optimal, last, custom), alpha and kappa, and the prefix
// closed forms (docs/theory/rmt.md#pooling-schemes, #optimal-weights, #causal-weights, #prefix-model).
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "numerics/shared/decimal.hpp"
#include "numerics/rmt/checks.hpp"
#include "numerics/rmt/pooling_weights.hpp"
#include "numerics/rmt/positional_model.hpp"  // validateCorrelation
#include "lab/schema.hpp"
#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

constexpr double kMaxTau = 30;  // e^tau stays far from overflow; |tau| > 30 is a one-hot limit anyway

std::vector<double> parseList(const std::string& text) {
  std::vector<double> values;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    double v = 0;
    if (!parseDecimal(item, v))
      throw std::invalid_argument(
          std::string("pool must be mean, causal:tau, optimal, last or a list of weights, each ") + kDecimalForm +
          ", got " + quoteValue(item.empty() ? text : item));
    values.push_back(v);
    start = comma + 1;
  }
  return values;
}

}  // namespace

double harmonicNumber(int n) {
  double h = 0;
  for (int i = 1; i <= n; ++i) h += 1.0 / i;
  return h;
}

PoolingSpec parsePooling(const std::string& spec) {
  PoolingSpec p;
  if (spec == "mean") return p;
  if (spec == "optimal") {
    p.kind = PoolingKind::Optimal;
    return p;
  }
  if (spec == "last") {
    p.kind = PoolingKind::Last;
    return p;
  }
  if (spec == "causal" || spec == "harmonic") {
    p.kind = PoolingKind::Causal;
    return p;
  }
  if (spec.rfind("causal:", 0) == 0) {
    p.kind = PoolingKind::Causal;
    const std::string arg = spec.substr(7);
    if (!parseDecimal(arg, p.tau))  // the numeric parameters' syntax: no hex ("causal:0x1p3"), no '+'
      throw std::invalid_argument("causal:tau needs a number tau in [-30, 30], written as " +
                                  std::string(kDecimalForm) + ", got " + quoteValue(arg));
    requireInRange("tau (causal:tau)", p.tau, -kMaxTau, kMaxTau);
    return p;
  }
  p.kind = PoolingKind::Custom;
  p.custom = parseList(spec);
  return p;
}

Eigen::VectorXd causalWeights(int T, double tau) {
  requireIntInRange("T", T, 1, kMaxSequenceLength);
  requireInRange("tau", tau, -kMaxTau, kMaxTau);
  // A_ii = e^tau/(e^tau + i - 1), A_ij = 1/(e^tau + i - 1) for j < i; w_j = (1/T) sum_{i>=j} A_ij
  // (docs/theory/rmt.md#causal-weights).
  const double e = std::exp(tau);
  Eigen::VectorXd w(T);
  double tail = 0;  // sum_{i=j+1}^T 1/(e + i - 1), accumulated from the end
  for (int j = T; j >= 1; --j) {
    w(j - 1) = (e / (e + j - 1) + tail) / T;
    tail += 1.0 / (e + j - 1);
  }
  return w;
}

Eigen::VectorXd optimalWeights(const Eigen::MatrixXd& R) {
  validateCorrelation(R);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(R);
  Eigen::VectorXd w = eig.eigenvectors().col(R.rows() - 1);
  // Orientation (docs/theory/rmt.md#numerics): nonnegative sum, else first nonzero entry positive.
  double sign = w.sum();
  for (Eigen::Index t = 0; std::abs(sign) < 1e-12 && t < w.size(); ++t) sign = w(t);
  return sign < 0 ? Eigen::VectorXd(-w) : w;
}

Eigen::VectorXd poolingWeights(const PoolingSpec& pooling, const Eigen::MatrixXd& R) {
  validateCorrelation(R);
  const int T = static_cast<int>(R.rows());
  switch (pooling.kind) {
    case PoolingKind::Mean:
      return Eigen::VectorXd::Constant(T, 1.0 / T);
    case PoolingKind::Causal:
      return causalWeights(T, pooling.tau);
    case PoolingKind::Optimal:
      return optimalWeights(R);
    case PoolingKind::Last:
      return Eigen::VectorXd::Unit(T, T - 1);
    case PoolingKind::Custom:
      break;
  }
  if (static_cast<int>(pooling.custom.size()) != T) {
    const std::string m = text("custom weights need T = ", T, " values, got ", pooling.custom.size());
    throw std::invalid_argument(m);
  }
  Eigen::VectorXd w = Eigen::Map<const Eigen::VectorXd>(pooling.custom.data(), T);
  if (!w.allFinite() || (w.array() == 0).all())
    throw std::invalid_argument("custom weights must be finite and not all zero");
  // alpha = w'Rw, kappa = |w|^2 and the weights' sum must be finite and kappa positive too: weights near
  // 1e308 overflow them (pool=1e308,1e308,...), weights near 1e-200 underflow kappa to 0.
  const double alpha = w.dot(R * w), kappa = w.squaredNorm(), sum = w.sum();
  if (!std::isfinite(alpha) || !std::isfinite(kappa) || !std::isfinite(sum))
    throw std::invalid_argument(
        "custom weights are too large (their sum or sum of squares overflows): "
        "give weights of magnitude at most 1e150");
  if (!(kappa > 0))
    throw std::invalid_argument(
        "custom weights are too small (their sum of squares underflows to 0): "
        "give weights of magnitude at least 1e-150");
  return w;
}

PoolingScalars poolingScalars(const Eigen::VectorXd& w, const Eigen::MatrixXd& R) {
  validateCorrelation(R);
  if (w.size() != R.rows()) {
    const std::string m = text("weights need T = ", R.rows(), " values, got ", w.size());
    throw std::invalid_argument(m);
  }
  PoolingScalars s;
  s.alpha = w.dot(R * w);  // docs/theory/rmt.md#snr
  s.kappa = w.squaredNorm();
  if (!(s.kappa > 0) || !std::isfinite(s.kappa)) throw std::invalid_argument("weights must be finite and not all zero");
  s.snrGain = s.alpha / s.kappa;
  s.weightSum = w.sum();
  return s;
}

PoolingScalars prefixClosedForm(PoolingKind kind, int T, int k) {
  requireIntInRange("T", T, 1, kMaxSequenceLength);
  requireIntInRange("k", k, 1, T);
  PoolingScalars s;
  const double t = T;
  if (kind == PoolingKind::Mean) {
    s.alpha = (double(k) * k + T - k) / (t * t);  // docs/theory/rmt.md#prefix-model
    s.kappa = 1 / t;
    s.weightSum = 1;
  } else if (kind == PoolingKind::Causal) {
    const double D = harmonicNumber(T) - harmonicNumber(k);
    s.alpha = (k * k * (1 + D) * (1 + D) + 2.0 * (T - k) - (2.0 * k + 1) * D - k * D * D) / (t * t);
    s.kappa = (2 * t - harmonicNumber(T)) / (t * t);
    s.weightSum = 1;
  } else if (kind == PoolingKind::Optimal) {
    s.alpha = k;  // w = 1_k/sqrt(k): alpha = lambda_max(R) = k, kappa = 1
    s.kappa = 1;
    s.weightSum = std::sqrt(double(k));
  } else {
    throw std::invalid_argument("prefixClosedForm covers pool = mean, causal (tau = 0) and optimal only");
  }
  s.snrGain = s.alpha / s.kappa;
  return s;
}

}  // namespace attnlab
