// SPDX-License-Identifier: Apache-2.0
// What sparse-approx shows of its final draw (src/experiments/sparse-approx.cpp, docs/theory/sparse.md#construction):
// the run's validated parameters, every row's spread and gap with the worst rows, and A against M as heatmaps and
// as one full row.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "lab/result_fields.hpp"
#include "numerics/kernels/softmax.hpp"
#include "lab/experiments/sparse/approx.hpp"

namespace attnlab {

// sparse-approx's parameters, checked across keys (experiments/sparse-approx.cpp reads them).
struct ApproxParams {
  int n = 256, k = 2, d = 384, redraws = 20, heatmapSide = 256, row = 0;
  bool nGiven = false;
  double gamma = 2.0;
  Construction construction;
  std::uint64_t seed = 1;
  double budgetBytes = 0;
};

// The final draw's part of sparse-approx's result, declared once (lab/result_fields.hpp).
struct Spread {
  double worst = 0, threshold = 0;
};
ATTNLAB_FIELDS(Spread, worst, threshold)

struct Gap {
  std::optional<double> worst;  // null when no row has an unmasked zero
  double threshold = 0;
};
ATTNLAB_FIELDS(Gap, worst, threshold)

struct WorstRow {
  int spread = -1, gap = -1;
};
ATTNLAB_FIELDS(WorstRow, spread, gap)

// What is shown of the final draw.
struct FinalDraw {
  Spread spread;
  Gap gap;
  WorstRow worstRow;
  std::vector<double> rowSpread;
  std::vector<std::optional<double>> rowGap;
  Grid heatmapA, heatmapM;
  int row = 0;
  std::vector<double> rowA, rowM;
};

// What is shown of the final draw: every row's spread and gap, and A and M = row-softmax(S) as
// heatmaps and as one full row. S passes through one n×n buffer, filled block by block.
FinalDraw describeFinalDraw(SparseApproximator& approximator, const SparsePattern& a, const ApproxParams& p,
                            const std::function<void(double)>& progress);

}  // namespace attnlab
