// attnlab/gemv.hpp: each entry the same bits as the scalar order it documents (Eigen 3.4's scalar products), on
// shapes with every leftover, the three column blockings (one block under 128 columns, 16 columns, 4 when a column
// exceeds 32000 bytes) and a leading dimension wider than the rows; in the wasm build, where Eigen runs scalar
// code, also the same bits as Eigen's own products (what paper 2's Lanczos operator computed before).
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cstring>
#include <vector>

#include "attnlab/gemv.hpp"
#include "attnlab/rng.hpp"

namespace {

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

}  // namespace

TEST_CASE("gemv: A x and Aᵀ x sum each entry in Eigen's scalar order, bit for bit", "[kernels][rmt]") {
  attnlab::Rng rng(5, attnlab::NormalMethod::Ziggurat);
  struct Shape { long rows, cols, lda; };
  for (const Shape s : {Shape{2, 2, 2}, Shape{3, 7, 5}, Shape{5, 130, 5}, Shape{8, 200, 9}, Shape{67, 129, 70},
                        Shape{9, 150, 4001}, Shape{4, 3, 4}}) {
    std::vector<double> a(static_cast<std::size_t>(s.lda * s.cols)), xc(s.cols), xr(s.rows);
    for (double& v : a) v = rng.normal();
    for (double& v : xc) v = rng.normal();
    for (double& v : xr) v = rng.normal();
    // A x: blocks of columns, each summed from 0 and added to the entry.
    const long block = s.cols < 128 ? s.cols : (s.lda * 8 < 32000 ? 16 : 4);
    std::vector<double> ax(s.rows, 0.0), atx(s.cols), y(s.rows), yt(s.cols);
    for (long j2 = 0; j2 < s.cols; j2 += block)
      for (long i = 0; i < s.rows; ++i) {
        double c = 0;
        for (long j = j2; j < std::min(j2 + block, s.cols); ++j) c = a[j * s.lda + i] * xc[j] + c;
        ax[i] = c + ax[i];
      }
    for (long j = 0; j < s.cols; ++j) {
      double c = 0;
      for (long i = 0; i < s.rows; ++i) c = a[j * s.lda + i] * xr[i] + c;
      atx[j] = 0.0 + c;
    }
    attnlab::columnMajorTimes(a.data(), s.rows, s.cols, s.lda, xc.data(), y.data());
    attnlab::transposeTimes(a.data(), s.rows, s.cols, s.lda, xr.data(), yt.data());
    INFO("rows " << s.rows << ", cols " << s.cols << ", lda " << s.lda);
    CHECK(sameBits(y, ax));
    CHECK(sameBits(yt, atx));
#if defined(__wasm__)
    const Eigen::Map<const Eigen::MatrixXd, 0, Eigen::OuterStride<>> A(a.data(), s.rows, s.cols, Eigen::OuterStride<>(s.lda));
    Eigen::VectorXd e(s.rows), et(s.cols);
    e.noalias() = A * Eigen::Map<const Eigen::VectorXd>(xc.data(), s.cols);
    et.noalias() = A.transpose() * Eigen::Map<const Eigen::VectorXd>(xr.data(), s.rows);
    CHECK(sameBits(y, std::vector<double>(e.data(), e.data() + s.rows)));
    CHECK(sameBits(yt, std::vector<double>(et.data(), et.data() + s.cols)));
#endif
  }
}
