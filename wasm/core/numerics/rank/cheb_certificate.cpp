// SPDX-License-Identifier: Apache-2.0
// U3 (docs/theory/rank.md#chebyshev-certificate): Chebyshev interpolation of x -> exp(x - hi) on [lo, hi], row by row.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/kernels/vector_lanes.hpp"

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
    case Geometry::Sphere:
      return DimensionRule::Sphere;
    case Geometry::Ball:
      return DimensionRule::Ball;
    case Geometry::Gauss:
      return DimensionRule::Lift;
  }
  return DimensionRule::Generic;
}

double certificateDimension(DimensionRule rule, int dim, int g) {
  switch (rule) {
    case DimensionRule::Sphere:
      return sphereDimension(dim, g);
    case DimensionRule::Lift:
      return liftDimension(dim, g);
    case DimensionRule::Ball:
    case DimensionRule::Generic:
      return polynomialDimension(dim, g);
  }
  return 0;
}

namespace {

// One row's range and its exponentials e_j = exp(L_ij - hi) with their sum Z (summed in order j = 0, 1, ...).
RowRange rowExps(const Eigen::Ref<const Eigen::RowVectorXd>& row, double* e) {
  RowRange r{row.maxCoeff(), row.minCoeff(), 0};
  for (Eigen::Index j = 0; j < row.size(); ++j) r.z += (e[j] = std::exp(row(j) - r.hi));
  return r;
}

// What every row of one degree g shares: the nodes' cosines cos(theta_k) and cos(m theta_k), theta_k = pi (k + 1/2)/(g
// + 1), computed once per degree instead of once per row; and the row-length scratch of the exponentials. A row's
// arithmetic is the same, operation for operation, as when each row computed its own (the same numbers, bit for bit).
class ChebyshevRows {
 public:
  ChebyshevRows(int g, Eigen::Index n) : g_(g), a_(g + 1), cosTheta_(g + 1), cosMTheta_((g + 1) * (g + 1)) {
    if (g < 0) throw std::invalid_argument("degree g must be >= 0");
    const double pi = std::acos(-1.0);
    for (int k = 0; k <= g; ++k) {
      const double theta = pi * (k + 0.5) / (g + 1);
      cosTheta_[k] = std::cos(theta);
      for (int m = 0; m <= g; ++m) cosMTheta_[k * (g + 1) + m] = std::cos(m * theta);
    }
    e_.resize(n);
  }

  // A row whose exponentials are not at hand: fills approx (unnormalised p_ij, may be null), returns the row-relative
  // l1 error.
  double row(const Eigen::Ref<const Eigen::RowVectorXd>& row, double* approx) {
    return rowWith(row, rowExps(row, e_.data()), e_.data(), approx);
  }

  // The same from the row's range and exponentials e.
  double rowWith(const Eigen::Ref<const Eigen::RowVectorXd>& row, const RowRange& range, const double* e,
                 double* approx) {
    const Eigen::Index n = row.size();
    const double lo = range.lo, h = (range.hi - lo) / 2;
    if (h == 0) {  // a constant row is matched exactly by the constant polynomial
      if (approx) std::fill(approx, approx + n, 1.0);
      return 0;
    }
    coefficients(h);
    // Clenshaw, b_m = 2y b_{m+1} - b_{m+2} + a_m for m = g..1, then p = y b_1 - b_2 + a_0: four pairs of columns at a
    // time held in registers across m (lanes are columns, each runs the scalar recurrence of its column), the row's
    // error summed over j in order.
    using Pair = DoubleLanes;
    double err = 0;
    Eigen::Index j = 0;
    const auto finish = [&](Eigen::Index at, double p) {
      if (approx) approx[at] = p;
      err += std::fabs(p - e[at]);
    };
    for (; j + 8 <= n; j += 8) {
      Pair y[4], twoY[4], b1[4] = {}, b2[4] = {};
      for (int q = 0; q < 4; ++q) {
        y[q] = (Pair{row(j + 2 * q), row(j + 2 * q + 1)} - lo) / h - 1;
        twoY[q] = 2 * y[q];
      }
      for (int m = g_; m >= 1; --m) {
        const double am = a_[m];
        for (int q = 0; q < 4; ++q) {
          const Pair b = twoY[q] * b1[q] - b2[q] + am;
          b2[q] = b1[q];
          b1[q] = b;
        }
      }
      for (int q = 0; q < 4; ++q) {
        const Pair p = y[q] * b1[q] - b2[q] + a_[0];
        finish(j + 2 * q, p[0]);
        finish(j + 2 * q + 1, p[1]);
      }
    }
    for (; j < n; ++j) {
      const double y = (row(j) - lo) / h - 1;
      double b1 = 0, b2 = 0;
      for (int m = g_; m >= 1; --m) {
        const double b = 2 * y * b1 - b2 + a_[m];
        b2 = b1;
        b1 = b;
      }
      finish(j, y * b1 - b2 + a_[0]);
    }
    return err / range.z;
  }

