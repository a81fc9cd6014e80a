// SPDX-License-Identifier: Apache-2.0
// The bulk law nu = MP_delta ⊠ MP_gamma: cubic, density, edges, atom, moments (docs/theory/rmt.md#bulk-law, #numerics).
#include <algorithm>
#include <cmath>

#include "numerics/rmt/checks.hpp"
#include "numerics/rmt/bulk_law.hpp"

namespace attnlab {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxZeta = 1e15;  // far above lambda_+ <= (1 + sqrt 1000)^4 ~ 1.1e6 for ratios in (0, kBulkRatioMax]

// Bisection for a sign change of f on [lo, hi] (f(lo) and f(hi) of opposite signs or zero), to
// machine precision: robust at the double root of delta = gamma = 1, where Newton stalls.
template <class F>
double bisect(F f, double lo, double hi) {
  const double flo = f(lo);
  if (flo == 0) return lo;
  if (f(hi) == 0) return hi;
  for (int i = 0; i < 400; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= std::min(lo, hi) || mid >= std::max(lo, hi)) break;
    const double fm = f(mid);
    if (fm == 0) return mid;
    if ((fm > 0) == (flo > 0))
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

// The real root of Z(t) = zeta left of every zero of Z, t < -1/min(1, delta, gamma); there Z falls
// monotonically from +inf to 0, so the root exists and is unique for every zeta > 0.
double leftRealRoot(double zeta, double delta, double gamma) {
  const double left = -1.0 / std::min({1.0, delta, gamma});
  double lo = 2.0 * left - 1.0;
  while (bulkZ(lo, delta, gamma) < zeta) lo *= 2.0;
  return bisect([&](double t) { return bulkZ(t, delta, gamma) - zeta; }, lo, left);
}

}  // namespace

void checkBulkRatios(double delta, double gamma) {
  requireInRange("delta", delta, 0, kBulkRatioMax, true);
  requireInRange("gamma", gamma, 0, kBulkRatioMax, true);
}

double bulkZ(double t, double delta, double gamma) {
  return (1 + t) * (1 + delta * t) * (1 + gamma * t) / t;  // docs/theory/rmt.md#bulk-law
}

BulkEdges bulkEdges(double delta, double gamma) {
  checkBulkRatios(delta, gamma);
  // Z'(t) = 0 <=> 2 a t^3 + b t^2 - 1 = 0 (docs/theory/rmt.md#bulk-law). t_+ in (0, 1/sqrt b]; t_- in
  // [-b/(3a), -1/sqrt b], where the cubic's negative local maximum b^3/(27 a^2) - 1 >= 0 (AM-GM).
  const double a = delta * gamma, b = delta + gamma + delta * gamma, s = 1.0 / std::sqrt(b);
  const auto h = [&](double t) { return (2 * a * t + b) * t * t - 1; };
  BulkEdges e;
  e.tPlus = bisect(h, 0.0, s);
  e.tMinus = bisect(h, -b / (3 * a), -s);
  e.lambdaPlus = bulkZ(e.tPlus, delta, gamma);
  e.lambdaMinus = std::max(0.0, bulkZ(e.tMinus, delta, gamma));
  return e;
}

double bulkAtomAtZero(double delta, double gamma) {
  checkBulkRatios(delta, gamma);
  return std::max({0.0, 1 - 1 / delta, 1 - 1 / gamma});
}

double bulkMoment(int k, double delta, double gamma) {
  checkBulkRatios(delta, gamma);
  requireIntInRange("k", k, 1, 60);
  // m_k = (1/k) sum_{a+b+c=k-1} C(k,a) C(k,b) C(k,c) delta^b gamma^c (docs/theory/rmt.md#bulk-law).
  std::vector<double> binom(k + 1, 1.0);
  for (int i = 1; i <= k; ++i) binom[i] = binom[i - 1] * (k - i + 1) / i;
  double sum = 0;
  for (int b = 0; b < k; ++b)
    for (int c = 0; b + c < k; ++c)
      sum += binom[k - 1 - b - c] * binom[b] * binom[c] * std::pow(delta, b) * std::pow(gamma, c);
  return sum / k;
}

std::complex<double> bulkCubicRoot(double zeta, double delta, double gamma) {
  checkBulkRatios(delta, gamma);
  requireInRange("zeta", zeta, 0, kMaxZeta, true);
  // Deflate the left real root r: a (t - r)(t^2 + p1 t + p0). p0, p1 are taken from the constant and
  // linear coefficients, which stay well conditioned when a = delta gamma is tiny (r ~ -b/a).
  const double a = delta * gamma, c = 1 + delta + gamma - zeta;
  const double r = leftRealRoot(zeta, delta, gamma), ar = a * r;
  const double p0 = -1.0 / ar, p1 = p0 / r - c / ar;
  const double disc = 4 * p0 - p1 * p1;
  if (disc > 0) return {-0.5 * p1, -0.5 * std::sqrt(disc)};
  const double sq = std::sqrt(-disc);
  const double big = p1 > 0 ? -0.5 * (p1 + sq) : -0.5 * (p1 - sq);  // no cancellation
  const double small = big != 0 ? p0 / big : 0.0;
  return {std::abs(small) < std::abs(big) ? small : big, 0.0};
}

double bulkDensity(double x, double delta, double gamma, double kappa) {
  checkBulkRatios(delta, gamma);
  requireInRange("kappa", kappa, 0, 1e12, true);
  if (std::isnan(x)) throw std::invalid_argument("x must be a number, got nan");
  const double zeta = x / kappa;
  if (!(zeta > 0) || zeta > kMaxZeta) return 0.0;  // outside the support
  const std::complex<double> t = bulkCubicRoot(zeta, delta, gamma);
  return -t.imag() / (kPi * zeta) / kappa;  // f_nu(x/kappa)/kappa (docs/theory/rmt.md#bulk-law)
}

DensityCurve bulkDensityCurve(double delta, double gamma, double kappa, int points) {
  requireIntInRange("points", points, 2, 100000);
  const BulkEdges e = bulkEdges(delta, gamma);
  DensityCurve curve;
  curve.x.resize(points);
  curve.f.resize(points);
  for (int i = 0; i < points; ++i) {
    const double u = 0.5 * (1 - std::cos(kPi * (i + 0.5) / points));  // Chebyshev node in (0, 1)
    curve.x[i] = kappa * (e.lambdaMinus + (e.lambdaPlus - e.lambdaMinus) * u);
    curve.f[i] = bulkDensity(curve.x[i], delta, gamma, kappa);
  }
  return curve;
}

double marchenkoPasturDensity(double x, double c, double kappa) {
  requireInRange("c", c, 0, kBulkRatioMax, true);
  requireInRange("kappa", kappa, 0, 1e12, true);
  const double z = x / kappa, lo = std::pow(1 - std::sqrt(c), 2), hi = std::pow(1 + std::sqrt(c), 2);
  if (!(z > lo && z < hi)) return 0.0;
  return std::sqrt((hi - z) * (z - lo)) / (2 * kPi * c * z) / kappa;
}

}  // namespace attnlab
