// SPDX-License-Identifier: Apache-2.0
#include "float_product.hpp"

#include "attnlab/vector_lanes.hpp"

namespace attnlab::model {
namespace {

float sumLanes(FloatLanes v) { return (v[0] + v[1]) + (v[2] + v[3]); }

// Rows r0..r0+R of a (tokens) against rows c0..c0+C of b (outputs), over k = 0..depth (a multiple of 4 is summed in
// lanes, the rest one by one): R × C dot products held in registers.
template <int R, int C>
void tile(const RowMatrixF& a, const RowMatrixF& b, Eigen::Index r0, Eigen::Index c0, Eigen::MatrixXd& out) {
  const Eigen::Index depth = a.cols(), vec = depth - depth % 4;
  FloatLanes acc[R][C] = {};
  for (Eigen::Index k = 0; k < vec; k += 4) {
    FloatLanes bv[C];
    for (int j = 0; j < C; ++j) bv[j] = loadLanes<FloatLanes>(&b(c0 + j, k));
    for (int i = 0; i < R; ++i) {
      const FloatLanes av = loadLanes<FloatLanes>(&a(r0 + i, k));
      for (int j = 0; j < C; ++j) acc[i][j] += av * bv[j];
    }
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      float s = sumLanes(acc[i][j]);
      for (Eigen::Index k = vec; k < depth; ++k) s += a(r0 + i, k) * b(c0 + j, k);
      out(r0 + i, c0 + j) = static_cast<double>(s);
    }
}

}  // namespace

Eigen::MatrixXd floatProductTransposed(const Eigen::MatrixXd& x, const RowMatrixF& b) {
  const RowMatrixF a = x.cast<float>();
  const Eigen::Index rows = a.rows(), cols = b.rows();
  Eigen::MatrixXd out(rows, cols);
  const Eigen::Index rowsMain = rows - rows % 4, colsMain = cols - cols % 4;
  for (Eigen::Index r = 0; r < rowsMain; r += 4) {
    for (Eigen::Index c = 0; c < colsMain; c += 4) tile<4, 4>(a, b, r, c, out);
    for (Eigen::Index c = colsMain; c < cols; ++c) tile<4, 1>(a, b, r, c, out);
  }
  for (Eigen::Index r = rowsMain; r < rows; ++r) {
    for (Eigen::Index c = 0; c < colsMain; c += 4) tile<1, 4>(a, b, r, c, out);
    for (Eigen::Index c = colsMain; c < cols; ++c) tile<1, 1>(a, b, r, c, out);
  }
  return out;
}

}  // namespace attnlab::model
