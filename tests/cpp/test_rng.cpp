// SPDX-License-Identifier: Apache-2.0
// The project's generator against the test vectors of docs/theory/rank.md#prng (seed 12345).
#include <catch2/catch.hpp>
#include <cstring>
#include <set>

#include "numerics/shared/geometry.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;
using Catch::Matchers::WithinRel;

TEST_CASE("SplitMix64 first outputs match the test vectors", "[rng]") {
  Rng rng(12345, NormalMethod::BoxMuller);
  CHECK(rng.next() == 0x22118258a9d111a0ULL);
  CHECK(rng.next() == 0x346edce5f713f8edULL);
  CHECK(rng.next() == 0x1e9a57bc80e6721dULL);
}

TEST_CASE("uniforms and normals match the test vectors", "[rng]") {
  Rng u(12345, NormalMethod::BoxMuller);
  CHECK(u.uniform() == 0.1330796686614273);
  CHECK(u.uniform() == 0.20481663336165912);
  Rng g(12345, NormalMethod::BoxMuller);
  CHECK_THAT(g.normal(), WithinRel(0.14969265397627943, 1e-15));
  CHECK_THAT(g.normal(), WithinRel(0.2259230337540872, 1e-15));
}

TEST_CASE("sphere and ball samplers match the test vectors", "[rng][geometry]") {
  Rng rs(12345, NormalMethod::BoxMuller);
  const RowMatrix s = samplePoints(Geometry::Sphere, 2, 3, rs);
  const double sphere[2][3] = {{0.22172420489444808, 0.33463636120984475, -0.9158913050794615},
                               {-0.45897266508611273, 0.7597965801044089, -0.4604923990310762}};
  Rng rb(12345, NormalMethod::BoxMuller);
  const RowMatrix b = samplePoints(Geometry::Ball, 2, 3, rb);
  const double ball[2][3] = {{0.11016363002608023, 0.16626401392281268, -0.45506042484134773},
                             {-0.7598363393094637, 0.5786982387671059, 0.06697568988193131}};
  for (int i = 0; i < 2; ++i)
    for (int c = 0; c < 3; ++c) {
      CHECK_THAT(s(i, c), WithinRel(sphere[i][c], 1e-13));
      CHECK_THAT(b(i, c), WithinRel(ball[i][c], 1e-13));
    }
}

TEST_CASE("gauss geometry is the ball of radius 1/2", "[geometry]") {
  Rng rng(7, NormalMethod::BoxMuller);
  const RowMatrix x = samplePoints(Geometry::Gauss, 500, 4, rng);
  CHECK(x.rowwise().norm().maxCoeff() <= 0.5 + 1e-15);
}

TEST_CASE("streams: stream 0 is the seed, other streams differ and are reproducible", "[rng]") {
  CHECK(streamSeed(12345, 0) == 12345);
  const NormalMethod m = NormalMethod::BoxMuller;
  Rng a(12345, 3, m), b(12345, 3, m), c(12345, 4, m), d(12346, 3, m);
  const auto x = a.next();
  CHECK(x == b.next());
  CHECK(x != c.next());
  CHECK(x != d.next());
}

TEST_CASE("below() is uniform and in range", "[rng]") {
  Rng rng(99, NormalMethod::BoxMuller);
  std::vector<int> counts(7, 0);
  for (int i = 0; i < 70000; ++i) {
    const auto v = rng.below(7);
    REQUIRE(v < 7);
    ++counts[v];
  }
  for (int c : counts) CHECK(std::abs(c - 10000) < 500);  // ~5 sd
}

TEST_CASE("normal() has mean 0 and variance 1", "[rng]") {
  Rng rng(2024, NormalMethod::BoxMuller);
  double sum = 0, sum2 = 0;
  const int m = 200000;
  for (int i = 0; i < m; ++i) {
    const double z = rng.normal();
    sum += z;
    sum2 += z * z;
  }
  CHECK(std::abs(sum / m) < 0.01);          // sd of the mean is 0.0022
  CHECK(std::abs(sum2 / m - 1.0) < 0.015);  // sd of the variance is 0.0032
}

TEST_CASE(
    "box-muller: fixed seeds give the very normals of the stream before the ziggurat (links before December 2026)",
    "[rng]") {
  // Recorded from the code before NormalMethod existed (main a7ec8d8), natively. docs/theory/rank.md#prng-ziggurat
  struct Case {
    std::uint64_t seed, stream;
    double first[6];
  };
  const Case cases[] = {
      {12345,
       0,
       {0.14969265397627943, 0.2259230337540872, -0.6183456617937152, -0.4648588510390847, 0.76954074200583189,
        -0.466398075113373}},
      {1,
       0,
       {-0.034267321791851144, -2.5000674933698677, 0.087722468314886351, -2.0271348479598177, 0.22379858243299003,
        -0.80241028358659383}},
      {12346,
       0,
       {1.5880385141188706, -0.54257011788609266, -0.64178908394673928, -0.06859483064717925, -1.6147777590451424,
        0.89610023520024984}},
      {2026,
       3,
       {0.5975930224466246, 0.89809545490512177, 0.24320643002471445, 0.76364065365977962, 0.81339963539552074,
        0.89390565381392217}},
  };
  for (const Case& c : cases) {
    Rng rng(c.seed, c.stream, NormalMethod::BoxMuller);
    for (double expected : c.first) {
      INFO("seed " << c.seed << " stream " << c.stream);
#ifdef ATTNLAB_WASM_TESTS
      CHECK_THAT(rng.normal(),
                 WithinRel(expected, 1e-15));  // musl's log and cos may differ from glibc's in the last bit
#else
      CHECK(rng.normal() == expected);
#endif
    }
  }
  // 10^5 of them, hashed bit by bit in order (natively only: Box–Muller goes through libm).
  Rng rng(12345, NormalMethod::BoxMuller);
  std::uint64_t hash = 0;
  for (int i = 0; i < 100000; ++i) {
    const double z = rng.normal();
    std::uint64_t bits;
    std::memcpy(&bits, &z, sizeof bits);
    hash = mix64(hash ^ bits);
  }
#ifndef ATTNLAB_WASM_TESTS
  CHECK(hash == 0x7ff693d2a9170a90ULL);
#endif
}
