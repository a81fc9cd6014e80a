// SPDX-License-Identifier: Apache-2.0
// Eigen's scalar double kernels in the wasm build, as the vector kernels that sum in their order
// (numerics/kernels/eigen_wasm_kernels.hpp). Nothing here natively.
#include "numerics/kernels/eigen_wasm_kernels.hpp"

#if defined(__wasm__)
#include "numerics/kernels/block_panel.hpp"
#include "numerics/kernels/gemv.hpp"

namespace Eigen {
namespace internal {

namespace {
using ColMapper = const_blas_data_mapper<double, Index, ColMajor>;
using RowMapper = const_blas_data_mapper<double, Index, RowMajor>;
}  // namespace

template <>
void general_matrix_vector_product<Index, double, ColMapper, ColMajor, false, double, ColMapper, false, 0>::run(
    Index rows, Index cols, const ColMapper& lhs, const ColMapper& rhs, double* res, Index, double alpha) {
  attnlab::columnMajorTimesAdd(lhs.data(), rows, cols, lhs.stride(), rhs.data(), 1, alpha, res);
}

template <>
void general_matrix_vector_product<Index, double, ColMapper, ColMajor, false, double, RowMapper, false, 0>::run(
    Index rows, Index cols, const ColMapper& lhs, const RowMapper& rhs, double* res, Index, double alpha) {
  attnlab::columnMajorTimesAdd(lhs.data(), rows, cols, lhs.stride(), rhs.data(), rhs.stride(), alpha, res);
}

template <>
void general_matrix_vector_product<Index, double, RowMapper, RowMajor, false, double, ColMapper, false, 0>::run(
    Index rows, Index cols, const RowMapper& lhs, const ColMapper& rhs, double* res, Index resIncr, double alpha) {
  attnlab::rowMajorTimesAdd(lhs.data(), rows, cols, lhs.stride(), rhs.data(), alpha, res, resIncr);
}

template <>
void gebp_kernel<double, double, Index, blas_data_mapper<double, Index, ColMajor, Unaligned, 1>, 1, 4, false,
                 false>::operator()(const blas_data_mapper<double, Index, ColMajor, Unaligned, 1>& res,
                                    const double* blockA, const double* blockB, Index rows, Index depth, Index cols,
                                    double alpha, Index strideA, Index strideB, Index offsetA, Index offsetB) {
  attnlab::blockPanelTimesAdd(&res(0, 0), res.stride(), blockA, blockB, rows, depth, cols, alpha, strideA, strideB,
                              offsetA, offsetB);
}

}  // namespace internal
}  // namespace Eigen
#endif
