// SPDX-License-Identifier: Apache-2.0
// The project's one random engine: counter-based SplitMix64 and two recipes for normal deviates
// (docs/theory/rank.md#prng, #prng-ziggurat). Never use std::*_distribution, rand or Eigen::Random: their
// streams differ between libc++ and libstdc++.
#pragma once
#include <cmath>
#include <cstdint>

#include "numerics/shared/ziggurat_tables.hpp"

namespace attnlab {

// SplitMix64 finaliser: a bijective mix of a 64-bit word.
inline std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Stream id of child `index` of a stream: one mix per level, so ids never depend on evaluation order.
std::uint64_t childStream(std::uint64_t parent, std::uint64_t index);

// Seed of an independent stream: stream 0 is the seed itself (so the test vectors of
// docs/theory/rank.md#prng-test-vectors hold), stream s > 0 hashes (seed, s), so a sweep point's numbers do not depend
// on which worker ran it.
std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t stream);

// How normal() turns the counter's words into N(0, 1) deviates (docs/theory/rank.md#prng-ziggurat). Part of
// a result's identity, like the seed: experiments take it from their `rng` parameter (rngParam()).
//   BoxMuller: the recipe of links made before December 2026, bit for bit (kept so they reproduce).
//   Ziggurat:  256 layers, one 64-bit word per deviate ~99 % of the time; bit-identical native and wasm.
enum class NormalMethod { BoxMuller, Ziggurat };

class Rng {
 public:
  // The method is always explicit: no call site silently picks a stream.
  Rng(std::uint64_t seed, NormalMethod method) : Rng(seed, 0, method) {}
  Rng(std::uint64_t seed, std::uint64_t stream, NormalMethod method)
      : state_(streamSeed(seed, stream)), method_(method) {}

  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    return mix64(state_);
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // One N(0, 1) deviate by this generator's method.
  double normal() { return method_ == NormalMethod::Ziggurat ? zigguratNormal() : boxMullerNormal(); }
  // Box–Muller: exactly two uniforms (radius first, then angle); the sin branch is discarded.
  double boxMullerNormal();
  // Ziggurat: layer from the word's low 8 bits, a symmetric uniform in (-1, 1) from its top 52 bits.
  // Only multiplications and a comparison here (no a*b+c to fuse); the rare rest is out of line.
  double zigguratNormal() {
    const std::uint64_t word = next();
    const int layer = static_cast<int>(word & 0xFF);
    const double x = symmetricUnit(word) * ziggurat::kX[layer];
    return std::fabs(x) < ziggurat::kX[layer + 1] ? x : zigguratSlow(word);
  }
  // Uniform integer in [0, bound) by rejection (no modulo bias).
  std::uint64_t below(std::uint64_t bound);
  NormalMethod method() const { return method_; }

  // (2j + 1 − 2^52)·2^−52 for j = the word's top 52 bits: exact, never 0, and j ↔ 2^52 − 1 − j flips its sign.
  static double symmetricUnit(std::uint64_t word) {
    const auto odd = static_cast<std::int64_t>((word >> 11) | 1);
    return static_cast<double>(odd - (std::int64_t{1} << 52)) * 0x1.0p-52;
  }

 private:
  // The wedge and tail of the layer `word` chose, then fresh words until one is accepted (src/ziggurat.cpp).
  double zigguratSlow(std::uint64_t word);

  std::uint64_t state_;
  NormalMethod method_;
};

}  // namespace attnlab
