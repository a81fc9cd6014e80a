// SPDX-License-Identifier: Apache-2.0
#pragma once
// In the wasm build, Eigen 3.4's scalar double kernels (it has no wasm vector code) are replaced by the same sums in
// 2-lane vector code (numerics/kernels/gemv.hpp, numerics/kernels/block_panel.hpp): explicit specialisations of the
// kernels' entry points for double with Eigen::Index, defined in eigen_wasm_kernels.cpp. Every wasm translation unit
// sees them before any product (CMakeLists.txt passes this header with -include), so every Eigen product in the browser
// uses them and gives the bits it gave before. Natively nothing changes (Eigen's SSE2 kernels).
#if defined(__wasm__)
#include <Eigen/Core>

namespace Eigen {
namespace internal {

// y += alpha A x, A column-major (x possibly strided).
template <>
void general_matrix_vector_product<Index, double, const_blas_data_mapper<double, Index, ColMajor>, ColMajor, false,
                                   double, const_blas_data_mapper<double, Index, ColMajor>, false,
                                   0>::run(Index rows, Index cols,
                                           const const_blas_data_mapper<double, Index, ColMajor>& lhs,
                                           const const_blas_data_mapper<double, Index, ColMajor>& rhs, double* res,
                                           Index resIncr, double alpha);
template <>
void general_matrix_vector_product<Index, double, const_blas_data_mapper<double, Index, ColMajor>, ColMajor, false,
                                   double, const_blas_data_mapper<double, Index, RowMajor>, false,
                                   0>::run(Index rows, Index cols,
                                           const const_blas_data_mapper<double, Index, ColMajor>& lhs,
                                           const const_blas_data_mapper<double, Index, RowMajor>& rhs, double* res,
                                           Index resIncr, double alpha);
// y += alpha A x, A row-major.
template <>
void general_matrix_vector_product<Index, double, const_blas_data_mapper<double, Index, RowMajor>, RowMajor, false,
                                   double, const_blas_data_mapper<double, Index, ColMajor>, false,
                                   0>::run(Index rows, Index cols,
                                           const const_blas_data_mapper<double, Index, RowMajor>& lhs,
                                           const const_blas_data_mapper<double, Index, ColMajor>& rhs, double* res,
                                           Index resIncr, double alpha);
// The matrix product's block-panel kernel (one lhs row, four rhs columns).
template <>
void gebp_kernel<double, double, Index, blas_data_mapper<double, Index, ColMajor, Unaligned, 1>, 1, 4, false,
                 false>::operator()(const blas_data_mapper<double, Index, ColMajor, Unaligned, 1>& res,
                                    const double* blockA, const double* blockB, Index rows, Index depth, Index cols,
                                    double alpha, Index strideA, Index strideB, Index offsetA, Index offsetB);

}  // namespace internal
}  // namespace Eigen
#endif
