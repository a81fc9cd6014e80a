// SPDX-License-Identifier: Apache-2.0
#include "numerics/sparse/pattern.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "lab/params.hpp"
#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

// Log-uniform weight in [1, γ] (docs/theory/sparse.md#dmin-experiment); exactly 1 when γ = 1.
double logUniformWeight(double logGamma, Rng& rng) { return logGamma > 0 ? std::exp(logGamma * rng.uniform()) : 1.0; }

// Rows given as (column, value) lists -> compressed rows sorted by column.
SparsePattern compress(int n, std::vector<std::vector<std::pair<int, double>>>& rows) {
  SparsePattern a;
  a.n = n;
  a.rowStart.assign(n + 1, 0);
  for (int i = 0; i < n; ++i) {
    auto& row = rows[i];
    std::sort(row.begin(), row.end());
    a.rowStart[i + 1] = a.rowStart[i] + static_cast<int>(row.size());
    for (const auto& [j, v] : row) {
      a.cols.push_back(j);
      a.values.push_back(v);
    }
  }
  return a;
}

std::string fmt(double x) { return formatNumber(x); }

}  // namespace

int SparsePattern::measuredK() const {
  std::vector<int> colCount(n, 0);
  int k = 0;
  for (int i = 0; i < n; ++i) k = std::max(k, rowSize(i));
  for (int j : cols) k = std::max(k, ++colCount[j]);
  return k;
}

double SparsePattern::rho() const {
  double r = 0;
  for (int i = 0; i < n; ++i) {
    if (rowSize(i) == 0) continue;
    const auto first = values.begin() + rowStart[i], last = values.begin() + rowStart[i + 1];
    const auto [lo, hi] = std::minmax_element(first, last);
    // log(hi / lo) (the digits golden results pin), or log hi - log lo where the ratio overflows (1e200 / 1e-200).
    const double ratio = *hi / *lo;
    r = std::max(r, std::isfinite(ratio) ? std::log(ratio) : std::log(*hi) - std::log(*lo));
  }
  return r;
}

bool SparsePattern::lowerTriangular() const {
  for (int i = 0; i < n; ++i)
    for (int p = rowStart[i]; p < rowStart[i + 1]; ++p)
      if (cols[p] > i) return false;
  return true;
}

SparsePattern samplePattern(int n, int k, double gamma, bool causal, Rng& rng) {
  const double logGamma = std::log(gamma);
  std::vector<std::vector<std::pair<int, double>>> rows(n);
  if (!causal) {
    std::vector<int> perm(n);
    for (int t = 0; t < k; ++t) {
      std::iota(perm.begin(), perm.end(), 0);
      for (int i = n - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(static_cast<std::uint64_t>(i) + 1)]);
      for (int i = 0; i < n; ++i) {
        const double w = logUniformWeight(logGamma, rng);
        auto& row = rows[i];
        auto hit = std::find_if(row.begin(), row.end(), [&](const auto& e) { return e.first == perm[i]; });
        if (hit != row.end())
          hit->second = w;  // collision: the later permutation overwrites
        else
          row.emplace_back(perm[i], w);
      }
    }
    return compress(n, rows);
  }
  // Causal: `open` lists the earlier columns that can still take a nonzero (fewer than k so far).
  std::vector<int> colCount(n, 0), open, position(n, -1);
  const auto close = [&](int j) {  // swap-remove column j from open
    const int p = position[j];
    position[open.back()] = p;
    open[p] = open.back();
    open.pop_back();
    position[j] = -1;
  };
  std::vector<int> picked;
  for (int i = 0; i < n; ++i) {
    auto& row = rows[i];
    row.emplace_back(i, logUniformWeight(logGamma, rng));
    picked.clear();
    const int want = std::min<int>(k - 1, static_cast<int>(open.size()));
    if (want == static_cast<int>(open.size())) {
      picked = open;
    } else {
      while (static_cast<int>(picked.size()) < want) {  // distinct uniform picks by rejection (want <= 15)
        const int j = open[rng.below(open.size())];
        if (std::find(picked.begin(), picked.end(), j) == picked.end()) picked.push_back(j);
      }
    }
    for (int j : picked) {
      row.emplace_back(j, logUniformWeight(logGamma, rng));
      if (++colCount[j] >= k) close(j);
    }
    colCount[i] = 1;
    if (k > 1) {
      position[i] = static_cast<int>(open.size());
      open.push_back(i);
    }
  }
  return compress(n, rows);
}

