#pragma once
// Matrix–vector products of a column-major matrix in 2-lane vector code (GCC/Clang vector types: wasm SIMD in the
// browser, where Eigen 3.4 has no vector code and these products are most of paper 2's Lanczos runs), each entry
// summed exactly as Eigen 3.4's scalar product sums it, so the browser's numbers stay those of every link:
//   A x:   blocks of 16 columns (4 when a column exceeds 32000 bytes, one block when there are under 128 columns);
//          each block's sum runs from 0 in column order and is added to the entry;
//   Aᵀ x:  one sum from 0 in row order.
// Natively Eigen sums Aᵀ x in vector partial sums (SSE2): its callers use these only in wasm (rmt/simulation_spectrum.cpp).
namespace attnlab {

// y = A x, A rows × cols, column j at a + j · lda (rows ≥ 2: Eigen takes one row as a dot product).
void columnMajorTimes(const double* a, long rows, long cols, long lda, const double* x, double* y);
// y = Aᵀ x, A rows × cols, column j at a + j · lda (cols ≥ 2).
void transposeTimes(const double* a, long rows, long cols, long lda, const double* x, double* y);

}  // namespace attnlab
