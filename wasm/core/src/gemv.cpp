// Four entries at a time in two 2-lane accumulators; each lane runs the scalar operations of its entry in order.
#include "attnlab/gemv.hpp"

#include <algorithm>

#include "attnlab/vector_lanes.hpp"

namespace attnlab {
namespace {

using Pair = DoubleLanes;
Pair load(const double* p) { return loadLanes<Pair>(p); }
void store(double* p, Pair v) { storeLanes(p, v); }

}  // namespace

void columnMajorTimesAdd(const double* a, long rows, long cols, long lda, const double* x, long incx, double alpha,
                         double* y) {
  const long block = cols < 128 ? cols : (lda * static_cast<long>(sizeof(double)) < 32000 ? 16 : 4);
  for (long j2 = 0; j2 < cols; j2 += block) {
    const long end = std::min(j2 + block, cols);
    long i = 0;
    for (; i + 4 <= rows; i += 4) {
      Pair c0 = {0, 0}, c1 = {0, 0};
      for (long j = j2; j < end; ++j) {
        const double* column = a + j * lda + i;
        const double xj = x[j * incx];
        c0 = load(column) * xj + c0;
        c1 = load(column + 2) * xj + c1;
      }
      store(y + i, c0 * alpha + load(y + i));
      store(y + i + 2, c1 * alpha + load(y + i + 2));
    }
    for (; i < rows; ++i) {
      double c = 0;
      for (long j = j2; j < end; ++j) c = a[j * lda + i] * x[j * incx] + c;
      y[i] = c * alpha + y[i];
    }
  }
}

void rowMajorTimesAdd(const double* a, long rows, long cols, long lda, const double* x, double alpha, double* y,
                      long incy) {
  long i = 0;
  for (; i + 4 <= rows; i += 4) {
    const double *p0 = a + i * lda, *p1 = p0 + lda, *p2 = p1 + lda, *p3 = p2 + lda;
    Pair c01 = {0, 0}, c23 = {0, 0};
    for (long j = 0; j < cols; ++j) {
      c01 = Pair{p0[j], p1[j]} * x[j] + c01;
      c23 = Pair{p2[j], p3[j]} * x[j] + c23;
    }
    y[i * incy] += alpha * c01[0];
    y[(i + 1) * incy] += alpha * c01[1];
    y[(i + 2) * incy] += alpha * c23[0];
    y[(i + 3) * incy] += alpha * c23[1];
  }
  for (; i < rows; ++i) {
    double c = 0;
    for (long j = 0; j < cols; ++j) c = a[i * lda + j] * x[j] + c;
    y[i * incy] += alpha * c;
  }
}

}  // namespace attnlab