 private:
  // Chebyshev coefficients of x -> exp(h (x - 1)) on [-1, 1] at the g + 1 nodes.
  void coefficients(double h) {
    std::fill(a_.begin(), a_.end(), 0.0);
    for (int k = 0; k <= g_; ++k) {
      const double f = std::exp(h * (cosTheta_[k] - 1));
      const double* c = &cosMTheta_[k * (g_ + 1)];
      for (int m = 0; m <= g_; ++m) a_[m] += f * c[m];
    }
    for (int m = 0; m <= g_; ++m) a_[m] *= 2.0 / (g_ + 1);
    a_[0] /= 2;
  }

  int g_;
  std::vector<double> a_, cosTheta_, cosMTheta_;
  std::vector<double> e_;  // exp(L_ij - hi)
};

}  // namespace

double chebyshevError(const RowMatrix& logits, int g) {
  ChebyshevRows rows(g, logits.cols());
  double worst = 0;
  for (Eigen::Index i = 0; i < logits.rows(); ++i) worst = std::max(worst, rows.row(logits.row(i), nullptr));
  return worst;
}

ChebyshevScan::ChebyshevScan(const RowMatrix& logits)
    : logits_(logits), exps_(logits.rows(), logits.cols()), ranges_(logits.rows()), ready_(logits.rows(), 0) {}

const double* ChebyshevScan::expsOf(Eigen::Index i) const {
  double* e = exps_.row(i).data();
  if (!ready_[i]) {
    ranges_[i] = rowExps(logits_.row(i), e);
    ready_[i] = 1;
  }
  return e;
}

double ChebyshevScan::error(int g) const {
  ChebyshevRows rows(g, logits_.cols());
  double worst = 0;
  for (Eigen::Index i = 0; i < logits_.rows(); ++i) {
    const double* e = expsOf(i);
    worst = std::max(worst, rows.rowWith(logits_.row(i), ranges_[i], e, nullptr));
  }
  return worst;
}

bool ChebyshevScan::exceeds(int g, double base, double limit) const {
  ChebyshevRows rows(g, logits_.cols());
  for (Eigen::Index i = 0; i < logits_.rows(); ++i) {
    const double* e = expsOf(i);
    if (base + rows.rowWith(logits_.row(i), ranges_[i], e, nullptr) > limit) return true;
  }
  return false;
}

RowMatrix chebyshevApproximation(const RowMatrix& logits, int g) {
  RowMatrix m(logits.rows(), logits.cols());
  ChebyshevRows rows(g, logits.cols());
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    rows.row(logits.row(i), m.row(i).data());
    const double hi = logits.row(i).maxCoeff();
    m.row(i) /= (logits.row(i).array() - hi).exp().sum();  // divide by Z_i: approximates P (F2)
  }
  return m;
}

ChebCertificate chebyshevCertificate(const RowMatrix& logits, DimensionRule rule, int dim, double eps, int maxDegree) {
  requireEps(eps);
  if (dim < 1) throw std::invalid_argument("dimension must be >= 1, got " + std::to_string(dim));
  const int n = static_cast<int>(logits.cols());
  ChebCertificate c;
  if (eps >= 1) {
    c.error = 1;
    c.verifiedError = maxRowL1(rowSoftmax(logits));
    return c;
  }
  int found = -1;
  {
    const ChebyshevScan scan(logits);  // released before the approximation below: the peak stays P, M and L
    for (int g = 0; g <= maxDegree; ++g) {
      const double dg = certificateDimension(rule, dim, g);
      c.errors.push_back(scan.error(g));
      c.dims.push_back(dg);
      if (c.errors.back() <= eps && dg < n) {
        found = g;
        break;
      }
      if (dg >= n) break;
    }
  }
  if (found >= 0) {
    c.k = static_cast<int>(c.dims.back());
    c.degree = found;
    c.error = c.errors.back();
    c.verifiedError = maxRowL1Difference(rowSoftmax(logits), chebyshevApproximation(logits, found));
    return c;
  }
  c.k = n;  // M = P: exact, rank <= n
  c.vacuous = true;
  c.error = 0;
  c.verifiedError = 0;
  return c;
}

double chebyshevCertificateBytes(int nq, int nk) { return 3 * 8.0 * nq * nk; }

}  // namespace attnlab
