// SPDX-License-Identifier: Apache-2.0
// Bring-your-own-head validation (docs/theory/rank.md#head-inputs).
#include <cmath>
#include <stdexcept>

#include "numerics/rank/energy.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/rank/head.hpp"
#include "numerics/rank/interaction.hpp"

namespace attnlab {

HeadFormat parseHeadFormat(const std::string& name) {
  if (name == "qk") return HeadFormat::QK;
  if (name == "attn") return HeadFormat::Attention;
  if (name == "logits") return HeadFormat::Logits;
  throw std::invalid_argument("format must be one of qk | attn | logits, got '" + name + "'");
}

namespace {

HeadValidation refuse(const std::string& field, const std::string& message) {
  HeadValidation v;
  v.ok = false;
  v.field = field;
  v.message = message;
  return v;
}

std::string shapeText(int r, int c) { return "(" + std::to_string(r) + ", " + std::to_string(c) + ")"; }

const char* matrixField(HeadFormat f) { return f == HeadFormat::Attention ? "p" : "l"; }

bool allFinite(const std::vector<double>& x) {
  for (double v : x)
    if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace

HeadValidation validateHeadShape(const HeadShape& s, double budgetBytes, int maxTokens) {
  int n = 0;
  if (s.format == HeadFormat::QK) {
    if (s.qRows < 1 || s.qCols < 1)
      return refuse("q", "q must have shape (n, d_h) with n, d_h >= 1, got " + shapeText(s.qRows, s.qCols));
    if (s.kRows != s.qRows || s.kCols != s.qCols)
      return refuse(
          "k", "k must have the shape of q " + shapeText(s.qRows, s.qCols) + ", got " + shapeText(s.kRows, s.kCols));
    if (s.qCols > 4096) return refuse("q", "d_h must be in [1, 4096], got " + std::to_string(s.qCols));
    n = s.qRows;
  } else {
    const char* f = matrixField(s.format);
    if (s.rows < 2 || s.cols != s.rows)
      return refuse(f, std::string(f) + " must be square (n, n) with n >= 2, got " + shapeText(s.rows, s.cols));
    n = s.rows;
  }
  if (n > maxTokens)
    return refuse("n", "n must be in [2, " + std::to_string(maxTokens) + "], got " + std::to_string(n) +
                           "; crop to the real tokens");
  const double bytes = interactionBytes(n, n);
  if (bytes > budgetBytes)
    return refuse("n", "the analysis of n = " + std::to_string(n) + " needs about " + std::to_string(bytes / 1048576) +
                           " MiB, above the budget of " + std::to_string(budgetBytes / 1048576) + " MiB");
  HeadValidation v;
  v.n = n;
  if (n > 512) v.warnings.push_back("n = " + std::to_string(n) + " > 512: the analysis is slow in the browser");
  return v;
}

HeadValidation validateHead(const HeadArrays& h, double budgetBytes, int maxTokens, double rowTolerance) {
  HeadValidation v = validateHeadShape(h.shape, budgetBytes, maxTokens);
  if (!v.ok) return v;
  const HeadShape& s = h.shape;
  if (s.format == HeadFormat::QK) {
    const std::size_t size = static_cast<std::size_t>(s.qRows) * s.qCols;
    if (h.q.size() != size)
      return refuse("q", "q holds " + std::to_string(h.q.size()) + " values, its shape needs " + std::to_string(size));
    if (h.k.size() != size)
      return refuse("k", "k holds " + std::to_string(h.k.size()) + " values, its shape needs " + std::to_string(size));
    if (!allFinite(h.q)) return refuse("q", "q must be finite (no NaN or Inf)");
    if (!allFinite(h.k)) return refuse("k", "k must be finite (no NaN or Inf)");
    if (!std::isfinite(h.scale) || h.scale < 0)
      return refuse("scale", "scale must be finite and > 0 (0 = 1/sqrt(d_h))");
    return v;
  }
  const char* f = matrixField(s.format);
  const std::size_t size = static_cast<std::size_t>(s.rows) * s.cols;
  if (h.matrix.size() != size)
    return refuse(f, std::string(f) + " holds " + std::to_string(h.matrix.size()) + " values, its shape needs " +
                         std::to_string(size));
  if (!allFinite(h.matrix)) return refuse(f, std::string(f) + " must be finite (no NaN or Inf)");
  if (s.format == HeadFormat::Logits) return v;
  for (int i = 0; i < s.rows; ++i) {
    double sum = 0;
    for (int j = 0; j < s.cols; ++j) {
      const double x = h.matrix[static_cast<std::size_t>(i) * s.cols + j];
      if (x < 0)
        return refuse("p", "attention entries must be >= 0, row " + std::to_string(i) + " has " + std::to_string(x));
      if (x < 1e-30) ++v.tinyEntries;
      sum += x;
    }
    if (std::fabs(sum - 1) > rowTolerance)
      return refuse("p", "attention rows must sum to 1 within " + std::to_string(rowTolerance) + ", row " +
                             std::to_string(i) + " sums to " + std::to_string(sum));
  }
  if (v.tinyEntries > 0)
    v.warnings.push_back(std::to_string(v.tinyEntries) +
                         " attention entries < 1e-30 (masking or underflow): the visible rank is unreliable");
  return v;
}

RowMatrix headLogits(const HeadArrays& h, double betaMult) {
  const HeadShape& s = h.shape;
  if (s.format == HeadFormat::QK) {
    const Eigen::Map<const RowMatrix> q(h.q.data(), s.qRows, s.qCols), k(h.k.data(), s.kRows, s.kCols);
    const double scale = h.scale > 0 ? h.scale : 1.0 / std::sqrt(static_cast<double>(s.qCols));
    return bilinearLogits(q, k, betaMult * scale);
  }
  const Eigen::Map<const RowMatrix> m(h.matrix.data(), s.rows, s.cols);
  if (s.format == HeadFormat::Logits) return betaMult * RowMatrix(m);
  RowMatrix p = m;
  p.array().colwise() /= p.rowwise().sum().array();  // renormalise (docs/theory/rank.md#head-inputs)
  return betaMult * centerRows(logitsFromAttention(p));
}

InteractionResult headAnalysis(const HeadArrays& h, double betaMult, const InteractionOptions& options) {
  const HeadShape& s = h.shape;
  if (s.format != HeadFormat::QK || 2 * s.qCols > s.qRows) return interactionAnalysis(headLogits(h, betaMult), options);
  const Eigen::Map<const RowMatrix> q(h.q.data(), s.qRows, s.qCols), k(h.k.data(), s.kRows, s.kCols);
  const double scale = h.scale > 0 ? h.scale : 1.0 / std::sqrt(static_cast<double>(s.qCols));
  return interactionAnalysis(Eigen::MatrixXd(betaMult * scale * q), Eigen::MatrixXd(k), options);
}

HeadEnergy headEnergy(const HeadArrays& h, bool bilinear) {
  const HeadShape& s = h.shape;
  HeadEnergy out;
  if (s.format != HeadFormat::QK) {
    const RowMatrix logits = headLogits(h);
    out.energy90 = rowCentredEnergyRank(logits, kLeeEnergyFraction);
    const double norm = logits.norm();
    if (norm > 0) out.antisymmetry = (0.5 * (logits - logits.transpose())).norm() / norm;
    return out;
  }
  const Eigen::Map<const RowMatrix> q(h.q.data(), s.qRows, s.qCols), k(h.k.data(), s.kRows, s.kCols);
  const Eigen::MatrixXd a = q, b = k;
  out.antisymmetry = productAntisymmetry(a, b);
  out.energy90 = bilinear ? energyRank(productSingularValues(a, b), kLeeEnergyFraction)
                          : rowCentredEnergyRank(a, b, kLeeEnergyFraction);
  return out;
}

}  // namespace attnlab
