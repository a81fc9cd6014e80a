// SPDX-License-Identifier: Apache-2.0
#pragma once
// The inner kernel of a matrix product (Eigen 3.4's gebp_kernel with one lhs row and four rhs columns at a time, what
// its scalar build uses) in 2-lane vector code, each entry summed exactly as that scalar kernel sums it, so the
// browser's numbers stay those of every link. In the wasm build Eigen's own products call it
// (numerics/kernels/eigen_wasm_kernels.hpp); natively Eigen's SSE2 kernel sums in another order and this runs only in
// the tests.
//
// Packed operands as Eigen packs them: row i of the lhs block at blockA + i · strideA + offsetA (depth values); the
// rhs in panels of four columns, column j2..j2+3 at blockB + j2 · strideB + offsetB · 4, four values per step k; each
// column past the last whole panel at blockB + j · strideB + offsetB. For entry (i, j) of a whole panel: steps k of
// depth & ~7 alternate between two sums from 0 (even k, odd k), which are added, then the remaining steps; of a
// column past the panels: one sum from 0. Then res(i, j) = c alpha + res(i, j); res(i, j) at res + i + j · resStride.
namespace attnlab {

void blockPanelTimesAdd(double* res, long resStride, const double* blockA, const double* blockB, long rows, long depth,
                        long cols, double alpha, long strideA, long strideB, long offsetA, long offsetB);

}  // namespace attnlab
