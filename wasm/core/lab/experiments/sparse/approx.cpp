// SPDX-License-Identifier: Apache-2.0
#include "lab/experiments/sparse/approx.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {
constexpr int kWidthSlack = 64;  // buffers grow in steps of 64 columns (counted in approximationBytes)

// Grows a buffer for rows × d without copying its stale contents, rounding d up to a multiple of
// kWidthSlack, so an ascending scan reallocates (and faults in fresh pages) only now and then.
void grow(std::vector<Real>& store, int rows, int d) {
  const std::size_t size = static_cast<std::size_t>(rows) * d;
  if (store.size() >= size) return;
  std::vector<Real>().swap(store);
  store.resize(static_cast<std::size_t>(rows) * ((d + kWidthSlack - 1) / kWidthSlack * kWidthSlack));
}
}  // namespace

ParamDecl constructionParam(const std::string& key) {
  if (key == "causal")
    return ParamDecl::choice("causal", "0", {"0", "1"},
                             "Causal attention: masks the entries above the diagonal, so A is lower-triangular.");
  if (key == "proj")
    return ParamDecl::choice(
        "proj", "gauss", {"gauss", "orth"},
        "The random projection Y: Gaussian N(0, 1/d) entries, or an orthogonal (Haar) frame, exact at d = n.");
  if (key == "split")
    return ParamDecl::choice("split", "asym", {"asym", "sym"},
                             "How X(1), X(2) factor B: as B·G and G (asymmetric, no SVD), or as UΣ½ and VΣ½ "
                             "(symmetric, the paper's likely reading).");
  if (key == "delta")
    return ParamDecl::real("delta", 0, 0, 100,
                           "Offset Δ added to the nonzeros of B; 0 means the proof's value ln(1/ε2) + ln(1+ε1).");
  throw std::logic_error("no common paper-1 construction parameter named " + key);
}

void readConstruction(const ConstructionFields& v, Construction& c) {
  c.proj = v.proj == "orth" ? Projection::Orth : Projection::Gauss;
  c.split = v.split == "sym" ? Split::Sym : Split::Asym;
  c.causal = v.causal;
  c.delta = v.delta;  // 0 means the proof value
  c.normals = v.rng;
}

// ln(1/ε2) as before where 1/ε2 is a number (golden results pin its digits), −ln ε2 where it overflows (5e-324).
double proofOffset(double eps1, double eps2) {
  const double inverse = 1.0 / eps2;
  return (std::isfinite(inverse) ? std::log(inverse) : -std::log(eps2)) + std::log1p(eps1);
}

double theoremBound(int n, double k, double gamma, double eps1, double eps2, double failure) {
  return theoremBoundLog(n, k, std::log(gamma), eps1, eps2, failure);
}

double theoremBoundLog(int n, double k, double logGamma, double eps1, double eps2, double failure) {
  const double beta = proofOffset(eps1, eps2) + logGamma;
  const double eta = std::log1p(eps1) / (2.0 * std::sqrt(k) * beta);
  const double nn = static_cast<double>(n) * n;
  const double bound = std::ceil(4.0 * std::log(4.0 * nn / failure) / (eta * eta - eta * eta * eta));
  // A tiny ε1 puts the bound (~ 1/ln(1+ε1)²) past the largest double: refused, never returned as inf.
  if (!std::isfinite(bound) || !(bound > 0)) {
    throw std::invalid_argument(text("eps1 = ", eps1, " (with eps2 = ", eps2,
                                     ") is too small for the Theorem R bound on d: it grows like 1/ln(1+eps1)^2 and "
                                     "passes the largest number; give a larger eps1"));
  }
  return bound;
}

// Per n³, measured natively with n = 512…2048 (split=sym minus split=asym at the same n and d; 1.1e-9 to
// 2.3e-9 from n = 1024 to 2048, as BᵀB leaves the cache; this middle value keeps every case within 2×).
constexpr double kSymmetricSecondsPerCube = 1.5e-9;

double symmetricSplitSeconds(int n, const Construction& c) {
  const double m = n;
  return c.split == Split::Sym ? kSymmetricSecondsPerCube * m * m * m : 0.0;
}

double approximationBytes(int n, std::int64_t nonzeros, int d, const Construction& c, bool display) {
  const double nd = static_cast<double>(n) * (d + kWidthSlack), nn = static_cast<double>(n) * n, real = sizeof(Real);
  const double block = std::clamp(131072 / std::max(n, 1), 64, 256);
  // X(1), X(2), a block of logits and of gathered rows; their float32 copies for the GEMM; the pattern.
  double bytes = real * (2.0 * nd + block * n + block * d) + 4.0 * (nd + block * n + block * d) +
                 48.0 * static_cast<double>(nonzeros) + 64.0 * n;
  if (c.proj == Projection::Orth) bytes += real * 2.0 * nd + 24.0 * n * std::min(n, d);  // Gaussian, Y; QR block, Q
  if (c.split == Split::Sym) bytes += 8.0 * 4.0 * nn + real * nd;  // B^T B, eigenvectors, P, R; then Y
  if (display) bytes += 8.0 * nn + 16.0 * 1024 * 1024;             // the n×n buffer for A and M; two heatmaps
  return bytes;
}

