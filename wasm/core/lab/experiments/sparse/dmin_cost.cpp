// SPDX-License-Identifier: Apache-2.0
// sparse-dmin's time model (docs/cost-model.md): d_min predicted from Theorem R's bound and the offset, then the
// scan's rejected grid points, the passing check and split=sym's full draws, timed on the reference machine.
#include "lab/experiments/sparse/dmin_cost.hpp"

#include <algorithm>
#include <cmath>

#include "lab/experiments/sparse/approx.hpp"

namespace attnlab {
namespace {

// Time of one scan: every failing grid point below d_min is rejected early (on the rows most likely
// to fail, ~ n d each), the passing one is checked on all n² entries. d_min is predicted as a fixed
// fraction of Theorem R's bound, measured at the defaults (the paper's bound is ~10× conservative:
// d_min ≈ 384 against 4753 at n = 512), capped by the scan's own cap.
constexpr double kDminPerBound = 0.085;
// An offset Δ above the proof's value widens B's range by e^(Δ − Δ_proof) and d_min with it: measured at the
// defaults, d_min ≈ 400, 650, 5500 at Δ = 1.39 (proof), 3, 10 and capped from Δ = 30 on, i.e. ≈ e^(0.3 (Δ − Δ_proof));
// 0.35 keeps small n (whose d_min the bound underrates) within 2×.
constexpr double kDminGrowthPerDelta = 0.35;
// split=sym's full draws, per unit of n² d (measured natively at n = 512…2048: 3e-10 to 8e-10 as P and R
// leave the cache; this middle value keeps those within 2×).
constexpr double kSymDrawSecondsPerUnit = 5e-10;
constexpr double kSecondsPerUnit =
    5.3e-10;  // per unit of the count below (reference machine; the preset ns = 512…3072: 11.7 s)
// The scan's rejected grid points, per unit of points · n · d: each draws a fresh n × d Y (Box–Muller) before its
// early rejection, far slower per unit than the passing check's products; set from delta = 10 / 100 at the defaults
// (82 / 185 s measured, whose scans reach d ≈ 5500 and the cap 16384).
constexpr double kScanSecondsPerUnit = 2.7e-9;
// The ziggurat stream's speed-up of a whole run (the preset ns = 512…3072: 6.30 → 2.58 s; delta = 10: 51.7 → 21.0 s).
constexpr double kZigguratSpeedup = 2.45;

}  // namespace

double dminJobSeconds(const DminParams& p, const InputArray* pattern) {
  const CurveSetting s = p.setting(p.curve);
  const double n = pattern ? static_cast<double>(pattern->shape[0]) : p.ns[p.nIndex];
  const Construction c = curveConstruction(p, s);
  const double proofDelta = proofOffset(s.eps1, s.eps2), extraDelta = c.delta > proofDelta ? c.delta - proofDelta : 0.0;
  const double predicted = kDminPerBound * theoremBound(static_cast<int>(n), s.k, s.gamma, s.eps1, s.eps2) *
                           std::exp(std::min(kDminGrowthPerDelta * extraDelta, 50.0));  // capped below: no overflow
  const double dcap = std::max(p.step, p.dmax), d = std::min(std::max(predicted, double(p.step)), dcap);
  const double points = d / p.step;
  const double base = s.draws * (kSecondsPerUnit * n * n * d + kScanSecondsPerUnit * points * n * d) *
                      streamTimeFactor(p.construction.normals, kZigguratSpeedup);
  if (c.split != Split::Sym) return base;
  // split=sym: one eigendecomposition per job, and no lazy rows: every grid point d_i draws X(1) = P Y and
  // X(2) = R Y in full (n² d_i each), so the scan costs n² · step · (1 + 2 + … + points).
  const double scanned = n * n * p.step * points * (points + 1) / 2;
  return base + symmetricSplitSeconds(static_cast<int>(n), c) + kSymDrawSecondsPerUnit * s.draws * scanned;
}

}  // namespace attnlab
