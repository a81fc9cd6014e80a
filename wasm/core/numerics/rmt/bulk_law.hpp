// SPDX-License-Identifier: Apache-2.0
// Random-matrix theory of attention pooling (docs/theory/rmt.md#theory): the bulk kappa·(MP_delta ⊠ MP_gamma),
// its edges, atom and moments; the population and sample spikes with their overlaps; Variant B.
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

// Both BBP-type thresholds in rho units (docs/theory/rmt.md#population-spike, #sample-spike).
struct TransitionThresholds {
  double thetaCritical = 0;  // theta'_c, the positive root of P(theta') = 1/t_+
  double rhoPopulation = 0;  // delta + sqrt(delta)
  double rhoSample = 0;      // delta + theta'_c (always above rhoPopulation)
};
TransitionThresholds transitionThresholds(double delta, double gamma);

// P(theta') = theta'^3 - (delta + gamma + delta gamma) theta' - 2 delta gamma (docs/theory/rmt.md#sample-spike).
double spikePolynomial(double thetaShift, double delta, double gamma);

// Outlier locations (units of S) and squared overlaps at effective SNR rho (docs/theory/rmt.md#population-spike,
// #sample-spike). Below a threshold the eigenvalue sticks to the edge and the overlaps are 0: continuous at both.
struct SpikeTheory {
  double rho = 0, thetaShift = 0;  // rho and theta' = rho - delta
  bool populationSpike = false, sampleSpike = false;
  double populationEigenvalue = 0;     // kappa (theta'+1)(theta'+delta)/theta', else kappa (1+sqrt delta)^2
  double populationOverlap = 0;        // |u_pop^T u|^2 = 1 - delta/theta'^2
  double sampleEigenvalue = 0;         // kappa Z(1/theta'), else kappa lambda_+
  double sampleOverlap = 0;            // |u_S^T u|^2 = P/(theta'^2 (theta'+gamma))
  double samplePopulationOverlap = 0;  // |u_S^T u_pop|^2 = P/((theta'+gamma)(theta'^2-delta))
  double rightOverlap = 0;             // |v_S^T a/||a|| |^2 = P/(theta'^2 (theta'+1))
};
SpikeTheory spikeTheory(double rho, double delta, double gamma, double kappa = 1.0);

// Realised (or expected) finite-vocabulary offsets of the table (docs/theory/rmt.md#conditional-moments, #variant-b).
struct TableOffsets {
  double signalNorm2 = 0;      // ||mu~||^2 = ||mu + g||^2
  double signalAlignment = 1;  // (u^T mu~)^2 / ||mu~||^2
  double meanNorm2 = 0;        // ||h||^2, h the table mean
};
// Expected offsets: Variant A gives (mu2, 1, 0); Variant B gives (mu2 + delta, mu2/(mu2 + delta), delta).
TableOffsets expectedTableOffsets(bool variantB, double mu2, double delta);

// The SNRs that enter spikeTheory for a pooling with alpha = w^T R w, kappa = ||w||^2, weightSum = sum w
// (docs/theory/rmt.md#snr, #variant-b). Variant A: rho = alpha mu2/kappa. Variant B: rho = alpha ||mu~||^2/kappa,
// overlaps with u scaled by the alignment, and when S is not centred a table-mean spike of strength
// (sum w)^2 ||h||^2 / kappa (0 when centred or in Variant A).
struct PooledSnr {
  double rho = 0;            // SNR of the signal spike
  double overlapFactor = 1;  // multiplies |u_S^T mu~/||mu~|| |^2 to give |u_S^T u|^2
  double meanSpikeRho = 0;   // SNR of the spurious table-mean spike
};
PooledSnr pooledSnr(bool variantB, bool centred, double alpha, double kappa, double weightSum, double mu2,
                    const TableOffsets& offsets);

// What a simulation's top eigenpair should show: the larger of the signal and table-mean spikes,
// and the overlap with u (0 when the mean spike is on top, its eigenvector is along h).
struct TopEigenTheory {
  SpikeTheory signal, tableMean;
  double topEigenvalue = 0, overlap = 0, populationOverlap = 0;
  bool meanSpikeOnTop = false;
};
TopEigenTheory topEigenTheory(const PooledSnr& snr, double delta, double gamma, double kappa);

}  // namespace attnlab
