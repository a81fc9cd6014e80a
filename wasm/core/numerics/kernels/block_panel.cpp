// SPDX-License-Identifier: Apache-2.0
// One lhs row × four rhs columns at a time, as Eigen's scalar kernel: each lane of a 2-lane accumulator is one entry
// and runs that kernel's operations of the entry in order (c = c + a b, no fused multiply–add). One row, not two:
// the extra accumulators of two rows spill registers in V8 (a 512³ product ran at 4.8 G multiply–adds/s with two
// rows, 8.6 with one, 5.4 in Eigen's scalar kernel).
#include "numerics/kernels/block_panel.hpp"

#include "numerics/kernels/vector_lanes.hpp"

namespace attnlab {
namespace {

using Pair = DoubleLanes;
Pair load(const double* p) { return loadLanes<Pair>(p); }
Pair splat(double x) { return Pair{x, x}; }

// Entries (i, j2..j2+3), written at out + col · resStride: row i's values at a, the panel at b.
void panel(double* out, long resStride, const double* a, const double* b, long depth, double alpha) {
  Pair c0 = {0, 0}, c1 = {0, 0}, d0 = {0, 0}, d1 = {0, 0};
  const long peeled = depth & ~7L;
  long k = 0;
  for (; k < peeled; k += 2) {
    const Pair b0 = load(b + 4 * k), b1 = load(b + 4 * k + 2), e0 = load(b + 4 * k + 4), e1 = load(b + 4 * k + 6);
    const Pair even = splat(a[k]);
    c0 = c0 + even * b0;
    c1 = c1 + even * b1;
    const Pair odd = splat(a[k + 1]);
    d0 = d0 + odd * e0;
    d1 = d1 + odd * e1;
  }
  c0 = c0 + d0;
  c1 = c1 + d1;
  for (; k < depth; ++k) {
    const Pair ak = splat(a[k]);
    c0 = c0 + ak * load(b + 4 * k);
    c1 = c1 + ak * load(b + 4 * k + 2);
  }
  out[0] = c0[0] * alpha + out[0];
  out[resStride] = c0[1] * alpha + out[resStride];
  out[2 * resStride] = c1[0] * alpha + out[2 * resStride];
  out[3 * resStride] = c1[1] * alpha + out[3 * resStride];
}

}  // namespace

void blockPanelTimesAdd(double* res, long resStride, const double* blockA, const double* blockB, long rows, long depth,
                        long cols, double alpha, long strideA, long strideB, long offsetA, long offsetB) {
  if (strideA == -1) strideA = depth;
  if (strideB == -1) strideB = depth;
  const long panelCols = (cols / 4) * 4;
  for (long j2 = 0; j2 < panelCols; j2 += 4)  // each panel stays in cache over the rows
    for (long i = 0; i < rows; ++i)
      panel(res + i + j2 * resStride, resStride, blockA + i * strideA + offsetA, blockB + j2 * strideB + offsetB * 4,
            depth, alpha);
  for (long i = 0; i < rows; ++i) {
    const double* a = blockA + i * strideA + offsetA;
    for (long j = panelCols; j < cols; ++j) {
      const double* b = blockB + j * strideB + offsetB;
      double c = 0;
      for (long k = 0; k < depth; ++k) c = c + a[k] * b[k];
      double& out = res[i + j * resStride];
      out = c * alpha + out;
    }
  }
}

}  // namespace attnlab
