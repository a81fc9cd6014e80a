// SPDX-License-Identifier: Apache-2.0
// Nanoseconds per normal deviate, Box–Muller against the ziggurat (docs/theory/rank.md#prng-ziggurat). A
// benchmark, not a test: hidden from the default run. Run it alone, on a quiet machine:
//   build/native/attnlab_tests "[benchmark]"          (and node build/wasm/attnlab_tests_wasm.cjs "[benchmark]")
#include <catch2/catch.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {

// The best of `rounds` timings of `count` deviates into a running sum (so nothing is optimised away).
double nsPerDeviate(NormalMethod method, int count, int rounds, double& sink) {
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    Rng rng(static_cast<std::uint64_t>(r + 1), method);
    const auto start = std::chrono::steady_clock::now();
    double sum = 0;
    for (int i = 0; i < count; ++i) sum += rng.normal();
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, ns / count);
    sink += sum;
  }
  return best;
}

}  // namespace

TEST_CASE("benchmark: ns per normal deviate, box-muller against ziggurat", "[.benchmark][rng]") {
  double sink = 0;
  const int count = 2000000, rounds = 7;
  const double boxMuller = nsPerDeviate(NormalMethod::BoxMuller, count, rounds, sink);
  const double ziggurat = nsPerDeviate(NormalMethod::Ziggurat, count, rounds, sink);
#ifdef ATTNLAB_WASM_TESTS
  const char* build = "wasm";
#else
  const char* build = "native";
#endif
  std::printf("normal deviates [%s]: box-muller %.2f ns, ziggurat %.2f ns, %.1fx faster (best of %d x %d; sink %g)\n",
              build, boxMuller, ziggurat, boxMuller / ziggurat, rounds, count, sink);
  CHECK(ziggurat < boxMuller);
}
