// SPDX-License-Identifier: Apache-2.0
// The forward pass's float products (numerics/kernels/float_product.hpp): whatever the blocking and tiling, each output
// is one fixed sum (four float lanes over k in increasing order, the lanes added pairwise, then the depth's remainder
// one by one), so the bits never depend on the shape's split into tiles and blocks, natively or in wasm. Checked
// against that sum written out plainly, on shapes that exercise every edge (rows and outputs not multiples of the
// tile, depth above the block and not a multiple of four), and against the double product to float's precision.
#include <catch2/catch.hpp>

#include <cmath>

#include "numerics/kernels/float_product.hpp"
#include "model/streamed_pass.hpp"

using namespace attnlab::model;

namespace {

// The defining sum of one output, the slow way.
double plainSum(const RowMatrixF& a, const RowMatrixF& b, Eigen::Index r, Eigen::Index c) {
  const Eigen::Index depth = a.cols(), vec = depth - depth % 4;
  float lane[4] = {0, 0, 0, 0};
  for (Eigen::Index k = 0; k < vec; k += 4)
    for (int l = 0; l < 4; ++l) {
      const float product = a(r, k + l) * b(c, k + l);  // rounded to float before the add, as the lanes do
      lane[l] += product;
    }
  float s = (lane[0] + lane[1]) + (lane[2] + lane[3]);
  for (Eigen::Index k = vec; k < depth; ++k) {
    const float product = a(r, k) * b(c, k);
    s += product;
  }
  return static_cast<double>(s);
}

}  // namespace

TEST_CASE("float products are the one fixed sum per output, for every tiling edge", "[model][float-product]") {
  const std::vector<std::array<int, 3>> shapes = {{1, 3, 1},    {3, 5, 7},    {2, 4, 4},       {7, 64, 9},
                                                  {5, 1030, 6}, {9, 257, 13}, {131, 770, 101}, {4, 512, 8}};
  for (const auto& [rows, depth, outputs] : shapes) {
    Eigen::MatrixXd x(rows, depth);
    for (Eigen::Index i = 0; i < x.size(); ++i) x(i) = std::sin(0.7 * static_cast<double>(i) + 0.3);
    RowMatrixF w(outputs, depth);
    for (Eigen::Index i = 0; i < w.size(); ++i) w(i) = static_cast<float>(std::cos(0.31 * static_cast<double>(i)));
    const Eigen::MatrixXd y = floatProductTransposed(x, w);
    REQUIRE(y.rows() == rows);
    REQUIRE(y.cols() == outputs);
    const RowMatrixF a = x.cast<float>();
    const Eigen::MatrixXd exact = x * w.cast<double>().transpose();
    for (Eigen::Index r = 0; r < rows; ++r)
      for (Eigen::Index c = 0; c < outputs; ++c) {
        INFO("shape " << rows << "×" << depth << "·" << outputs << " at (" << r << ", " << c << ")");
        REQUIRE(y(r, c) == plainSum(a, w, r, c));  // bit for bit
        REQUIRE(std::abs(y(r, c) - exact(r, c)) <= 1e-5 * (1 + std::sqrt(static_cast<double>(depth))));
      }
  }
}

TEST_CASE("the warm-up runs the kernels and gives a finite sum", "[model][float-product]") {
  const double sum = warmUp();
  REQUIRE(std::isfinite(sum));
  REQUIRE(warmUp() == sum);  // deterministic: it reads nothing
}
