// SPDX-License-Identifier: Apache-2.0
// Validation of a user-supplied head (docs/theory/rank.md#head-inputs) on plain row-major arrays, after a parser has
// read them: Q and K, an attention matrix, or logits. Errors are values (field + reason), never throws.
#pragma once
#include <string>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "numerics/rank/interaction.hpp"

namespace attnlab {

enum class HeadFormat { QK, Attention, Logits };
HeadFormat parseHeadFormat(const std::string& name);  // qk | attn | logits; throws std::invalid_argument

// Claimed shapes, checked before anything is allocated (a truncated or oversized upload is refused here).
struct HeadShape {
  HeadFormat format = HeadFormat::QK;
  int qRows = 0, qCols = 0, kRows = 0, kCols = 0;  // qk: (n, d_h) each
  int rows = 0, cols = 0;                          // attn / logits: (n, n)
};

struct HeadArrays {
  HeadShape shape;
  std::vector<double> q, k;    // row-major, qRows·qCols and kRows·kCols values (qk)
  std::vector<double> matrix;  // row-major P or L, rows·cols values (attn, logits)
  double scale = 0;            // qk: L = betaMult·scale·Q K^T; 0 = 1/sqrt(d_h) (docs/theory/rank.md#head-inputs)
};

struct HeadValidation {
  bool ok = true;
  std::string field;                  // the offending field ("q", "k", "p", "l", "n", "scale") when !ok
  std::string message;                // the reason, naming the allowed range
  std::vector<std::string> warnings;  // n > 512; attention entries < 1e-30 (masks or underflow)
  int n = 0;                          // tokens
  int tinyEntries = 0;
};

constexpr int kMaxHeadTokens = 1024;  // docs/theory/rank.md#head-inputs: n <= 1024, warning above 512

// Shapes only: agreement, 1 <= n <= maxTokens, and the analysis' bytes (interactionBytes) <= budgetBytes.
HeadValidation validateHeadShape(const HeadShape& shape, double budgetBytes, int maxTokens = kMaxHeadTokens);
// Shapes, then values: sizes match the shapes, all finite, attention entries >= 0 with rows summing to
// 1 within rowTolerance (docs/theory/rank.md#head-inputs: 1e-3), scale finite and > 0 (or 0 = default).
HeadValidation validateHead(const HeadArrays& head, double budgetBytes, int maxTokens = kMaxHeadTokens,
                            double rowTolerance = 1e-3);

// Logits of a validated head at temperature betaMult (docs/theory/rank.md#head-inputs): qk -> betaMult·scale·Q K^T;
// attn -> rows renormalised, L = betaMult·centred log P (docs/theory/rank.md#interaction-pipeline); logits ->
// betaMult·L.
RowMatrix headLogits(const HeadArrays& head, double betaMult = 1);
// interactionAnalysis of headLogits(head, betaMult); a Q/K head with at most half as many columns as rows (n tokens
// and d_h <= n/2, or a bilinear form W_Qᵀ W_K over the hidden size) through its factors, O(n d_h²) instead of O(n³).
InteractionResult headAnalysis(const HeadArrays& head, double betaMult, const InteractionOptions& options);

// Lee's measures of a validated head (numerics/rank/energy.hpp): energy90 of its row-centred logits, or, when the
// head is a bilinear form (a model's W_Qᵀ W_K, Q and K over the residual stream's basis), of the form itself, with its
// antisymmetric share. Scale-free: the temperature changes neither.
struct HeadEnergy {
  int energy90 = 0;
  double antisymmetry = 0;  // ‖(M − Mᵀ)/2‖_F / ‖M‖_F of Q Kᵀ (bilinear forms; for tokens of the logits)
};
HeadEnergy headEnergy(const HeadArrays& head, bool bilinear);

}  // namespace attnlab
