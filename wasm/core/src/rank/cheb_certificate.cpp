// U3 (docs/theory/rank.md#chebyshev-certificate): Chebyshev interpolation of x -> exp(x - hi) on [lo, hi], row by row.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "attnlab/rank/cheb.hpp"
#include "attnlab/rank/error.hpp"

namespace attnlab {

double binomial(int n, int k) {
  if (k < 0 || n < k || n < 0) return 0;
  k = std::min(k, n - k);
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return std::round(c);
}

double sphereDimension(int d, int g) { return binomial(g + d - 1, d - 1) + binomial(g + d - 2, d - 1); }

double polynomialDimension(int d, int g) { return binomial(g + d, d); }

double liftDimension(int d, int g) {
  double total = 0;
  for (int k = 0; k <= g; ++k) total += sphereDimension(d, k);
  return total;
}

DimensionRule dimensionRuleFor(Geometry geometry) {
  switch (geometry) {
    case Geometry::Sphere: return DimensionRule::Sphere;
    case Geometry::Ball: return DimensionRule::Ball;
    case Geometry::Gauss: return DimensionRule::Lift;
  }
  return DimensionRule::Generic;
}

double certificateDimension(DimensionRule rule, int dim, int g) {
  switch (rule) {
    case DimensionRule::Sphere: return sphereDimension(dim, g);
    case DimensionRule::Lift: return liftDimension(dim, g);
    case DimensionRule::Ball:
    case DimensionRule::Generic: return polynomialDimension(dim, g);
  }
  return 0;
}

namespace {

// One row: fills approx (unnormalised p_ij, may be null) and returns the row-relative l1 error.
double chebyshevRow(const Eigen::Ref<const Eigen::RowVectorXd>& row, int g, std::vector<double>& a,
                    double* approx) {
  const Eigen::Index n = row.size();
  const double hi = row.maxCoeff(), lo = row.minCoeff(), h = (hi - lo) / 2;
  double z = 0;
  for (Eigen::Index j = 0; j < n; ++j) z += std::exp(row(j) - hi);
  if (h == 0) {  // a constant row is matched exactly by the constant polynomial
    if (approx) std::fill(approx, approx + n, 1.0);
    return 0;
  }
  const double pi = std::acos(-1.0);
  a.assign(g + 1, 0.0);
  for (int k = 0; k <= g; ++k) {
    const double theta = pi * (k + 0.5) / (g + 1);
    const double f = std::exp(h * (std::cos(theta) - 1));
    for (int m = 0; m <= g; ++m) a[m] += f * std::cos(m * theta);
  }
  for (int m = 0; m <= g; ++m) a[m] *= 2.0 / (g + 1);
  a[0] /= 2;
  double err = 0;
  for (Eigen::Index j = 0; j < n; ++j) {
    const double y = (row(j) - lo) / h - 1;
    double b1 = 0, b2 = 0;  // Clenshaw: b_m = 2y b_{m+1} - b_{m+2} + a_m, m = g..1
    for (int m = g; m >= 1; --m) {
      const double b = 2 * y * b1 - b2 + a[m];
      b2 = b1;
      b1 = b;
    }
    const double p = y * b1 - b2 + a[0];
    if (approx) approx[j] = p;
    err += std::fabs(p - std::exp(row(j) - hi));
  }
  return err / z;
}

}  // namespace

double chebyshevError(const RowMatrix& logits, int g) {
  if (g < 0) throw std::invalid_argument("degree g must be >= 0");
  std::vector<double> a;
  double worst = 0;
  for (Eigen::Index i = 0; i < logits.rows(); ++i) worst = std::max(worst, chebyshevRow(logits.row(i), g, a, nullptr));
  return worst;
}

RowMatrix chebyshevApproximation(const RowMatrix& logits, int g) {
  if (g < 0) throw std::invalid_argument("degree g must be >= 0");
  RowMatrix m(logits.rows(), logits.cols());
  std::vector<double> a;
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    chebyshevRow(logits.row(i), g, a, m.row(i).data());
    const double hi = logits.row(i).maxCoeff();
    m.row(i) /= (logits.row(i).array() - hi).exp().sum();  // divide by Z_i: approximates P (F2)
  }
  return m;
}

ChebCertificate chebyshevCertificate(const RowMatrix& logits, DimensionRule rule, int dim, double eps,
                                     int maxDegree) {
  requireEps(eps);
  if (dim < 1) throw std::invalid_argument("dimension must be >= 1, got " + std::to_string(dim));
  const int n = static_cast<int>(logits.cols());
  ChebCertificate c;
  if (eps >= 1) {
    c.error = 1;
    c.verifiedError = maxRowL1(rowSoftmax(logits));
    return c;
  }
  for (int g = 0; g <= maxDegree; ++g) {
    const double dg = certificateDimension(rule, dim, g);
    c.errors.push_back(chebyshevError(logits, g));
    c.dims.push_back(dg);
    if (c.errors.back() <= eps && dg < n) {
      c.k = static_cast<int>(dg);
      c.degree = g;
      c.error = c.errors.back();
      c.verifiedError = maxRowL1Difference(rowSoftmax(logits), chebyshevApproximation(logits, g));
      return c;
    }
    if (dg >= n) break;
  }
  c.k = n;  // M = P: exact, rank <= n
  c.vacuous = true;
  c.error = 0;
  c.verifiedError = 0;
  return c;
}

double chebyshevCertificateBytes(int nq, int nk) { return 3 * 8.0 * nq * nk; }

}  // namespace attnlab
