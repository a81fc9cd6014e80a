// SPDX-License-Identifier: Apache-2.0
// Random-matrix theory of attention pooling (docs/theory/rmt.md#theory): the bulk kappa·(MP_delta ⊠ MP_gamma),
// its edges, atom and moments (the spikes, their overlaps and Variant B: spike_theory.hpp).
// All functions are pure; delta = d/V and gamma = d/N must lie in (0, kBulkRatioMax] (the limits delta -> 0,
// gamma -> 0 are reached by small positive values; marchenkoPasturDensity is the exact limit law).
#pragma once
#include <complex>
#include <vector>

#include "lab/result_fields.hpp"

namespace attnlab {

// The bulk law's domain in delta and gamma: (0, kBulkRatioMax]. Wider than any experiment's parameters
// (their schemas take [0.01, 16]) because the theory is also drawn along grids: rmt-phase's axis starts at
// xmax/points. tests/cpp/test_bounds.cpp checks that every schema's range lies inside it.
inline constexpr double kBulkRatioMax = 1000;

// Refuses delta or gamma outside (0, kBulkRatioMax] with a message naming the parameter.
void checkBulkRatios(double delta, double gamma);

// Z(t) = (1+t)(1+delta t)(1+gamma t)/t, the inverse of t = psi(1/zeta) (docs/theory/rmt.md#bulk-law).
double bulkZ(double t, double delta, double gamma);

// Support of nu (kappa = 1): lambda_-+ = Z(t_-+), t_-+ the roots of Z'(t) = 0 (docs/theory/rmt.md#bulk-law).
struct BulkEdges {
  double lambdaMinus = 0, lambdaPlus = 0;  // edges of nu; the edges of S are kappa times these
  double tMinus = 0, tPlus = 0;            // largest negative and the positive critical point of Z
};
BulkEdges bulkEdges(double delta, double gamma);

// Mass of nu at 0: max(0, 1 - 1/delta, 1 - 1/gamma) (rank S <= min(d, V, N)).
double bulkAtomAtZero(double delta, double gamma);

// k-th moment of nu by Lagrange inversion (docs/theory/rmt.md#bulk-law); of S it is kappa^k times this. k in [1, 60].
double bulkMoment(int k, double delta, double gamma);

// The root t of the cubic delta·gamma t^3 + (delta+gamma+delta·gamma) t^2 + (1+delta+gamma-zeta) t + 1 = 0
// on the physical branch: inside the support the complex root with Im t < 0; outside it, the real
// root of the quadratic factor with the smaller modulus (t = psi(1/zeta) above lambda_+).
// The density is f_nu(zeta) = -Im t / (pi zeta) and the Stieltjes transform m(zeta) = -(1 + t)/zeta.
std::complex<double> bulkCubicRoot(double zeta, double delta, double gamma);

// Density of kappa·nu at x (0 outside the support and at x <= 0; the atom is not included).
double bulkDensity(double x, double delta, double gamma, double kappa = 1.0);

// Density of kappa·nu on `points` Chebyshev nodes strictly inside (kappa lambda_-, kappa lambda_+),
// clustered at the edges where the density has its square-root (or x^{-2/3}) behaviour.
struct DensityCurve {
  std::vector<double> x, f;
};
ATTNLAB_FIELDS(DensityCurve, x, f)
DensityCurve bulkDensityCurve(double delta, double gamma, double kappa = 1.0, int points = 400);

// Marchenko–Pastur density of kappa·MP_c (unit mean) at x, c in (0, 1000]: the gamma -> 0 and delta -> 0
// limits of nu, drawn as the "not Marchenko–Pastur" comparison curves.
double marchenkoPasturDensity(double x, double c, double kappa = 1.0);

}  // namespace attnlab
