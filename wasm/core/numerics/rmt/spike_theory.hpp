// SPDX-License-Identifier: Apache-2.0
// Random-matrix theory of attention pooling (docs/theory/rmt.md#theory): the population and sample spikes with their
// overlaps, the SNRs a pooling gives them, and Variant B's table offsets. All functions are pure.
#pragma once

namespace attnlab {

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
