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

void columnMajorTimes(const double* a, long rows, long cols, long lda, const double* x, double* y) {
  std::fill(y, y + rows, 0.0);
  const long block = cols < 128 ? cols : (lda * static_cast<long>(sizeof(double)) < 32000 ? 16 : 4);
  for (long j2 = 0; j2 < cols; j2 += block) {
    const long end = std::min(j2 + block, cols);
    long i = 0;
    for (; i + 4 <= rows; i += 4) {
      Pair c0 = {0, 0}, c1 = {0, 0};
      for (long j = j2; j < end; ++j) {
        const double* column = a + j * lda + i;
        c0 = load(column) * x[j] + c0;
        c1 = load(column + 2) * x[j] + c1;
      }
      store(y + i, c0 + load(y + i));
      store(y + i + 2, c1 + load(y + i + 2));
    }
    for (; i < rows; ++i) {
      double c = 0;
      for (long j = j2; j < end; ++j) c = a[j * lda + i] * x[j] + c;
      y[i] = c + y[i];
    }
  }
}

void transposeTimes(const double* a, long rows, long cols, long lda, const double* x, double* y) {
  long j = 0;
  for (; j + 4 <= cols; j += 4) {
    const double *p0 = a + j * lda, *p1 = p0 + lda, *p2 = p1 + lda, *p3 = p2 + lda;
    Pair c01 = {0, 0}, c23 = {0, 0};
    for (long i = 0; i < rows; ++i) {
      c01 = Pair{p0[i], p1[i]} * x[i] + c01;
      c23 = Pair{p2[i], p3[i]} * x[i] + c23;
    }
    y[j] = 0.0 + c01[0];
    y[j + 1] = 0.0 + c01[1];
    y[j + 2] = 0.0 + c23[0];
    y[j + 3] = 0.0 + c23[1];
  }
  for (; j < cols; ++j) {
    double c = 0;
    for (long i = 0; i < rows; ++i) c = a[j * lda + i] * x[i] + c;
    y[j] = 0.0 + c;
  }
}

}  // namespace attnlab
