// The project's one random engine: counter-based SplitMix64 + Box–Muller (docs/theory/rank.md#prng).
// Never use std::*_distribution, rand or Eigen::Random: their streams differ between libc++ and libstdc++.
#pragma once
#include <cstdint>

namespace attnlab {

// SplitMix64 finaliser: a bijective mix of a 64-bit word.
inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Seed of an independent stream: stream 0 is the seed itself (so the test vectors of docs/theory/rank.md#prng-test-vectors hold),
// stream s > 0 hashes (seed, s), so a sweep point's numbers do not depend on which worker ran it.
std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t stream);

class Rng {
 public:
  explicit Rng(std::uint64_t seed, std::uint64_t stream = 0) : state_(streamSeed(seed, stream)) {}

  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    return mix64(state_);
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // One normal from exactly two uniforms (radius first, then angle); the sin branch is discarded.
  double normal();
  // Uniform integer in [0, bound) by rejection (no modulo bias).
  std::uint64_t below(std::uint64_t bound);

 private:
  std::uint64_t state_;
};

}  // namespace attnlab
