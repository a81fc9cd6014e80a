// SPDX-License-Identifier: Apache-2.0
#include "numerics/sparse/check.hpp"
#include "numerics/sparse/float_logits.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attnlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

void record(CheckSummary& s, int i, const RowStat& stat, bool ok) {
  ++s.rowsChecked;
  if (stat.spread > s.worstSpread || s.worstSpreadRow < 0) {
    s.worstSpread = stat.spread;
    s.worstSpreadRow = i;
  }
  if (stat.gap > s.worstGap) {
    s.worstGap = stat.gap;
    s.worstGapRow = i;
  }
  if (!ok && s.pass) {
    s.pass = false;
    s.firstViolation = i;
  }
}

}  // namespace

LogDomainCheck::LogDomainCheck(const SparsePattern& a, double eps1, double eps2, bool causal)
    : a_(a),
      logA_(a.values.size()),
      spreadThreshold_(std::log1p(eps1)),
      gapThreshold_(std::log(eps2)),
      causal_(causal),
      blockRows_(std::clamp(131072 / std::max(a.n, 1), 64, 256)) {
  for (std::size_t p = 0; p < a.values.size(); ++p) logA_[p] = std::log(a.values[p]);
}

bool LogDomainCheck::supportRow(int i, const RealConstRef& x1, const RealConstRef& x2, RowStat& stat) const {
  double lo = kInf, hi = -kInf, minS = kInf;
  for (int p = a_.rowStart[i]; p < a_.rowStart[i + 1]; ++p) {
    const double s = static_cast<double>(x1.row(i).dot(x2.row(a_.cols[p])));
    const double r = s - logA_[p];  // docs/theory/sparse.md#criterion: r_ij = S_ij - ln A_ij
    lo = std::min(lo, r);
    hi = std::max(hi, r);
    minS = std::min(minS, s);
  }
  stat.spread = hi - lo;
  stat.minSupport = minS;
  return spreadOk(stat.spread);
}

void LogDomainCheck::prepareSingle(const RealConstRef& x2) {
  packFloatPanels(x2.data(), x2.outerStride(), static_cast<int>(x2.rows()), static_cast<int>(x2.cols()), x2Single_);
  x2NormMax_ = x2.rowwise().norm().maxCoeff();
}

double LogDomainCheck::exactMaxOff(int i, const RealConstRef& x1, const RealConstRef& x2) {
  const int limit = causal_ ? i + 1 : a_.n;
  Eigen::Matrix<Real, Eigen::Dynamic, 1> s = x2.topRows(limit) * x1.row(i).transpose();
  for (int p = a_.rowStart[i]; p < a_.rowStart[i + 1]; ++p) s(a_.cols[p]) = -std::numeric_limits<Real>::infinity();
  return limit > a_.rowSize(i) ? static_cast<double>(s.maxCoeff()) : -kInf;
}

void LogDomainCheck::blockLogits(const int* rows, int count, const RealConstRef& x1, const RealConstRef& x2,
                                 bool single) {
  const int n = a_.n, d = static_cast<int>(x1.cols());
  bool contiguous = true;
  int maxRow = rows[0];
  for (int r = 1; r < count; ++r) {
    contiguous = contiguous && rows[r] == rows[0] + r;
    maxRow = std::max(maxRow, rows[r]);
  }
  const int width = causal_ ? maxRow + 1 : n;  // causal: columns j > i are masked, never computed
  if (single) {
    if (blockF_.rows() < blockRows_ || blockF_.cols() < n) blockF_.resize(blockRows_, n);
    gatheredF_.resize(count, d);
    for (int r = 0; r < count; ++r) gatheredF_.row(r) = x1.row(rows[r]).cast<float>();
    floatLogitsBlock(gatheredF_.data(), count, d, x2Single_.data(), width, blockF_.data(),
                     static_cast<int>(blockF_.cols()));
    return;
  }
  if (block_.rows() < blockRows_ || block_.cols() < n) block_.resize(blockRows_, n);
  auto s = block_.topLeftCorner(count, width);
  if (contiguous) {
    s.noalias() = x1.middleRows(rows[0], count) * x2.topRows(width).transpose();
    return;
  }
  gathered_.resize(count, d);
  for (int r = 0; r < count; ++r) gathered_.row(r) = x1.row(rows[r]);
  s.noalias() = gathered_ * x2.topRows(width).transpose();
}

