// SPDX-License-Identifier: Apache-2.0
// The approximation criterion of docs/theory/sparse.md#criterion, conditions (23) and (24), checked in the log domain
// over row blocks of S = X(1) X(2)^T: no exp, no normalisation, no n×n matrix.
#pragma once
#include <functional>
#include <limits>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "numerics/sparse/pattern.hpp"
#include "numerics/sparse/projection.hpp"

namespace attnlab {

// Per-row quantities of docs/theory/sparse.md#criterion (log-domain form).
struct RowStat {
  double spread = 0;      // (23): max - min over N_i of S_ij - ln A_ij; must be <= ln(1 + eps1)
  double minSupport = 0;  // min over N_i of S_ij
  // (24): max over unmasked j outside N_i of S_ij, minus minSupport; must be <= ln eps2.
  // -inf when the row has no unmasked zero (the condition is vacuous).
  double gap = -std::numeric_limits<double>::infinity();
};

struct CheckSummary {
  bool pass = true;
  int firstViolation = -1;  // first failing row found (in checking order), -1 if none
  int rowsChecked = 0;
  double worstSpread = 0;
  int worstSpreadRow = -1;
  double worstGap = -std::numeric_limits<double>::infinity();
  int worstGapRow = -1;
};

struct CheckOptions {
  bool stopEarly = true;  // stop at the first violating row
  // false (paper order): block by block in row order, (23) then (24) for each block.
  // true: (23) for every row first (cheap), then (24) for the rows most likely to fail first.
  // Same verdict either way; only the work spent on a failing draw differs.
  bool riskFirst = false;
  std::vector<RowStat>* rows = nullptr;       // per-row results, size n (meaningful for rows checked)
  RowMatrix* logits = nullptr;                // if set (n×n), receives S row by row (unmasked part), for display
  std::function<void(double)> progress;       // fraction of rows done, called between blocks
  std::function<void(int)> beforeSupportRow;  // lazy inputs: make X(1) row i and X(2) rows of N_i ready
  std::function<void()> beforeOffSupport;     // lazy inputs: make all of X(1), X(2) ready
  // Double-precision products throughout. Otherwise an early-stopping check without logits runs
  // the (24) GEMM in float32 and redoes in double only the rows whose gap lies within the float
  // error bound of the threshold, so verdicts are those of double precision either way.
  bool exact = false;
};

class LogDomainCheck {
 public:
  LogDomainCheck(const SparsePattern& a, double eps1, double eps2, bool causal);

  double spreadThreshold() const { return spreadThreshold_; }  // ln(1 + eps1)
  double gapThreshold() const { return gapThreshold_; }        // ln eps2
  bool spreadOk(double spread) const { return spread <= spreadThreshold_ + kSlack; }
  bool gapOk(double gap) const { return gap <= gapThreshold_ + kSlack; }
  // Rows per GEMM block: 64–256, about 1 MiB of logits.
  int blockRows() const { return blockRows_; }

  CheckSummary run(const RealConstRef& x1, const RealConstRef& x2, const CheckOptions& options);

  // (23) for row i from its |N_i| logits (dot products, no GEMM). Returns whether it holds.
  bool supportRow(int i, const RealConstRef& x1, const RealConstRef& x2, RowStat& stat) const;

 private:
  using FloatMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  static constexpr double kSlack = 1e-12;

  struct Pass;
  CheckSummary runInRowOrder(Pass& pass);
  CheckSummary runRiskFirst(Pass& pass);
  // (24) for pass.order[first, first + count), recording each row reached; true when it stopped early.
  bool offSupportRange(Pass& pass, int first, int count);
  // S for the given rows (all unmasked columns) into block_ (double) or blockF_ (float32).
  void blockLogits(const int* rows, int count, const RealConstRef& x1, const RealConstRef& x2, bool single);
  // (24) for `count` rows whose minSupport is set: one GEMM of those rows of X(1) against X(2).
  // Fills their gap (and logits rows if given); returns the position in `rows` of the first
  // violation, or -1.
  int offSupportBlock(const int* rows, int count, const RealConstRef& x1, const RealConstRef& x2, RowStat* stats,
                      bool stopEarly, RowMatrix* logits, bool single);
  // float32 copy of X(2) (packed panels of its transpose: sparse/float_logits.hpp) and its largest row norm, for the
  // single-precision GEMM.
  void prepareSingle(const RealConstRef& x2);
  // max over unmasked j outside N_i of S_ij, in double (the fallback near the threshold).
  double exactMaxOff(int i, const RealConstRef& x1, const RealConstRef& x2);

  const SparsePattern& a_;
  std::vector<double> logA_;
  double spreadThreshold_, gapThreshold_;
  bool causal_;
  int blockRows_;
  RealMatrix block_, gathered_;  // scratch reused across blocks and draws
  FloatMatrix blockF_, gatheredF_;
  std::vector<float> x2Single_;
  double x2NormMax_ = 0;
  std::vector<double> saved_;
};

}  // namespace attnlab
