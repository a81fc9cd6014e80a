// SPDX-License-Identifier: Apache-2.0
// The built-in synthetic head zoo (docs/theory/rank.md#head-zoo) and the calibration study E7 on it: 84 heads
// (7 families × 12 variants) × temperatures. A deterministic stand-in, NOT a model of BERT.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "numerics/rank/interaction.hpp"
#include "lab/result_fields.hpp"

namespace attnlab {

constexpr int kZooFamilies = 7, kZooVariants = 12, kZooTokens = 128, kZooWidth = 128, kZooHeadDim = 64;
// generic, lowrank, positional, sink, keymean, sharp, broad (the family index f of docs/theory/rank.md#head-zoo).
const char* zooFamilyName(int family);
int zooFamilyIndex(const std::string& name);  // throws std::invalid_argument for an unknown name

// X, 128 × 128: sinusoidal positions, scaled normals (seed 2026) and a common offset of norm 3.
RowMatrix zooTokens();

struct ZooHead {
  RowMatrix q, k;          // 128 × 64, biases included
  RowMatrix logits;        // L0 = Q K^T / 8 rescaled to the family's mean row range R* (beta_mult = 1)
  double targetRange = 0;  // R*
};
// One head from its seed 2026·1000 + 16 f + v + 1. Throws for family ∉ [0,7) or variant ∉ [0,12).
ZooHead zooHead(int family, int variant, const RowMatrix& tokens);

struct ZooOptions {  // the per-configuration settings of docs/theory/rank.md#calibration-study
  double tau = 1;    // nats
  double epsOut = 0.05;
  double eps = 0.1;
};

struct ZooRow {
  std::string family;
  int variant = 0;
  double betaMult = 1;
  int rVis = 0, rRawTau = 0, rVisTau = 0;  // r_vis, r_raw(tau), r_vis(tau)
  int rEffRaw = 0, rEffVis = 0;
  int kSvd = 0, lowerBound = 0;  // lowerBound = max of lowerBounds (docs/theory/rank.md#interaction-pipeline)
  LowerBounds lowerBounds;       // each by name (the printed LB column of docs/theory/rank.md#calibration-study is
                                 // LB-POOL-DATA alone)
  int kComb = 0, combRank = -1, combDegree = -1;  // U5
  bool nonVacuous = false;
  int reductionTau = 0, reductionEff = 0;  // r_raw(tau) - r_vis(tau), r_eff,raw - r_eff,vis
  double svdError = 0, combError = 0;      // recomputed certificate errors
};

// One configuration: a pure job of (family, variant, betaMult ∈ (0, 16]).
ZooRow zooConfiguration(int family, int variant, double betaMult, const ZooOptions& options = {});
// The same from the interaction result of any head (zoo or uploaded).
ZooRow zooRowFrom(const InteractionResult& r, const std::string& family, int variant, double betaMult);

struct ZooFamilyMeans {
  std::string family;
  double betaMult = 1;
  int heads = 0;
  double rVis = 0, rRawTau = 0, rVisTau = 0, rEffRaw = 0, rEffVis = 0, kSvd = 0, lowerBound = 0, nonVacuous = 0;
  double lowerBoundPoolData =
      0;  // mean LB-POOL-DATA alone: what the table of docs/theory/rank.md#calibration-study prints as LB(0.1)
};
ATTNLAB_FIELDS(ZooFamilyMeans, family, betaMult, heads, rVis, rRawTau, rVisTau, rEffRaw, rEffVis, kSvd, lowerBound,
               lowerBoundPoolData, nonVacuous)

struct ZooSummary {
  std::vector<ZooFamilyMeans> families;  // per (family, betaMult) in first-seen order
  double meanReductionTau = 0, meanReductionEff = 0;
  double fractionEffPositive = 0;  // share of configurations with reductionEff > 0
  // Spearman of {reductionTau, reductionEff} against {nonVacuous, -kSvd, -log kComb}
  // (docs/theory/rank.md#interaction-pipeline)
  std::vector<std::pair<std::string, double>> spearman;
};
ZooSummary summarizeZoo(const std::vector<ZooRow>& rows);

// Bytes held by one configuration (n = 128): tokens, the head and interactionBytes.
double zooConfigurationBytes();

}  // namespace attnlab
