// SPDX-License-Identifier: Apache-2.0
// sparse-approx's final draw described (docs/theory/sparse.md#construction): every row's spread and gap, and A and
// M = row-softmax(S) as heatmaps and as one full row.
#include "lab/experiments/sparse/approx_final_draw.hpp"

#include <cmath>

namespace attnlab {
namespace {

// JSON has no infinity: a vacuous gap (no unmasked zero in the row) is null.
std::optional<double> finiteOrNull(double x) { return std::isfinite(x) ? std::optional<double>(x) : std::nullopt; }

}  // namespace

// What is shown of the final draw: every row's spread and gap, and A and M = row-softmax(S) as
// heatmaps and as one full row. S passes through one n×n buffer, filled block by block.
FinalDraw describeFinalDraw(SparseApproximator& approximator, const SparsePattern& a, const ApproxParams& p,
                            const std::function<void(double)>& progress) {
  const int n = a.n;
  RowMatrix display(n, n);
  for (int i = 0; i < n; ++i) {
    const std::vector<double> row = normalisedRow(a, i);
    display.row(i) = Eigen::Map<const Eigen::RowVectorXd>(row.data(), n);
  }
  FinalDraw out;
  out.heatmapA = downsampleMaxAbs(display, p.heatmapSide);
  std::vector<RowStat> rows;
  CheckOptions all;
  all.stopEarly = false;
  all.rows = &rows;
  all.logits = &display;
  all.progress = progress;
  const CheckSummary summary = approximator.check(all);
  rowSoftmaxInPlace(display, p.construction.causal);

  for (int i = 0; i < n; ++i) {
    out.rowSpread.push_back(rows[i].spread);
    out.rowGap.push_back(finiteOrNull(rows[i].gap));
  }
  const LogDomainCheck& criterion = approximator.criterion();
  out.spread = {summary.worstSpread, criterion.spreadThreshold()};
  out.gap = {finiteOrNull(summary.worstGap), criterion.gapThreshold()};
  out.worstRow = {summary.worstSpreadRow, summary.worstGapRow};
  out.heatmapM = downsampleMaxAbs(display, p.heatmapSide);
  out.row = p.row;
  out.rowA = normalisedRow(a, p.row);
  out.rowM = std::vector<double>(display.row(p.row).data(), display.row(p.row).data() + n);
  return out;
}

}  // namespace attnlab
