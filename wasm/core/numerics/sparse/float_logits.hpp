// SPDX-License-Identifier: Apache-2.0
#pragma once
// The float32 logits of the log-domain check's screening pass (sparse/check.cpp): C = G Xᵀ for a block of rows.
// Only each row's pass/fail is read from them, decided with a margin that bounds the float32 error of a length-d
// dot product in any summation order ((d + 2) u |x| |y|), or recomputed in double near the threshold, so the
// kernel sums in its own order: four lanes at a time (GCC/Clang vector types: SSE natively, wasm SIMD in the
// browser, where Eigen 3.4 has no vector code and this product was half of paper 1's run time).
#include <vector>

namespace attnlab {

constexpr int kFloatPanel = 8;  // columns of C per panel of the packed Xᵀ

// X (n × d, row i at x + i · stride) as float32 panels of Xᵀ: panel p holds X's rows 8p .. 8p + 7, k-major
// (panels[(p · d + k) · 8 + l] = X[8p + l][k]), zeros past row n, in the first ⌈n / 8⌉ · 8 · d entries of
// `panels` (grown when smaller, never shrunk: the check packs a new X for every width d it tries).
void packFloatPanels(const double* x, long stride, int n, int d, std::vector<float>& panels);

// c[r · ldc + j] = Σ_k g[r · d + k] · X[j][k] for r < count, j < width (≤ n of the packed X); g is count × d,
// row-major. Nothing is written past column width.
void floatLogitsBlock(const float* g, int count, int d, const float* panels, int width, float* c, int ldc);

}  // namespace attnlab