SparsePattern patternFromInput(const InputArray& pattern, bool causal) {
  const int n = static_cast<int>(pattern.shape.at(0));
  return patternFromTriplets(pattern.values, n, n, causal);
}

SparsePattern patternFromTriplets(const std::vector<double>& t, int minSize, int maxSize, bool causal) {
  if (t.empty()) throw ParamError("upload: the file holds no entries (expected triplets i, j, value)");
  if (t.size() % 3 != 0)
    throw ParamError("upload: expected triplets i, j, value but got " + std::to_string(t.size()) +
                     " numbers (not a multiple of 3)");
  const std::size_t count = t.size() / 3;
  const auto where = [](std::size_t q) {
    return "upload triplet " + std::to_string(q + 1) + " (line " + std::to_string(q + 1) + "): ";
  };
  int size = minSize;
  for (std::size_t q = 0; q < count; ++q) {
    for (int c = 0; c < 2; ++c) {
      const double x = t[3 * q + c];
      const char* name = c == 0 ? "row index i" : "column index j";
      if (!std::isfinite(x) || x != std::floor(x) || x < 0)
        throw ParamError(where(q) + name + " = " + fmt(x) + " must be an integer >= 0 (indices are 0-based)");
      if (x >= maxSize)
        throw ParamError(where(q) + name + " = " + fmt(x) + " is outside [0, " + std::to_string(maxSize) +
                         ") (patterns are at most " + std::to_string(maxSize) + " × " + std::to_string(maxSize) + ")");
      size = std::max(size, static_cast<int>(x) + 1);
    }
    const double v = t[3 * q + 2];
    if (!std::isfinite(v) || v < 0) throw ParamError(where(q) + "value " + fmt(v) + " must be finite and >= 0");
    if (causal && t[3 * q + 1] > t[3 * q] && v > 0)
      throw ParamError(where(q) + "entry (" + fmt(t[3 * q]) + ", " + fmt(t[3 * q + 1]) +
                       ") lies above the diagonal, but causal = 1 needs a lower-triangular pattern");
  }
  // Repeated (i, j), zeros included, are refused: sort the triplet numbers by position, compare neighbours.
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto key = [&](std::size_t q) { return std::make_pair(t[3 * q], t[3 * q + 1]); };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return key(x) < key(y); });
  for (std::size_t r = 1; r < count; ++r)
    if (key(order[r]) == key(order[r - 1]))
      throw ParamError(where(order[r]) + "entry (" + fmt(t[3 * order[r]]) + ", " + fmt(t[3 * order[r] + 1]) +
                       ") repeats upload triplet " + std::to_string(order[r - 1] + 1));
  std::vector<std::vector<std::pair<int, double>>> rows(size);
  for (std::size_t q = 0; q < count; ++q)
    if (t[3 * q + 2] > 0) rows[static_cast<int>(t[3 * q])].emplace_back(static_cast<int>(t[3 * q + 1]), t[3 * q + 2]);
  for (int i = 0; i < size; ++i)
    if (rows[i].empty())
      throw ParamError("upload: row " + std::to_string(i) + " of the " + std::to_string(size) + " × " +
                       std::to_string(size) + " pattern has no nonzero entry (every row needs at least one)");
  return compress(size, rows);
}

std::vector<double> logOffsetValues(const SparsePattern& a, double delta) {
  std::vector<double> b(a.values.size());
  for (int i = 0; i < a.n; ++i) {
    const auto first = a.values.begin() + a.rowStart[i], last = a.values.begin() + a.rowStart[i + 1];
    if (first == last) continue;
    const double logMin = std::log(*std::min_element(first, last));
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) b[p] = std::log(a.values[p]) - logMin + delta;
  }
  return b;
}

std::vector<double> normalisedRow(const SparsePattern& a, int i) {
  std::vector<double> row(a.n, 0.0);
  double sum = 0;
  for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) sum += a.values[p];
  for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) row[a.cols[p]] = a.values[p] / sum;
  return row;
}

}  // namespace attnlab
