// SPDX-License-Identifier: Apache-2.0
// Each lane of a 2-lane accumulator is one entry and runs the scalar operations of that entry in order. Many entries
// at a time (16 rows of A x, 8 of a row-major A x): each entry's sum is one chain of dependent additions, and only
// several chains side by side keep V8's adds busy (with 4 entries these ran slower than Eigen's scalar 8).
#include "numerics/kernels/gemv.hpp"

#include <algorithm>

#include "numerics/kernels/vector_lanes.hpp"

namespace attnlab {
namespace {

using Pair = DoubleLanes;
Pair load(const double* p) { return loadLanes<Pair>(p); }
void store(double* p, Pair v) { storeLanes(p, v); }

// Rows i..i+2·Pairs-1 of one column block of y += alpha A x.
template <int Pairs>
void columnBlock(const double* a, long lda, long j2, long end, const double* x, long incx, double alpha, double* y) {
  Pair c[Pairs] = {};
  for (long j = j2; j < end; ++j) {
    const double* column = a + j * lda;
    const double xj = x[j * incx];
    for (int p = 0; p < Pairs; ++p) c[p] = load(column + 2 * p) * xj + c[p];
  }
  for (int p = 0; p < Pairs; ++p) store(y + 2 * p, c[p] * alpha + load(y + 2 * p));
}

}  // namespace

namespace {

// One column block [j2, end) of y += alpha A x, in Eigen's order (each entry's block sum from 0, then c alpha + y).
void columnBlockTimesAdd(const double* a, long rows, long lda, long j2, long end, const double* x, long incx,
                         double alpha, double* y) {
  long i = 0;
  for (; i + 16 <= rows; i += 16) columnBlock<8>(a + i, lda, j2, end, x, incx, alpha, y + i);
  for (; i + 4 <= rows; i += 4) columnBlock<2>(a + i, lda, j2, end, x, incx, alpha, y + i);
  for (; i < rows; ++i) {
    double c = 0;
    for (long j = j2; j < end; ++j) c = a[j * lda + i] * x[j * incx] + c;
    y[i] = c * alpha + y[i];
  }
}

long columnBlockWidth(long cols, long lda) {
  return cols < 128 ? cols : (lda * static_cast<long>(sizeof(double)) < 32000 ? 16 : 4);
}

}  // namespace

void columnMajorTimesAdd(const double* a, long rows, long cols, long lda, const double* x, long incx, double alpha,
                         double* y) {
  const long block = columnBlockWidth(cols, lda);
  for (long j2 = 0; j2 < cols; j2 += block)
    columnBlockTimesAdd(a, rows, lda, j2, std::min(j2 + block, cols), x, incx, alpha, y);
}

void gramTimes(const double* a, long rows, long cols, long lda, const double* x, double* scratch, double* y) {
  std::fill(scratch, scratch + cols, 0.0);
  std::fill(y, y + rows, 0.0);
  const long block = columnBlockWidth(cols, lda);
  for (long j2 = 0; j2 < cols; j2 += block) {  // the block's columns are still in cache for its share of A s
    const long end = std::min(j2 + block, cols);
    rowMajorTimesAdd(a + j2 * lda, end - j2, rows, lda, x, 1.0, scratch + j2, 1);
    columnBlockTimesAdd(a, rows, lda, j2, end, scratch, 1, 1.0, y);
  }
}

void rowMajorTimesAdd(const double* a, long rows, long cols, long lda, const double* x, double alpha, double* y,
                      long incy) {
  long i = 0;
  for (; i + 8 <= rows; i += 8) {  // lanes: rows (i, i+1), (i+2, i+3), ...; two columns a step, in order
    const double* r = a + i * lda;
    Pair c[4] = {};
    long j = 0;
    for (; j + 2 <= cols; j += 2) {
      const Pair xj = Pair{x[j], x[j]}, xk = Pair{x[j + 1], x[j + 1]};
      for (int p = 0; p < 4; ++p) {
        const Pair top = load(r + 2 * p * lda + j), bottom = load(r + (2 * p + 1) * lda + j);
        c[p] = Pair{top[0], bottom[0]} * xj + c[p];
        c[p] = Pair{top[1], bottom[1]} * xk + c[p];
      }
    }
    if (j < cols)
      for (int p = 0; p < 4; ++p) c[p] = Pair{r[2 * p * lda + j], r[(2 * p + 1) * lda + j]} * x[j] + c[p];
    for (int p = 0; p < 4; ++p) {
      y[(i + 2 * p) * incy] += alpha * c[p][0];
      y[(i + 2 * p + 1) * incy] += alpha * c[p][1];
    }
  }
  for (; i < rows; ++i) {
    double c = 0;
    for (long j = 0; j < cols; ++j) c = a[i * lda + j] * x[j] + c;
    y[i * incy] += alpha * c;
  }
}

}  // namespace attnlab
