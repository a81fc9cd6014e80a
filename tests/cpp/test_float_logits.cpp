// SPDX-License-Identifier: Apache-2.0
// The float32 logits of the log-domain check's screening pass (numerics/sparse/float_logits.hpp): every entry within
// the bound the check's margin assumes for any summation order, (d + 2) u Σ_k |g_k x_k| with u = 2^-24, on shapes
// with every leftover (rows not a multiple of 4, columns not a multiple of the panel), X given with a row stride
// wider than d, and nothing written past column `width`.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "numerics/shared/rng.hpp"
#include "numerics/sparse/float_logits.hpp"

TEST_CASE("float logits: each entry within the any-order float32 bound of the exact product", "[sparse][kernels]") {
  attnlab::Rng rng(11, attnlab::NormalMethod::Ziggurat);
  std::vector<float>
      panels;  // reused, as the check does: larger packs before smaller ones, stale entries past the pack
  for (int count : {1, 3, 4, 5, 6, 9, 11, 13})
    for (int d : {1, 2, 7, 64})
      for (int n : {1, 7, 8, 9, 21, 40}) {
        const long stride = d + 3;
        std::vector<double> x(static_cast<std::size_t>(n) * stride);
        for (double& v : x) v = rng.normal() * 3;
        std::vector<float> g(static_cast<std::size_t>(count) * d);
        for (float& v : g) v = static_cast<float>(rng.normal());
        attnlab::packFloatPanels(x.data(), stride, n, d, panels);
        CHECK(panels.size() >= static_cast<std::size_t>((n + 7) / 8 * 8 * d));
        for (int width : {n, (n + 1) / 2}) {
          const int ldc = n + 5;
          std::vector<float> c(static_cast<std::size_t>(count) * ldc, 12345.0f);
          attnlab::floatLogitsBlock(g.data(), count, d, panels.data(), width, c.data(), ldc);
          for (int r = 0; r < count; ++r) {
            for (int j = 0; j < width; ++j) {
              double exact = 0, scale = 0;
              for (int k = 0; k < d; ++k) {
                const double p = static_cast<double>(g[r * d + k]) * static_cast<float>(x[j * stride + k]);
                exact += p;
                scale += std::fabs(p);
              }
              INFO("count " << count << ", d " << d << ", n " << n << ", width " << width << ", r " << r << ", j "
                            << j);
              CHECK(std::fabs(c[r * ldc + j] - exact) <= (d + 2) * 0x1.0p-24 * scale);
            }
            for (int j = width; j < ldc; ++j) CHECK(c[r * ldc + j] == 12345.0f);
          }
        }
      }
}
