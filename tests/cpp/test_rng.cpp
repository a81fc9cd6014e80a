// The project's generator against the test vectors of docs/theory/rank.md#prng (seed 12345).
#include <catch2/catch.hpp>
#include <set>

#include "attnlab/geometry.hpp"
#include "attnlab/rng.hpp"

using namespace attnlab;
using Catch::Matchers::WithinRel;

TEST_CASE("SplitMix64 first outputs match the test vectors", "[rng]") {
  Rng rng(12345);
  CHECK(rng.next() == 0x22118258a9d111a0ULL);
  CHECK(rng.next() == 0x346edce5f713f8edULL);
  CHECK(rng.next() == 0x1e9a57bc80e6721dULL);
}

TEST_CASE("uniforms and normals match the test vectors", "[rng]") {
  Rng u(12345);
  CHECK(u.uniform() == 0.1330796686614273);
  CHECK(u.uniform() == 0.20481663336165912);
  Rng g(12345);
  CHECK_THAT(g.normal(), WithinRel(0.14969265397627943, 1e-15));
  CHECK_THAT(g.normal(), WithinRel(0.2259230337540872, 1e-15));
}

TEST_CASE("sphere and ball samplers match the test vectors", "[rng][geometry]") {
  Rng rs(12345);
  const RowMatrix s = samplePoints(Geometry::Sphere, 2, 3, rs);
  const double sphere[2][3] = {{0.22172420489444808, 0.33463636120984475, -0.9158913050794615},
                               {-0.45897266508611273, 0.7597965801044089, -0.4604923990310762}};
  Rng rb(12345);
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
  Rng rng(7);
  const RowMatrix x = samplePoints(Geometry::Gauss, 500, 4, rng);
  CHECK(x.rowwise().norm().maxCoeff() <= 0.5 + 1e-15);
}

TEST_CASE("streams: stream 0 is the seed, other streams differ and are reproducible", "[rng]") {
  CHECK(streamSeed(12345, 0) == 12345);
  Rng a(12345, 3), b(12345, 3), c(12345, 4), d(12346, 3);
  const auto x = a.next();
  CHECK(x == b.next());
  CHECK(x != c.next());
  CHECK(x != d.next());
}

TEST_CASE("below() is uniform and in range", "[rng]") {
  Rng rng(99);
  std::vector<int> counts(7, 0);
  for (int i = 0; i < 70000; ++i) {
    const auto v = rng.below(7);
    REQUIRE(v < 7);
    ++counts[v];
  }
  for (int c : counts) CHECK(std::abs(c - 10000) < 500);  // ~5 sd
}

TEST_CASE("normal() has mean 0 and variance 1", "[rng]") {
  Rng rng(2024);
  double sum = 0, sum2 = 0;
  const int m = 200000;
  for (int i = 0; i < m; ++i) {
    const double z = rng.normal();
    sum += z;
    sum2 += z * z;
  }
  CHECK(std::abs(sum / m) < 0.01);            // sd of the mean is 0.0022
  CHECK(std::abs(sum2 / m - 1.0) < 0.015);    // sd of the variance is 0.0032
}
