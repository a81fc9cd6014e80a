// SPDX-License-Identifier: Apache-2.0
// Register tiles of 4 rows × one 8-column panel (eight 4-lane accumulators), reading the packed panel in order.
// (Tiles of 6 rows ran 6 % slower in V8's wasm code and no faster natively.)
#include "numerics/sparse/float_logits.hpp"

#include <algorithm>

#include "numerics/kernels/vector_lanes.hpp"

namespace attnlab {
namespace {

using Lanes = FloatLanes;
Lanes load(const float* p) { return loadLanes<Lanes>(p); }
void store(float* p, Lanes v) { storeLanes(p, v); }

// Rows r0 .. r0 + R - 1 of G against one panel, into out[r · ldo + 0 .. 7].
template <int R>
void tile(const float* g, int r0, int d, const float* panel, float* out, int ldo) {
  Lanes lo[R], hi[R];
  for (int r = 0; r < R; ++r) lo[r] = hi[r] = Lanes{0, 0, 0, 0};
  for (int k = 0; k < d; ++k) {
    const Lanes x0 = load(panel + k * kFloatPanel), x1 = load(panel + k * kFloatPanel + 4);
    for (int r = 0; r < R; ++r) {
      const float s = g[static_cast<long>(r0 + r) * d + k];
      lo[r] += s * x0;
      hi[r] += s * x1;
    }
  }
  for (int r = 0; r < R; ++r) {
    store(out + static_cast<long>(r) * ldo, lo[r]);
    store(out + static_cast<long>(r) * ldo + 4, hi[r]);
  }
}

}  // namespace

void packFloatPanels(const double* x, long stride, int n, int d, std::vector<float>& panels) {
  const int count = (n + kFloatPanel - 1) / kFloatPanel;
  const std::size_t size = static_cast<std::size_t>(count) * kFloatPanel * d;
  if (panels.size() < size) {  // the old copy goes first: a run's peak memory holds one (approximationBytes)
    std::vector<float>().swap(panels);
    panels.resize(size);
  }
  for (int i = 0; i < count * kFloatPanel; ++i) {
    float* column = panels.data() + static_cast<long>(i / kFloatPanel) * d * kFloatPanel + i % kFloatPanel;
    for (int k = 0; k < d; ++k) column[k * kFloatPanel] = i < n ? static_cast<float>(x[i * stride + k]) : 0.0f;
  }
}

void floatLogitsBlock(const float* g, int count, int d, const float* panels, int width, float* c, int ldc) {
  float last[4 * kFloatPanel];  // a partial last panel's tile, before its valid columns are copied out
  for (int j = 0; j < width; j += kFloatPanel) {
    const float* panel = panels + static_cast<long>(j / kFloatPanel) * d * kFloatPanel;
    const int columns = std::min(kFloatPanel, width - j);
    for (int r = 0; r < count;) {
      const int rows = count - r >= 4 ? 4 : 1;
      float* out = c + static_cast<long>(r) * ldc + j;
      const bool whole = columns == kFloatPanel;
      float* into = whole ? out : last;
      const int ldo = whole ? ldc : kFloatPanel;
      if (rows == 4)
        tile<4>(g, r, d, panel, into, ldo);
      else
        tile<1>(g, r, d, panel, into, ldo);
      if (!whole)
        for (int q = 0; q < rows; ++q) std::copy_n(last + q * kFloatPanel, columns, out + static_cast<long>(q) * ldc);
      r += rows;
    }
  }
}

}  // namespace attnlab
