// SPDX-License-Identifier: Apache-2.0
#include "numerics/kernels/float_product.hpp"

#include "numerics/kernels/vector_lanes.hpp"

#include <algorithm>
#include <vector>

namespace attnlab::model {
namespace {

float sumLanes(FloatLanes v) { return (v[0] + v[1]) + (v[2] + v[3]); }

// The inner dimension is walked in blocks of this many floats, so that a block of the activations (tokens × 1 KB) stays
// in the core's second-level cache and four weight rows' block in the first while every token passes over them.
constexpr Eigen::Index kBlock = 256;

// R rows of a (tokens, from `a`) against C rows of b (outputs, from `b`), both `stride` floats apart, over k0..k1
// (multiples of 4): adds to the R × C lane accumulators `acc` (row-major), which hold each dot product's four partial
// sums between blocks. Each accumulator's lanes add their products in increasing k, whatever the blocking: one fixed
// order, the same bits. 2 × 4 keeps the eight accumulators and four weight vectors in registers (16 vector registers in
// SSE and wasm).
template <int R, int C>
void tile(const float* a, const float* b, Eigen::Index stride, Eigen::Index k0, Eigen::Index k1, FloatLanes* acc) {
  FloatLanes sum[R][C];
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) sum[i][j] = acc[i * C + j];
  for (Eigen::Index k = k0; k < k1; k += 4) {
    FloatLanes bv[C];
    for (int j = 0; j < C; ++j) bv[j] = loadLanes<FloatLanes>(b + j * stride + k);
    for (int i = 0; i < R; ++i) {
      const FloatLanes av = loadLanes<FloatLanes>(a + i * stride + k);
      for (int j = 0; j < C; ++j) sum[i][j] += av * bv[j];
    }
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) acc[i * C + j] = sum[i][j];
}

// Columns c0..c0+C of the product, every row: the blocks of k in order, then the lanes summed and the tail (depth not
// a multiple of 4) added one by one.
template <int C>
void columns(const RowMatrixF& a, const RowMatrixF& b, Eigen::Index c0, std::vector<FloatLanes>& acc,
             Eigen::MatrixXd& out) {
  const Eigen::Index rows = a.rows(), depth = a.cols(), vec = depth - depth % 4, rowsMain = rows - rows % 2;
  std::fill(acc.begin(), acc.end(), FloatLanes{0, 0, 0, 0});
  for (Eigen::Index k0 = 0; k0 < vec; k0 += kBlock) {
    const Eigen::Index k1 = std::min(vec, k0 + kBlock);
    for (Eigen::Index r = 0; r < rowsMain; r += 2) tile<2, C>(&a(r, 0), &b(c0, 0), depth, k0, k1, &acc[r * C]);
    for (Eigen::Index r = rowsMain; r < rows; ++r) tile<1, C>(&a(r, 0), &b(c0, 0), depth, k0, k1, &acc[r * C]);
  }
  for (Eigen::Index r = 0; r < rows; ++r)
    for (int j = 0; j < C; ++j) {
      float s = sumLanes(acc[r * C + j]);
      for (Eigen::Index k = vec; k < depth; ++k) s += a(r, k) * b(c0 + j, k);
      out(r, c0 + j) = static_cast<double>(s);
    }
}

}  // namespace

Eigen::MatrixXd floatProductTransposed(const Eigen::MatrixXd& x, const RowMatrixF& b) {
  const RowMatrixF a = x.cast<float>();
  const Eigen::Index cols = b.rows(), colsMain = cols - cols % 4;
  Eigen::MatrixXd out(a.rows(), cols);
  std::vector<FloatLanes> acc(static_cast<std::size_t>(a.rows()) * 4);
  for (Eigen::Index c = 0; c < colsMain; c += 4) columns<4>(a, b, c, acc, out);
  for (Eigen::Index c = colsMain; c < cols; ++c) columns<1>(a, b, c, acc, out);
  return out;
}

}  // namespace attnlab::model