SparseApproximator::SparseApproximator(const SparsePattern& a, const Construction& c)
    : a_(a),
      c_(c),
      delta_(c.delta > 0 ? c.delta : proofOffset(c.eps1, c.eps2)),
      b_(logOffsetValues(a, delta_)),
      check_(a, c.eps1, c.eps2, c.causal) {
  // The symmetric split needs one eigen-decomposition per pattern, reused for every d and draw
  // (docs/theory/sparse.md#splits).
  if (c_.split == Split::Sym) sym_ = symmetricFactor(a_, b_);
}

void SparseApproximator::resize(int d) {
  rows_ = a_.n;
  cols_ = d;
  grow(x1Store_, a_.n, d);
  grow(x2Store_, a_.n, d);
}

void SparseApproximator::draw(int d, std::uint64_t seed, std::uint64_t stream) {
  resize(d);
  if (c_.split == Split::Sym) {
    const RealMatrix y = c_.proj == Projection::Orth ? orthogonalProjection(sym_.rank, d, seed, stream, c_.normals)
                                                     : gaussianProjection(sym_.rank, d, seed, stream, c_.normals);
    x1Mutable().noalias() = sym_.p * y;  // X(1) = U Σ^{1/2} Y = P Y
    x2Mutable().noalias() = sym_.r * y;  // X(2) = V Σ^{1/2} Y = R Y
    return;
  }
  // asym (docs/theory/sparse.md#splits): (X(1), X(2)) has the law of (B G, G), no SVD needed.
  if (c_.proj == Projection::Orth)
    x2Mutable() = orthogonalProjection(a_.n, d, seed, stream, c_.normals);
  else
    fillGaussian(x2Mutable(), seed, stream, c_.normals);
  sparseTimesDense(a_, b_, x2(), x1Mutable(), 0, a_.n);
}

void SparseApproximator::beginLazyDraw(int d, std::uint64_t seed, std::uint64_t stream) {
  resize(d);
  yReady_.assign(a_.n, 0);
  x1Ready_.assign(a_.n, 0);
  lazySeed_ = seed;
  lazyStream_ = stream;
  lazyScale_ = 1.0 / std::sqrt(static_cast<double>(d));
}

void SparseApproximator::ensureYRow(int j) {
  if (yReady_[j]) return;
  gaussianRow(lazySeed_, lazyStream_, c_.normals, j, lazyScale_, x2Mutable().row(j).data(), static_cast<int>(cols_));
  yReady_[j] = 1;
}

void SparseApproximator::ensureX1Row(int i) {
  if (x1Ready_[i]) return;
  for (int p = a_.rowStart[i]; p < a_.rowStart[i + 1]; ++p) ensureYRow(a_.cols[p]);
  sparseTimesDense(a_, b_, x2(), x1Mutable(), i, i + 1);
  x1Ready_[i] = 1;
}

void SparseApproximator::ensureAll() {
  for (int j = 0; j < a_.n; ++j) ensureYRow(j);
  for (int i = 0; i < a_.n; ++i) ensureX1Row(i);
}

bool SparseApproximator::trial(int d, std::uint64_t seed, std::uint64_t stream, ScanMode mode,
                               const std::function<void(double)>& progress) {
  CheckOptions o;
  o.progress = progress;
  if (mode == ScanMode::Paper) {
    draw(d, seed, stream);
    return check_.run(x1(), x2(), o).pass;
  }
  o.riskFirst = true;
  if (c_.split == Split::Asym && c_.proj == Projection::Gauss) {
    // Rows of Y come from their own streams, so drawing them on demand gives the same Y as draw().
    beginLazyDraw(d, seed, stream);
    o.beforeSupportRow = [this](int i) { ensureX1Row(i); };
    o.beforeOffSupport = [this] { ensureAll(); };
  } else {
    draw(d, seed, stream);
  }
  return check_.run(x1(), x2(), o).pass;
}

ScanOutcome scanMinimalWidth(SparseApproximator& approximator, int step, int dcap, int tries, ScanMode mode,
                             std::uint64_t seed, std::uint64_t jobStream, const Progress& progress) {
  ScanOutcome out;
  const int points = dcap / step;
  for (int m = 1; m <= points; ++m) {
    const int d = m * step;
    ++out.gridPoints;
    // Keyed by d itself, so the draws at a given d do not depend on the grid step either.
    const std::uint64_t pointStream = childStream(jobStream, static_cast<std::uint64_t>(d));
    for (int t = 0; t < tries; ++t) {
      ++out.draws;
      const auto report = [&](double f) { progress.step(m - 1 + (t + f) / tries, points); };
      if (approximator.trial(d, seed, childStream(pointStream, static_cast<std::uint64_t>(t)), mode, report)) {
        out.dmin = d;
        progress.step(points, points);
        return out;
      }
    }
    progress.step(m, points);
  }
  out.capped = true;
  return out;
}

int affordableWidth(int n, std::int64_t nonzeros, int step, int dmax, const Construction& c, double budgetBytes) {
  const double base = approximationBytes(n, nonzeros, 0, c, false);
  const double perWidth = approximationBytes(n, nonzeros, 1, c, false) - base;
  if (approximationBytes(n, nonzeros, step, c, false) > budgetBytes) return 0;
  const double widest = std::floor((budgetBytes - base) / perWidth);
  const int cap = static_cast<int>(std::min<double>(dmax, widest));
  return cap / step * step;
}

}  // namespace attnlab
