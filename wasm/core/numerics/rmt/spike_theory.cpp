// SPDX-License-Identifier: Apache-2.0
// Population and sample spikes, their overlaps and the Variant B corrections (docs/theory/rmt.md#population-spike,
// #sample-spike, #variant-b).
#include <algorithm>
#include <cmath>

#include "numerics/rmt/checks.hpp"
#include "numerics/rmt/bulk_law.hpp"
#include "numerics/rmt/spike_theory.hpp"

namespace attnlab {
namespace {

double clampUnit(double x) { return std::min(1.0, std::max(0.0, x)); }

}  // namespace

double spikePolynomial(double thetaShift, double delta, double gamma) {
  return thetaShift * thetaShift * thetaShift - (delta + gamma + delta * gamma) * thetaShift - 2 * delta * gamma;
}

TransitionThresholds transitionThresholds(double delta, double gamma) {
  const BulkEdges e = bulkEdges(delta, gamma);
  TransitionThresholds th;
  th.thetaCritical =
      1.0 / e.tPlus;  // positive root of P: t = 1/theta' maps Z'(t) = 0 onto P = 0 (docs/theory/rmt.md#sample-spike)
  th.rhoPopulation = delta + std::sqrt(delta);  // rho > 1/G_delta(lambda_+) (docs/theory/rmt.md#population-spike)
  th.rhoSample = delta + th.thetaCritical;
  return th;
}

SpikeTheory spikeTheory(double rho, double delta, double gamma, double kappa) {
  requireInRange("rho", rho, 0, 1e12);
  requireInRange("kappa", kappa, 0, 1e12, true);
  const BulkEdges e = bulkEdges(delta, gamma);
  const TransitionThresholds th = transitionThresholds(delta, gamma);
  SpikeTheory s;
  s.rho = rho;
  const double tp = rho - delta;  // theta' (docs/theory/rmt.md#snr)
  s.thetaShift = tp;

  // Population (vocabulary-level) spike: additive rank one on MP_delta (docs/theory/rmt.md#population-spike).
  s.populationSpike = tp > std::sqrt(delta);
  if (s.populationSpike) {
    s.populationEigenvalue = kappa * (tp + 1) * (tp + delta) / tp;
    s.populationOverlap = clampUnit(1 - delta / (tp * tp));
  } else {
    s.populationEigenvalue = kappa * std::pow(1 + std::sqrt(delta), 2);
  }

  // Sample spike: lambda_S = kappa Z(1/theta'), overlaps from P(theta') (docs/theory/rmt.md#sample-spike). The guard
  // P > 0 equals theta' > theta'_c; at the threshold P = 0, so every overlap and lambda_S - lambda_+ vanish.
  const double p = spikePolynomial(tp, delta, gamma);
  s.sampleSpike = tp > th.thetaCritical && p > 0;
  if (s.sampleSpike) {
    s.sampleEigenvalue = std::max(kappa * e.lambdaPlus, kappa * (tp + 1) * (tp + delta) * (tp + gamma) / (tp * tp));
    s.sampleOverlap = clampUnit(p / (tp * tp * (tp + gamma)));
    s.samplePopulationOverlap = clampUnit(p / ((tp + gamma) * (tp * tp - delta)));
    s.rightOverlap = clampUnit(p / (tp * tp * (tp + 1)));
  } else {
    s.sampleEigenvalue = kappa * e.lambdaPlus;
  }
  return s;
}

TableOffsets expectedTableOffsets(bool variantB, double mu2, double delta) {
  requireInRange("mu2", mu2, 0, 1e6);
  requireInRange("delta", delta, 0, 1000, true);
  TableOffsets o;
  if (!variantB) {
    o.signalNorm2 = mu2;
    return o;
  }
  // ||g||^2, ||h||^2 ~ d/V = delta for a raw iid table (docs/theory/rmt.md#vocabulary, #variant-b).
  o.signalNorm2 = mu2 + delta;
  o.signalAlignment = mu2 / (mu2 + delta);
  o.meanNorm2 = delta;
  return o;
}

PooledSnr pooledSnr(bool variantB, bool centred, double alpha, double kappa, double weightSum, double mu2,
                    const TableOffsets& offsets) {
  requireInRange("alpha", alpha, 0, 1e12);
  requireInRange("kappa", kappa, 0, 1e12, true);
  requireInRange("mu2", mu2, 0, 1e6);
  requireInRange("weightSum", weightSum, -1e12, 1e12);
  PooledSnr snr;
  if (!variantB) {
    snr.rho = alpha * mu2 / kappa;  // docs/theory/rmt.md#snr
    return snr;
  }
  requireInRange("signalNorm2", offsets.signalNorm2, 0, 1e12);
  requireInRange("signalAlignment", offsets.signalAlignment, 0, 1);
  requireInRange("meanNorm2", offsets.meanNorm2, 0, 1e12);
  snr.rho = alpha * offsets.signalNorm2 / kappa;  // theta = alpha ||mu + g||^2 / kappa (docs/theory/rmt.md#variant-b)
  snr.overlapFactor = offsets.signalAlignment;
  if (!centred)
    snr.meanSpikeRho = weightSum * weightSum * offsets.meanNorm2 / kappa;  // theta_h (docs/theory/rmt.md#variant-b)
  return snr;
}

TopEigenTheory topEigenTheory(const PooledSnr& snr, double delta, double gamma, double kappa) {
  TopEigenTheory top;
  top.signal = spikeTheory(snr.rho, delta, gamma, kappa);
  top.tableMean = spikeTheory(snr.meanSpikeRho, delta, gamma, kappa);
  // The two directions mu~ and h are independent and nearly orthogonal, so each spike follows the
  // same location map (docs/theory/rmt.md#variant-b); the top eigenvector belongs to the larger one.
  top.meanSpikeOnTop = top.tableMean.sampleSpike && top.tableMean.sampleEigenvalue > top.signal.sampleEigenvalue;
  top.topEigenvalue = std::max(top.signal.sampleEigenvalue, top.tableMean.sampleEigenvalue);
  top.overlap = top.meanSpikeOnTop ? 0.0 : top.signal.sampleOverlap * snr.overlapFactor;
  top.populationOverlap = top.signal.populationOverlap * snr.overlapFactor;
  return top;
}

}  // namespace attnlab
