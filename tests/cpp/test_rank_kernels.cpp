// SPDX-License-Identifier: Apache-2.0
// Paper 3's fast kernels give the numbers of their plain forms, bit for bit: the Chebyshev error (node cosines per
// degree, exponentials once per scan, Clenshaw across a row), the residual curve (four rows side by side) and the row
// overlap of the data pooling bound (a fast sum, the in-order sum near delta). Old links keep their numbers only if
// these hold.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/rank/lower_bounds.hpp"
#include "numerics/rank/svd_certificate.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {

RowMatrix logitsOf(Rng& rng, int rows, int cols, double scale) {
  RowMatrix m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = scale * rng.normal();
  m.row(rows / 2).setConstant(0.25);  // a constant row: matched exactly at every degree
  return m;
}

// The Chebyshev row error as written first: coefficients from the nodes row by row, Clenshaw entry by entry.
double plainChebyshevError(const RowMatrix& logits, int g) {
  double worst = 0;
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    const auto row = logits.row(i);
    const double hi = row.maxCoeff(), lo = row.minCoeff(), h = (hi - lo) / 2;
    double z = 0;
    for (Eigen::Index j = 0; j < row.size(); ++j) z += std::exp(row(j) - hi);
    if (h == 0) continue;
    const double pi = std::acos(-1.0);
    std::vector<double> a(g + 1, 0.0);
    for (int k = 0; k <= g; ++k) {
      const double theta = pi * (k + 0.5) / (g + 1);
      const double f = std::exp(h * (std::cos(theta) - 1));
      for (int m = 0; m <= g; ++m) a[m] += f * std::cos(m * theta);
    }
    for (int m = 0; m <= g; ++m) a[m] *= 2.0 / (g + 1);
    a[0] /= 2;
    double err = 0;
    for (Eigen::Index j = 0; j < row.size(); ++j) {
      const double y = (row(j) - lo) / h - 1;
      double b1 = 0, b2 = 0;
      for (int m = g; m >= 1; --m) {
        const double b = 2 * y * b1 - b2 + a[m];
        b2 = b1;
        b1 = b;
      }
      err += std::fabs(y * b1 - b2 + a[0] - std::exp(row(j) - hi));
    }
    worst = std::max(worst, err / z);
  }
  return worst;
}

// The residual curve one row at a time, R -= (P v_k) v_k^T then the largest row l1 norm.
std::vector<double> plainResidualCurve(const RowMatrix& p, const Eigen::MatrixXd& vectors) {
  RowMatrix residual = p;
  std::vector<double> curve{maxRowL1(p)};
  for (Eigen::Index k = 0; k < vectors.cols(); ++k) {
    const Eigen::VectorXd pv = p * vectors.col(k);
    double worst = 0;
    for (Eigen::Index i = 0; i < residual.rows(); ++i) {
      double row = 0;
      for (Eigen::Index j = 0; j < residual.cols(); ++j) row += std::fabs(residual(i, j) -= pv(i) * vectors(j, k));
      worst = std::max(worst, row);
    }
    curve.push_back(worst);
  }
  return curve;
}

double inOrderOverlap(const RowMatrix& p, int i, int r) {
  double sum = 0;
  for (Eigen::Index j = 0; j < p.cols(); ++j) sum += std::min(p(i, j), p(r, j));
  return sum;
}

}  // namespace

TEST_CASE("Chebyshev error: the scan and the row form equal the plain form bit for bit", "[rank][cheb][kernels]") {
  Rng rng(7, NormalMethod::BoxMuller);
  for (const auto& [rows, cols, scale] : {std::tuple{9, 13, 1.0}, std::tuple{16, 64, 4.0}, std::tuple{5, 3, 30.0}}) {
    const RowMatrix logits = logitsOf(rng, rows, cols, scale);
    const ChebyshevScan scan(logits);
    for (int g = 0; g <= 14; ++g) {
      const double plain = plainChebyshevError(logits, g);
      INFO("rows " << rows << " cols " << cols << " scale " << scale << " g " << g);
      CHECK(chebyshevError(logits, g) == plain);
      CHECK(scan.error(g) == plain);
    }
  }
  CHECK_THROWS_AS(chebyshevError(RowMatrix::Zero(2, 2), -1), std::invalid_argument);
}

TEST_CASE("Chebyshev approximation: its row errors are the ones the error reports", "[rank][cheb][kernels]") {
  Rng rng(8, NormalMethod::BoxMuller);
  const RowMatrix logits = logitsOf(rng, 12, 40, 3.0);
  for (int g : {0, 3, 9}) {
    const RowMatrix m = chebyshevApproximation(logits, g);
    const RowMatrix p = rowSoftmax(logits);
    double worst = 0;
    for (Eigen::Index i = 0; i < p.rows(); ++i) worst = std::max(worst, (m.row(i) - p.row(i)).cwiseAbs().sum());
    CHECK(std::fabs(worst - chebyshevError(logits, g)) <= 1e-12 * std::max(1.0, worst));
  }
}

TEST_CASE("Residual curve: rows side by side equal one row at a time bit for bit", "[rank][svd][kernels]") {
  Rng rng(9, NormalMethod::BoxMuller);
  for (const auto& [rows, cols] :
       {std::pair{7, 9}, std::pair{13, 5}, std::pair{32, 32}, std::pair{1, 6}, std::pair{17, 33}}) {
    const RowMatrix p = rowSoftmax(logitsOf(rng, rows, cols, 2.0));
    const RightSpectrum s = fullRightSpectrum(p);
    const std::vector<double> fast = residualErrorCurve(p, s.vectors, -1), plain = plainResidualCurve(p, s.vectors);
    INFO("rows " << rows << " cols " << cols);
    REQUIRE(fast.size() == plain.size());
    for (std::size_t k = 0; k < fast.size(); ++k) CHECK(fast[k] == plain[k]);
  }
}

TEST_CASE("Row overlap: decided as the in-order sum decides, also at delta equal to it", "[rank][lower][kernels]") {
  Rng rng(10, NormalMethod::BoxMuller);
  for (int cols : {3, 8, 15, 101, 512}) {
    const RowMatrix p = rowSoftmax(logitsOf(rng, 12, cols, 1.5));
    for (int i = 0; i < 12; ++i)
      for (int r = 0; r < 12; ++r) {
        const double sum = inOrderOverlap(p, i, r);
        const double below = std::nextafter(sum, 0.0), above = std::nextafter(sum, 2.0);
        INFO("cols " << cols << " rows " << i << ", " << r << " overlap " << sum);
        CHECK_FALSE(overlapExceeds(p, i, r, sum));  // equal is not more
        CHECK(overlapExceeds(p, i, r, below));
        CHECK_FALSE(overlapExceeds(p, i, r, above));
        CHECK(overlapExceeds(p, i, r, sum * 0.5) == (sum > sum * 0.5));
        CHECK_FALSE(overlapExceeds(p, i, r, sum * 2 + 1e-300));
      }
  }
}