int LogDomainCheck::offSupportBlock(const int* rows, int count, const RealConstRef& x1, const RealConstRef& x2,
                                    RowStat* stats, bool stopEarly, RowMatrix* logits, bool single) {
  blockLogits(rows, count, x1, x2, single);
  // Largest float32 error of one logit: rounding both inputs plus a length-d dot product,
  // |fl(x·y) - x·y| <= (d + 2) u |x| |y| with u = 2^-24 (a safe overestimate of the usual bound).
  const double floatError = (x1.cols() + 2.0) * 0x1.0p-24 * 1.01 * x2NormMax_;
  int firstBad = -1;
  for (int r = 0; r < count; ++r) {
    const int i = rows[r], limit = causal_ ? i + 1 : a_.n;
    const bool anyZero = limit > a_.rowSize(i);  // else (24) is vacuous for row i
    double maxOff = -kInf;
    if (single) {
      auto row = blockF_.row(r).head(limit);
      for (int p = a_.rowStart[i]; p < a_.rowStart[i + 1]; ++p)
        row(a_.cols[p]) = -std::numeric_limits<float>::infinity();
      if (anyZero) maxOff = row.maxCoeff();
      const double margin = floatError * x1.row(i).norm() + kSlack;
      if (std::fabs(maxOff - stats[r].minSupport - gapThreshold_) <= margin) maxOff = exactMaxOff(i, x1, x2);
    } else {
      auto row = block_.row(r).head(limit);
      saved_.clear();
      for (int p = a_.rowStart[i]; p < a_.rowStart[i + 1]; ++p) {
        saved_.push_back(static_cast<double>(row(a_.cols[p])));
        row(a_.cols[p]) = -std::numeric_limits<Real>::infinity();
      }
      if (anyZero) maxOff = static_cast<double>(row.maxCoeff());
      if (logits) {
        for (int p = a_.rowStart[i]; p < a_.rowStart[i + 1]; ++p)
          row(a_.cols[p]) = static_cast<Real>(saved_[p - a_.rowStart[i]]);
        logits->row(i).head(limit) = row.cast<double>();
      }
    }
    stats[r].gap = maxOff - stats[r].minSupport;
    if (!gapOk(stats[r].gap) && firstBad < 0) {
      firstBad = r;
      if (stopEarly) break;
    }
  }
  return firstBad;
}

// One run of the check: per-row results, the order rows are checked in, and the summary so far.
struct LogDomainCheck::Pass {
  const RealConstRef& x1;
  const RealConstRef& x2;
  const CheckOptions& options;
  std::vector<RowStat>& stats;
  std::vector<int> order;
  CheckSummary summary;
  bool single = false, prepared = false;
  std::vector<RowStat> blockStats;
};

bool LogDomainCheck::offSupportRange(Pass& pass, int first, int count) {
  const CheckOptions& o = pass.options;
  pass.blockStats.resize(count);
  for (int r = 0; r < count; ++r) pass.blockStats[r] = pass.stats[pass.order[first + r]];
  if (pass.single && !pass.prepared) {
    prepareSingle(pass.x2);
    pass.prepared = true;
  }
  const int bad = offSupportBlock(pass.order.data() + first, count, pass.x1, pass.x2, pass.blockStats.data(),
                                  o.stopEarly, o.logits, pass.single);
  const int reached = bad >= 0 && o.stopEarly ? bad + 1 : count;
  for (int r = 0; r < reached; ++r) {
    RowStat& stat = pass.stats[pass.order[first + r]];
    stat.gap = pass.blockStats[r].gap;
    record(pass.summary, pass.order[first + r], stat, spreadOk(stat.spread) && gapOk(stat.gap));
  }
  if (o.progress) o.progress(static_cast<double>(first + count) / a_.n);
  return bad >= 0 && o.stopEarly;
}

CheckSummary LogDomainCheck::run(const RealConstRef& x1, const RealConstRef& x2, const CheckOptions& o) {
  std::vector<RowStat> local;
  Pass pass{x1, x2, o, o.rows ? *o.rows : local, std::vector<int>(a_.n), CheckSummary{}, false, false, {}};
  pass.stats.assign(a_.n, RowStat{});
  std::iota(pass.order.begin(), pass.order.end(), 0);
  pass.single = o.stopEarly && !o.logits && !o.exact;
  return o.riskFirst ? runRiskFirst(pass) : runInRowOrder(pass);
}

CheckSummary LogDomainCheck::runInRowOrder(Pass& pass) {
  // The paper's order: one block at a time, (23) for its rows, then (24) with one GEMM.
  const CheckOptions& o = pass.options;
  if (o.beforeOffSupport) o.beforeOffSupport();
  for (int first = 0; first < a_.n; first += blockRows_) {
    const int count = std::min(blockRows_, a_.n - first);
    for (int i = first; i < first + count; ++i)
      if (!supportRow(i, pass.x1, pass.x2, pass.stats[i]) && o.stopEarly) {
        record(pass.summary, i, pass.stats[i], false);
        return pass.summary;
      }
    if (offSupportRange(pass, first, count)) break;
  }
  return pass.summary;
}

CheckSummary LogDomainCheck::runRiskFirst(Pass& pass) {
  // (23) costs |N_i| dot products per row, so it runs over all rows before any GEMM.
  const CheckOptions& o = pass.options;
  const int n = a_.n;
  for (int i = 0; i < n; ++i) {
    if (o.beforeSupportRow) o.beforeSupportRow(i);
    if (!supportRow(i, pass.x1, pass.x2, pass.stats[i]) && o.stopEarly) {
      record(pass.summary, i, pass.stats[i], false);
      return pass.summary;
    }
  }
  if (o.beforeOffSupport) o.beforeOffSupport();
  // Off-support logits of row i are noise around 0 (B_ij = 0) of size ~ |x1_i| |x2_j|, so the row with
  // the smallest margin (minSupport + ln eps2) per unit |x1_i| is the likeliest to violate (24).
  std::vector<double> risk(n);
  for (int i = 0; i < n; ++i)
    risk[i] = (pass.stats[i].minSupport + gapThreshold_) / std::max(static_cast<double>(pass.x1.row(i).norm()), 1e-300);
  std::stable_sort(pass.order.begin(), pass.order.end(), [&](int x, int y) { return risk[x] < risk[y]; });
  for (int first = 0; first < n; first += blockRows_)
    if (offSupportRange(pass, first, std::min(blockRows_, n - first))) break;
  return pass.summary;
}

}  // namespace attnlab
