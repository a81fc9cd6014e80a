// SPDX-License-Identifier: Apache-2.0
// Paper 1's construction end to end (docs/theory/sparse.md#construction, Algorithm R): pattern A -> B -> X(1), X(2) ->
// the (23)/(24) check, the d_min scan (docs/theory/sparse.md#dmin-experiment) and Theorem R
// (docs/theory/sparse.md#theorem-r).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/param_fields.hpp"
#include "lab/params.hpp"
#include "lab/schema.hpp"
#include "numerics/sparse/check.hpp"
#include "numerics/sparse/pattern.hpp"
#include "numerics/sparse/projection.hpp"

namespace attnlab {

struct Construction {
  double eps1 = 1.0;
  double eps2 = 0.5;
  double delta = 0.0;  // offset Δ of B's nonzeros (docs/theory/sparse.md#build-b); 0 = the proof value
  Projection proj = Projection::Gauss;
  Split split = Split::Asym;
  bool causal = false;
  NormalMethod normals = NormalMethod::Ziggurat;  // of the projections Y (the run's rng)
};

// One of the construction's parameters shared by the paper-1 experiments, by key: causal, proj, split, delta.
ParamDecl constructionParam(const std::string& key);
// Their fields (with the run's seed, rng and budget): an experiment's parameters derive from it.
struct ConstructionFields : RunParams {
  bool causal = false;
  std::string proj, split;
  double delta = 0;
};
// Reads proj, split, causal, delta (delta 0 = the proof value) and rng into c.
void readConstruction(const ConstructionFields& v, Construction& c);

// Δ = ln(1/ε2) + ln(1+ε1), the smallest offset the proof allows (docs/theory/sparse.md#build-b, #offset).
double proofOffset(double eps1, double eps2);

// Theorem R (docs/theory/sparse.md#theorem-r): ⌈4 ln(4n²/δ) / (η² − η³)⌉ with η = ln(1+ε1) / (2 sqrt(k) (ln(1/ε2) +
// ln(1+ε1) + ln γ)).
double theoremBound(int n, double k, double gamma, double eps1, double eps2, double failure = 0.5);
// The same from ln γ (a measured pattern's rho): finite even where γ itself overflows (1e200 / 1e-200).
double theoremBoundLog(int n, double k, double logGamma, double eps1, double eps2, double failure = 0.5);

// Bytes held while approximating an n-pattern with `nonzeros` entries at width d: X(1), X(2), a logits
// block, the projection's workspace, the symmetric factor, and an n×n display buffer when asked.
double approximationBytes(int n, std::int64_t nonzeros, int d, const Construction& c, bool display);

// Seconds of the symmetric split's one eigendecomposition of the n × n BᵀB (per pattern, reused by every
// d and draw) on the reference machine; 0 for the asymmetric split (docs/cost-model.md).
double symmetricSplitSeconds(int n, const Construction& c);

enum class ScanMode { Paper, Fast };

class SparseApproximator {
 public:
  SparseApproximator(const SparsePattern& a, const Construction& c);

  double delta() const { return delta_; }
  // Draws the projection of trial `stream` at width d and builds X(1), X(2) in full (docs/theory/sparse.md#projection,
  // #fixed-weights).
  void draw(int d, std::uint64_t seed, std::uint64_t stream);
  // One trial at width d: draw, then check (23)/(24). Paper: draw in full, check rows in order.
  // Fast: the same draw, but rows of Y are drawn only when the check reaches them (asym Gauss),
  // (23) runs over all rows before any GEMM, and (24) takes the riskiest rows first. Same verdict.
  bool trial(int d, std::uint64_t seed, std::uint64_t stream, ScanMode mode,
             const std::function<void(double)>& progress);
  // Checks the current draw (after draw or trial).
  CheckSummary check(const CheckOptions& options) { return check_.run(x1(), x2(), options); }

  // The current draw's inputs, n × d each (views of buffers reused across draws).
  Eigen::Map<const RealMatrix> x1() const { return {x1Store_.data(), rows_, cols_}; }
  Eigen::Map<const RealMatrix> x2() const { return {x2Store_.data(), rows_, cols_}; }
  const LogDomainCheck& criterion() const { return check_; }

 private:
  // Sizes the buffers for width d; they only grow, so a scan does not fault in fresh pages per draw.
  void resize(int d);
  Eigen::Map<RealMatrix> x1Mutable() { return {x1Store_.data(), rows_, cols_}; }
  Eigen::Map<RealMatrix> x2Mutable() { return {x2Store_.data(), rows_, cols_}; }
  void beginLazyDraw(int d, std::uint64_t seed, std::uint64_t stream);
  void ensureYRow(int j);
  void ensureX1Row(int i);
  void ensureAll();

  const SparsePattern& a_;
  Construction c_;
  double delta_;
  std::vector<double> b_;  // B on the support of A
  SymmetricFactor sym_;
  LogDomainCheck check_;
  std::vector<Real> x1Store_, x2Store_;  // asym: X(2) = Y
  Eigen::Index rows_ = 0, cols_ = 0;
  std::vector<char> yReady_, x1Ready_;
  std::uint64_t lazySeed_ = 0, lazyStream_ = 0;
  double lazyScale_ = 1;
};

struct ScanOutcome {
  int dmin = 0;         // first passing d; 0 when no grid point up to the cap passed
  bool capped = false;  // true when the scan reached its cap without a pass
  int gridPoints = 0;   // grid points tried
  int draws = 0;        // projections drawn
};

// docs/theory/sparse.md#dmin-experiment: d = step, 2·step, ... <= dcap in ascending order with `tries` fresh draws each
// (success if any passes); the first passing d is d_min. Try t at width d uses the stream
// childStream(childStream(jobStream, d), t), so a draw never depends on the order of evaluation.
ScanOutcome scanMinimalWidth(SparseApproximator& approximator, int step, int dcap, int tries, ScanMode mode,
                             std::uint64_t seed, std::uint64_t jobStream, const Progress& progress);

// Largest multiple of step <= dmax whose approximation fits in the budget; 0 if even d = step does not.
int affordableWidth(int n, std::int64_t nonzeros, int step, int dmax, const Construction& c, double budgetBytes);

}  // namespace attnlab
