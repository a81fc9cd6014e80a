// SPDX-License-Identifier: Apache-2.0
// numerics/kernels/gemv.hpp and numerics/kernels/block_panel.hpp: each entry the same bits as the scalar order they
// document (Eigen 3.4's scalar kernels), on shapes with every leftover, every column blocking, strides, alpha and a
// nonzero result to add to. In the wasm build, where Eigen's products of Eigen::Index call these kernels
// (numerics/kernels/eigen_wasm_kernels.hpp), also the same bits as Eigen's own scalar kernels (instantiated with int
// indices, which nothing replaces), and whole products A B against Eigen's own scalar product with its blocking.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cstring>
#include <vector>

#include "numerics/kernels/block_panel.hpp"
#include "numerics/kernels/gemv.hpp"
#include "numerics/shared/rng.hpp"

namespace {

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::vector<double> normals(attnlab::Rng& rng, long size) {
  std::vector<double> v(static_cast<std::size_t>(size));
  for (double& x : v) x = rng.normal();
  return v;
}

}  // namespace

TEST_CASE("gemv: A x for column- and row-major A, each entry in Eigen's scalar order, bit for bit", "[kernels]") {
  attnlab::Rng rng(5, attnlab::NormalMethod::Ziggurat);
  struct Shape {
    long rows, cols, lda, inc;
  };
  for (const Shape s : {Shape{2, 2, 2, 1}, Shape{3, 7, 5, 2}, Shape{5, 130, 5, 1}, Shape{8, 200, 9, 3},
                        Shape{67, 129, 70, 1}, Shape{9, 150, 4001, 1}, Shape{4, 3, 4, 5}, Shape{1, 9, 1, 1}}) {
    const double alpha = -0.75;
    // Column-major A (rows × cols, x strided by inc).
    const std::vector<double> a = normals(rng, s.lda * s.cols), x = normals(rng, s.cols * s.inc),
                              y0 = normals(rng, s.rows);
    const long block = s.cols < 128 ? s.cols : (s.lda * 8 < 32000 ? 16 : 4);
    std::vector<double> want = y0, got = y0;
    for (long j2 = 0; j2 < s.cols; j2 += block)
      for (long i = 0; i < s.rows; ++i) {
        double c = 0;
        for (long j = j2; j < std::min(j2 + block, s.cols); ++j) c = a[j * s.lda + i] * x[j * s.inc] + c;
        want[i] = c * alpha + want[i];
      }
    attnlab::columnMajorTimesAdd(a.data(), s.rows, s.cols, s.lda, x.data(), s.inc, alpha, got.data());
    INFO("rows " << s.rows << ", cols " << s.cols << ", lda " << s.lda << ", inc " << s.inc);
    CHECK(sameBits(got, want));
    // Row-major A: the same storage read as cols × rows with row stride lda; y strided by inc.
    const std::vector<double> xr = normals(rng, s.rows), yr0 = normals(rng, s.cols * s.inc);
    std::vector<double> wantR = yr0, gotR = yr0;
    for (long i = 0; i < s.cols; ++i) {
      double c = 0;
      for (long j = 0; j < s.rows; ++j) c = a[i * s.lda + j] * xr[j] + c;
      wantR[i * s.inc] = wantR[i * s.inc] + alpha * c;
    }
    attnlab::rowMajorTimesAdd(a.data(), s.cols, s.rows, s.lda, xr.data(), alpha, gotR.data(), s.inc);
    CHECK(sameBits(gotR, wantR));
#if defined(__wasm__)
    using namespace Eigen::internal;
    std::vector<double> eigen = y0, eigenR = yr0;
    general_matrix_vector_product<int, double, const_blas_data_mapper<double, int, Eigen::ColMajor>, Eigen::ColMajor,
                                  false, double, const_blas_data_mapper<double, int, Eigen::RowMajor>, false,
                                  0>::run(int(s.rows), int(s.cols),
                                          const_blas_data_mapper<double, int, Eigen::ColMajor>(a.data(), int(s.lda)),
                                          const_blas_data_mapper<double, int, Eigen::RowMajor>(x.data(), int(s.inc)),
                                          eigen.data(), 1, alpha);
    CHECK(sameBits(got, eigen));
    general_matrix_vector_product<int, double, const_blas_data_mapper<double, int, Eigen::RowMajor>, Eigen::RowMajor,
                                  false, double, const_blas_data_mapper<double, int, Eigen::ColMajor>, false,
                                  0>::run(int(s.cols), int(s.rows),
                                          const_blas_data_mapper<double, int, Eigen::RowMajor>(a.data(), int(s.lda)),
                                          const_blas_data_mapper<double, int, Eigen::ColMajor>(xr.data(), 1),
                                          eigenR.data(), int(s.inc), alpha);
    CHECK(sameBits(gotR, eigenR));
#endif
  }
}

