// SPDX-License-Identifier: Apache-2.0
#include "numerics/shared/rng.hpp"

#include <cmath>

namespace attnlab {

std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t stream) {
  if (stream == 0) return seed;
  return mix64(seed ^ mix64(stream * 0xD1B54A32D192ED03ULL + 0x9E3779B97F4A7C15ULL));
}

double Rng::boxMullerNormal() {
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));  // docs/theory/rank.md#prng
  return radius * std::cos(kTwoPi * uniform());
}

std::uint64_t Rng::below(std::uint64_t bound) {
  if (bound <= 1) return 0;
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
  std::uint64_t x;
  do {
    x = next();
  } while (x >= limit);
  return x % bound;
}

std::uint64_t childStream(std::uint64_t parent, std::uint64_t index) {
  const std::uint64_t id = mix64(parent ^ mix64(index + 0x632BE59BD9B4E019ULL));
  return id == 0 ? 1 : id;  // stream 0 would be the bare seed
}

}  // namespace attnlab
