// SPDX-License-Identifier: Apache-2.0
// portableExp/portableLog (docs/theory/rank.md#prng-ziggurat): within 2 ulp of libm over their ranges, and
// fixed bits (no libm inside, so native and wasm must print the very same numbers).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "numerics/kernels/portable_math.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {

// Distance in units in the last place between two finite doubles of the same sign.
std::int64_t ulpDistance(double a, double b) {
  if (a == b) return 0;
  if ((a < 0) != (b < 0)) return std::numeric_limits<std::int64_t>::max();
  std::int64_t x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  return x > y ? x - y : y - x;
}

// The largest distance to libm over count points, and where. libm is itself within about 0.5 ulp, so
// the tests' ≤ 2 ulp leaves at most 1.5 ulp for our own error.
struct Worst {
  std::int64_t ulps = 0;
  double at = 0;
};

template <class Ours, class Reference, class Point>
Worst worstUlps(Ours ours, Reference reference, Point point, int count) {
  Worst w;
  for (int i = 0; i < count; ++i) {
    const double x = point(i);
    const std::int64_t d = ulpDistance(ours(x), reference(x));
    if (d > w.ulps) w = {d, x};
  }
  return w;
}

// Uniform in [0, 1) from a counter: the i-th point of a test sweep, independent of any generator recipe.
double unit(std::uint64_t i) { return static_cast<double>(mix64(i) >> 11) * 0x1.0p-53; }

}  // namespace

TEST_CASE("portableExp is within 2 ulp of exp on [-708, 709], densely on the wedge's [-7, 0]", "[rng][ziggurat]") {
  const auto exp = [](double x) { return std::exp(x); };
  for (const Worst& w : {worstUlps(
                             portableExp, exp, [](int i) { return -708.0 + 1417.0 * unit(i); }, 200000),
                         worstUlps(
                             portableExp, exp, [](int i) { return -7.0 * unit(1000000 + i); }, 200000),
                         worstUlps(
                             portableExp, exp, [](int i) { return -1e-17 * i; }, 1000)}) {  // near 0
    INFO("worst at x = " << w.at << ": " << portableExp(w.at) << " against " << std::exp(w.at));
    CHECK(w.ulps <= 2);
  }
  CHECK(portableExp(0.0) == 1.0);
  CHECK(portableExp(-800.0) == 0.0);
  CHECK(std::isinf(portableExp(800.0)));
  CHECK(ulpDistance(portableExp(-740.0), std::exp(-740.0)) <= 2);  // subnormal result
}

TEST_CASE("portableLog is within 2 ulp of log on (0, 1] and across the doubles", "[rng][ziggurat]") {
  const auto log = [](double x) { return std::log(x); };
  for (const Worst& w :
       {worstUlps(
            portableLog, log, [](int i) { return 1.0 - unit(2000000 + i); }, 200000),  // the tail's
        worstUlps(
            portableLog, log, [](int i) { return std::exp(-700.0 + 1400.0 * unit(3000000 + i)); }, 200000),
        worstUlps(
            portableLog, log, [](int i) { return 1.0 + (i - 500) * 1e-12; }, 1000),  // near 1
        worstUlps(
            portableLog, log, [](int i) { return 5e-324 * (1 + 97 * i); }, 1000)}) {  // subnormals
    INFO("worst at x = " << w.at << ": " << portableLog(w.at) << " against " << std::log(w.at));
    CHECK(w.ulps <= 2);
  }
  CHECK(portableLog(1.0) == 0.0);
  CHECK(std::isinf(portableLog(0.0)));
  CHECK(portableLog(0.0) < 0);
  CHECK(std::isnan(portableLog(-1.0)));
}

TEST_CASE("portableExp and portableLog give fixed bits on every platform", "[rng][ziggurat]") {
  // Recorded natively; the wasm build of this suite must print the same (no libm is involved).
  CHECK(portableExp(-1.0) == 0x1.78b56362cef38p-2);
  CHECK(portableExp(-0.5 * 3.5 * 3.5) == 0x1.1eb805a03296cp-9);
  CHECK(portableExp(10.0) == 0x1.5829dcf95056p+14);
  CHECK(portableLog(0.5) == -0x1.62e42fefa39efp-1);
  CHECK(portableLog(0x1p-53) == -0x1.25e4f7b2737fap+5);
  CHECK(portableLog(0.123456789) == -0x1.0bc233add5d72p+1);
}