TEST_CASE("gramTimes: s = Aᵀ x and y = A s in one pass, the bits of the two products", "[kernels]") {
  attnlab::Rng rng(8, attnlab::NormalMethod::Ziggurat);
  struct Shape {
    long rows, cols, lda;
  };
  for (const Shape s :
       {Shape{5, 7, 5}, Shape{19, 130, 19}, Shape{33, 200, 40}, Shape{9, 150, 4001}, Shape{800, 131, 800}}) {
    const std::vector<double> a = normals(rng, s.lda * s.cols), x = normals(rng, s.rows);
    std::vector<double> scratch(s.cols, 0.0), y(s.rows, 0.0), gotScratch(s.cols), gotY(s.rows);
    attnlab::rowMajorTimesAdd(a.data(), s.cols, s.rows, s.lda, x.data(), 1.0, scratch.data(), 1);
    attnlab::columnMajorTimesAdd(a.data(), s.rows, s.cols, s.lda, scratch.data(), 1, 1.0, y.data());
    attnlab::gramTimes(a.data(), s.rows, s.cols, s.lda, x.data(), gotScratch.data(), gotY.data());
    INFO("rows " << s.rows << ", cols " << s.cols << ", lda " << s.lda);
    CHECK(sameBits(gotScratch, scratch));
    CHECK(sameBits(gotY, y));
#if defined(__wasm__)  // and Eigen's own two products (through the kernels)
    const Eigen::Map<const Eigen::MatrixXd, 0, Eigen::OuterStride<>> A(a.data(), s.rows, s.cols,
                                                                       Eigen::OuterStride<>(s.lda));
    const Eigen::VectorXd es = A.transpose() * Eigen::Map<const Eigen::VectorXd>(x.data(), s.rows);
    const Eigen::VectorXd ey = A * es;
    CHECK(sameBits(gotScratch, std::vector<double>(es.data(), es.data() + s.cols)));
    CHECK(sameBits(gotY, std::vector<double>(ey.data(), ey.data() + s.rows)));
#endif
  }
}

