// SPDX-License-Identifier: Apache-2.0
// rmt-transition's theory lines (docs/theory/rmt.md#two-transitions): the mu2 grid, each pooling's curves of overlap
// and lambda_1/kappa, and the thresholds at which its signal crosses rho_population and rho_sample.
#include "lab/experiments/rmt/transition_theory.hpp"

#include <algorithm>

#include "lab/experiments/rmt/experiment_common.hpp"

namespace attnlab {
namespace {

constexpr int kCurvePoints = 161;

// mu2 grid for the theory lines: uniform up to 1.15 × the largest listed value (at most mu2's own ceiling,
// 1e6: the theory refuses more), plus both thresholds.
std::vector<double> curveGrid(const std::vector<double>& listed, const std::vector<double>& extra) {
  const double top = std::min(1e6, std::max(1e-3, 1.15 * *std::max_element(listed.begin(), listed.end())));
  std::vector<double> grid;
  for (int i = 0; i < kCurvePoints; ++i) grid.push_back(top * i / (kCurvePoints - 1));
  for (double x : extra)
    if (x > 0 && x < top) grid.push_back(x);
  for (double x : listed) grid.push_back(x);
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  return grid;
}

PoolTheory poolTheory(const TransitionSetup& s, const PoolEntry& entry) {
  const PoolingScalars& pooling = entry.pooling;
  const TransitionThresholds th = transitionThresholds(s.sizes.delta, s.sizes.gamma);
  const double mu2Pop = mu2AtRho(th.rhoPopulation, pooling, s.b, s.sizes.delta);
  const double mu2Sample = mu2AtRho(th.rhoSample, pooling, s.b, s.sizes.delta);
  PoolTheory out{entry.index, entry.name, entry.weights, pooling.alpha, pooling.kappa, pooling.snrGain, mu2Pop,
                 mu2Sample,   {}};
  TheoryCurve& c = out.curve;
  c.mu2 = curveGrid(s.mu2, {mu2Pop, mu2Sample});
  for (double mu2 : c.mu2) {
    const PooledTheory t = pooledTheory(pooling, s.b, s.centred, mu2, s.sizes.delta, s.sizes.gamma);
    c.rho.push_back(t.snr.rho);
    c.overlap.push_back(t.top.overlap);
    c.eigenvalue.push_back(t.top.topEigenvalue / pooling.kappa);
    c.populationOverlap.push_back(t.top.populationOverlap);
  }
  return out;
}

}  // namespace

TransitionTheory transitionTheory(const TransitionSetup& s, const std::vector<PoolEntry>& entries) {
  const TransitionThresholds th = transitionThresholds(s.sizes.delta, s.sizes.gamma);
  TransitionTheory out{s.sizes.delta,
                       s.sizes.gamma,
                       th.rhoPopulation,
                       th.rhoSample,
                       bulkEdges(s.sizes.delta, s.sizes.gamma).lambdaPlus,
                       {}};
  for (const auto& entry : entries) out.pools.push_back(poolTheory(s, entry));
  return out;
}

std::vector<PoolEntry> poolEntries(const TransitionSetup& s) {
  std::vector<PoolEntry> entries;
  for (std::size_t p = 0; p < s.pools.size(); ++p)
    entries.push_back({static_cast<int>(p), s.pools[p], s.weights[p], poolingScalars(s.weights[p], s.positions.R)});
  return entries;
}

}  // namespace attnlab
