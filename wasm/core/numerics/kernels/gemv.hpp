// SPDX-License-Identifier: Apache-2.0
#pragma once
// Matrix–vector products in 2-lane vector code (GCC/Clang vector types: wasm SIMD in the browser, where Eigen 3.4 has
// no vector code), each entry summed exactly as Eigen 3.4's scalar product sums it, so the browser's numbers stay
// those of every link. In the wasm build Eigen's own products call these (numerics/kernels/eigen_wasm_kernels.hpp):
//   y += alpha A x, A column-major: blocks of 16 columns (4 when a column exceeds 32000 bytes, one block under 128
//          columns); each block's sum runs from 0 in column order, then y_i = c alpha + y_i;
//   y += alpha A x, A row-major: one sum from 0 in column order per row, then y_i = y_i + alpha c.
// Natively Eigen's SSE2 products sum in other orders; there these run only in the tests.
namespace attnlab {

// y += alpha A x; A rows × cols, column j at a + j · lda; x_j at x[j · incx].
void columnMajorTimesAdd(const double* a, long rows, long cols, long lda, const double* x, long incx, double alpha,
                         double* y);
// y += alpha A x; A rows × cols, row i at a + i · lda; y_i at y[i · incy].
void rowMajorTimesAdd(const double* a, long rows, long cols, long lda, const double* x, double alpha, double* y,
                      long incy);

// s = Aᵀ x, then y = A s (A rows × cols, column j at a + j · lda), both as the two products above compute them into
// zeroed vectors with alpha = 1, so the same bits as Eigen's (s = Aᵀ x; y = A s) in the wasm build, in one pass over
// A: each column block of A s is added while its columns are still in cache (A is read once, not twice).
void gramTimes(const double* a, long rows, long cols, long lda, const double* x, double* scratch, double* y);

}  // namespace attnlab