TEST_CASE("Block-panel kernel: each entry in Eigen's scalar order, bit for bit", "[kernels]") {
  attnlab::Rng rng(6, attnlab::NormalMethod::Ziggurat);
  struct Shape {
    long rows, depth, cols, strideA, strideB, offsetA, offsetB, resStride;
  };
  for (const Shape s :
       {Shape{1, 1, 1, -1, -1, 0, 0, 1}, Shape{3, 7, 5, -1, -1, 0, 0, 4}, Shape{5, 8, 4, -1, -1, 0, 0, 5},
        Shape{6, 23, 9, 30, 27, 2, 3, 8}, Shape{7, 64, 12, -1, -1, 0, 0, 7}, Shape{2, 17, 3, 20, 19, 1, 1, 2}}) {
    const long strideA = s.strideA == -1 ? s.depth : s.strideA, strideB = s.strideB == -1 ? s.depth : s.strideB;
    const std::vector<double> blockA = normals(rng, s.rows * strideA + s.offsetA + 1),
                              blockB = normals(rng, s.cols * strideB + 4 * s.offsetB + 4),
                              res0 = normals(rng, s.resStride * s.cols);
    const double alpha = 1.5;
    std::vector<double> want = res0, got = res0;
    const long panelCols = (s.cols / 4) * 4, peeled = s.depth & ~7L;
    for (long i = 0; i < s.rows; ++i) {
      const double* a = blockA.data() + i * strideA + s.offsetA;
      for (long j = 0; j < s.cols; ++j) {
        double c = 0;
        if (j < panelCols) {
          const double* b = blockB.data() + (j / 4 * 4) * strideB + 4 * s.offsetB + j % 4;
          double d = 0;
          long k = 0;
          for (; k < peeled; ++k) (k % 2 ? d : c) = (k % 2 ? d : c) + a[k] * b[4 * k];
          c = c + d;
          for (; k < s.depth; ++k) c = c + a[k] * b[4 * k];
        } else {
          const double* b = blockB.data() + j * strideB + s.offsetB;
          for (long k = 0; k < s.depth; ++k) c = c + a[k] * b[k];
        }
        want[i + j * s.resStride] = c * alpha + want[i + j * s.resStride];
      }
    }
    attnlab::blockPanelTimesAdd(got.data(), s.resStride, blockA.data(), blockB.data(), s.rows, s.depth, s.cols, alpha,
                                s.strideA, s.strideB, s.offsetA, s.offsetB);
    INFO("rows " << s.rows << ", depth " << s.depth << ", cols " << s.cols);
    CHECK(sameBits(got, want));
#if defined(__wasm__)
    using namespace Eigen::internal;
    using Mapper = blas_data_mapper<double, int, Eigen::ColMajor, Eigen::Unaligned, 1>;
    std::vector<double> eigen = res0;
    gebp_kernel<double, double, int, Mapper, 1, 4, false, false>()(
        Mapper(eigen.data(), int(s.resStride)), blockA.data(), blockB.data(), int(s.rows), int(s.depth), int(s.cols),
        alpha, int(s.strideA), int(s.strideB), int(s.offsetA), int(s.offsetB));
    CHECK(sameBits(got, eigen));
#endif
  }
}

#if defined(__wasm__)
// A B summed as Eigen 3.4's scalar product sums it: depth in blocks of kc (Eigen's own blocking sizes), columns in
// blocks of nc; within a depth block, an entry of a whole four-column panel of its column block sums even and odd
// steps of the first (kc & ~7) apart, then adds them and the rest; any other entry sums in order. Each block's sum c
// is added as c * 1 + entry.
TEST_CASE("wasm: Eigen's products (through the block-panel kernel) sum as Eigen's scalar product does", "[kernels]") {
  attnlab::Rng rng(7, attnlab::NormalMethod::Ziggurat);
  for (const auto& [m, k, n] :
       {std::tuple{33, 70, 21}, std::tuple{130, 300, 77}, std::tuple{512, 3, 512}, std::tuple{45, 700, 9}}) {
    Eigen::MatrixXd a(m, k), b(k, n);
    for (double& v : a.reshaped()) v = rng.normal();
    for (double& v : b.reshaped()) v = rng.normal();
    const Eigen::MatrixXd product = a * b;
    Eigen::Index kc = k, mc = m, nc = n;
    Eigen::internal::computeProductBlockingSizes<double, double, 1>(kc, mc, nc, Eigen::Index(1));
    Eigen::MatrixXd want = Eigen::MatrixXd::Zero(m, n);
    for (Eigen::Index j0 = 0; j0 < n; j0 += nc)
      for (Eigen::Index k0 = 0; k0 < k; k0 += kc) {
        const Eigen::Index width = std::min(nc, n - j0), depth = std::min(kc, k - k0), peeled = depth & ~7L;
        for (Eigen::Index i = 0; i < m; ++i)
          for (Eigen::Index j = j0; j < j0 + width; ++j) {
            double c = 0, d = 0;
            Eigen::Index s = 0;
            if (j - j0 < width / 4 * 4)
              for (; s < peeled; ++s) (s % 2 ? d : c) = (s % 2 ? d : c) + a(i, k0 + s) * b(k0 + s, j);
            c = c + d;
            for (; s < depth; ++s) c = c + a(i, k0 + s) * b(k0 + s, j);
            want(i, j) = c * 1.0 + want(i, j);
          }
      }
    INFO("m " << m << ", k " << k << ", n " << n << "; kc " << kc << ", nc " << nc);
    CHECK(std::memcmp(product.data(), want.data(), sizeof(double) * m * n) == 0);
  }
}
#endif
