// SPDX-License-Identifier: Apache-2.0
// The ziggurat stream (docs/theory/rank.md#prng-ziggurat): the law N(0, 1) (moments, Kolmogorov–Smirnov, the
// tail beyond r, the sign) and fixed test vectors, which the wasm build of this suite must match bit for bit.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {

double phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

std::vector<double> draws(std::uint64_t seed, int count) {
  Rng rng(seed, NormalMethod::Ziggurat);
  std::vector<double> z(count);
  for (double& x : z) x = rng.normal();
  return z;
}

std::uint64_t bitsOf(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

}  // namespace

TEST_CASE("ziggurat: mean, variance, skewness and kurtosis of 10^6 deviates", "[rng][ziggurat]") {
  const std::vector<double> z = draws(2024, 1000000);
  const double m = static_cast<double>(z.size());
  double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  for (double x : z) {
    s1 += x;
    s2 += x * x;
    s3 += x * x * x;
    s4 += x * x * x * x;
  }
  const double mean = s1 / m, variance = s2 / m - mean * mean;
  const double skew = (s3 / m) / std::pow(variance, 1.5), kurtosis = (s4 / m) / (variance * variance);
  // About 5 standard errors each: sd(mean) = 0.001, sd(var) = 0.0014, sd(skew) = 0.0024, sd(kurt) = 0.0049.
  CHECK(std::fabs(mean) < 0.005);
  CHECK(std::fabs(variance - 1.0) < 0.007);
  CHECK(std::fabs(skew) < 0.012);
  CHECK(std::fabs(kurtosis - 3.0) < 0.025);
}

TEST_CASE("ziggurat: Kolmogorov–Smirnov against Φ, and a chi-square over 256 equiprobable bins", "[rng][ziggurat]") {
  std::vector<double> z = draws(7, 1000000);
  std::sort(z.begin(), z.end());
  const double m = static_cast<double>(z.size());
  double d = 0;
  for (std::size_t i = 0; i < z.size(); ++i) {
    const double f = phi(z[i]);
    d = std::max({d, (i + 1) / m - f, f - i / m});
  }
  CHECK(d * std::sqrt(m) < 1.95);  // the 0.1 % critical value of the KS statistic is 1.95/sqrt(m)
  // 256 bins of probability 1/256 each: a layer's wedge done wrong would show here before it shows in KS.
  std::vector<double> counts(256, 0);
  for (double x : z) ++counts[std::min(255, static_cast<int>(256 * phi(x)))];
  double chi2 = 0;
  for (double c : counts) chi2 += (c - m / 256) * (c - m / 256) / (m / 256);
  CHECK(chi2 < 347);  // chi-square with 255 degrees of freedom: 347 is its 0.01 % point
}

TEST_CASE("ziggurat: the tail beyond the base r has probability 2Φ(-r), and beyond r + 1/2 too", "[rng][ziggurat]") {
  const double r = ziggurat::kR;
  const int m = 10000000;
  Rng rng(99, NormalMethod::Ziggurat);
  int beyondR = 0, beyondMore = 0;
  for (int i = 0; i < m; ++i) {
    const double x = std::fabs(rng.normal());
    beyondR += x > r;
    beyondMore += x > r + 0.5;
  }
  const double pR = 2 * phi(-r), pMore = 2 * phi(-r - 0.5);  // 2.58e-4 and 3.3e-5
  // 5 binomial standard deviations: 2580 ± 254 and 327 ± 90.
  CHECK(std::fabs(beyondR - m * pR) < 5 * std::sqrt(m * pR));
  CHECK(std::fabs(beyondMore - m * pMore) < 5 * std::sqrt(m * pMore));
}

TEST_CASE("ziggurat: the sign is symmetric, exactly in the map from bits and in frequency", "[rng][ziggurat]") {
  // Flipping the 52 bits the uniform comes from negates it exactly (the layer's 8 low bits are untouched).
  Rng words(5, NormalMethod::Ziggurat);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t w = words.next();
    REQUIRE(Rng::symmetricUnit(w ^ 0xFFFFFFFFFFFFF000ULL) == -Rng::symmetricUnit(w));
    REQUIRE(Rng::symmetricUnit(w) != 0.0);
    REQUIRE(std::fabs(Rng::symmetricUnit(w)) < 1.0);
  }
  const std::vector<double> z = draws(3, 1000000);
  const auto negative = std::count_if(z.begin(), z.end(), [](double x) { return x < 0; });
  CHECK(std::abs(negative - 500000) < 2500);  // 5 sd
}

TEST_CASE("ziggurat: the tables are a ziggurat (equal areas, decreasing widths, f(X) on the heights)",
          "[rng][ziggurat]") {
  using namespace ziggurat;
  const double v = kX[0] * kF[1];  // the base strip: width X[0] at height f(r)
  CHECK(kX[1] == kR);
  CHECK(kX[kLayers] == 0.0);
  CHECK(kF[kLayers] == 1.0);
  for (int i = 1; i < kLayers; ++i) {
    INFO("layer " << i);
    CHECK(kX[i + 1] < kX[i]);
    CHECK(std::fabs(kF[i] - std::exp(-0.5 * kX[i] * kX[i])) < 1e-15);
    CHECK(std::fabs(kX[i] * (kF[i + 1] - kF[i]) - v) < 1e-13);
  }
}

TEST_CASE("ziggurat: test vectors, the same bits natively and in wasm", "[rng][ziggurat]") {
  // The first deviates of two seeds (docs/theory/rank.md#prng-ziggurat), recorded natively.
  const double seed12345[6] = {-0x1.f032299df0215p-1, -0x1.97c2551c1adb5p-2, -0x1.dbd426de10dd9p+0,
                               -0x1.520b972e8d57p-1,  0x1.3bee0004f8c1p-7,   -0x1.71172a2389b97p-1};
  const double seed1[6] = {0x1.28cce2fc0c022p-3,  0x1.ae588e056df29p-1,  0x1.ac66853ce76fap+0,
                           -0x1.4593dd6341867p-2, -0x1.05f07a953c823p-3, 0x1.9d51f4dc7a5f4p-1};
  Rng a(12345, NormalMethod::Ziggurat), b(1, NormalMethod::Ziggurat);
  for (int i = 0; i < 6; ++i) {
    CHECK(a.normal() == seed12345[i]);
    CHECK(b.normal() == seed1[i]);
  }
  // 10^5 deviates of seed 12345 leave the fast path about 1500 times (wedges; the tail 30 times): their bits,
  // hashed in order, pin the slow path, portableExp and portableLog too.
  Rng c(12345, NormalMethod::Ziggurat);
  std::uint64_t hash = 0;
  int tails = 0;
  for (int i = 0; i < 100000; ++i) {
    const double x = c.normal();
    tails += std::fabs(x) > ziggurat::kR;
    hash = mix64(hash ^ bitsOf(x));
  }
  CHECK(tails == 30);
  CHECK(hash == 0x5545ccadf35ecec9ULL);
}
