// SPDX-License-Identifier: Apache-2.0
// Cody–Waite range reduction and truncated Taylor series, evaluated in a fixed order
// (docs/theory/rank.md#prng-ziggurat). IEEE-754 double +, -, *, / are correctly rounded on x86-64 (SSE2) and in wasm
// alike, and this file is built with -ffp-contract=off, so each operation below rounds once, identically, everywhere.
#include "numerics/kernels/portable_math.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

namespace attnlab {
namespace {

// ln 2 split so that k·kLn2Hi is exact for |k| < 2^21 (fdlibm's constants).
constexpr double kLn2Hi = 0x1.62e42feep-1;
constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
constexpr double kLog2E = 0x1.71547652b82fep+0;
constexpr double kSqrt2 = 0x1.6a09e667f3bcdp+0;

double fromBits(std::uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

std::uint64_t toBits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// 2^k for k in [-1022, 1023], exactly.
double powerOfTwo(int k) { return fromBits(static_cast<std::uint64_t>(k + 1023) << 52); }

}  // namespace

double portableExp(double x) {
  if (x != x) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;
  // x = k ln 2 + r, |r| <= ln 2 / 2; k rounded half away from zero (a cast truncates, the same everywhere).
  const int k = static_cast<int>(x * kLog2E + (x < 0 ? -0.5 : 0.5));
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // e^r - 1 = r + r²/2! + ... + r^13/13!: the first omitted term is below 5e-18 for |r| <= 0.347.
  double p = 1.0 / 6227020800;
  const double inverseFactorials[] = {1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880,
                                      1.0 / 40320,     1.0 / 5040,     1.0 / 720,     1.0 / 120,
                                      1.0 / 24,        1.0 / 6,        1.0 / 2,       1.0};
  for (double c : inverseFactorials) p = c + r * p;
  const double expR = 1.0 + r * p;
  // The scaling by 2^k is exact unless the result is subnormal (then one rounding, the same everywhere).
  if (k < -1021) return expR * powerOfTwo(k + 60) * powerOfTwo(-60);
  if (k > 1023) return expR * powerOfTwo(k - 1) * 2.0;
  return expR * powerOfTwo(k);
}

double portableLog(double x) {
  if (x != x || x < 0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) return -std::numeric_limits<double>::infinity();
  if (x == std::numeric_limits<double>::infinity()) return x;
  int e = 0;
  if (x < 0x1p-1022) {  // subnormal: scale into the normal range first (exact)
    x *= 0x1p54;
    e = -54;
  }
  // x = 2^e · m with m in [√2/2, √2): then ln x = e ln 2 + ln(1 + f), f = m − 1 exact, |f| < 0.415.
  const std::uint64_t bits = toBits(x);
  e += static_cast<int>(bits >> 52) - 1023;
  double m = fromBits((bits & 0x000FFFFFFFFFFFFFULL) | 0x3FF0000000000000ULL);
  if (m >= kSqrt2) {
    m *= 0.5;
    ++e;
  }
  const double f = m - 1.0;
  // ln(1 + f) = 2 atanh(s) = 2s + s·R, s = f/(2 + f), R = 2s²/3 + 2s⁴/5 + ... + 2s²²/23 (|s| < 0.172:
  // the first omitted term is below 3e-19), regrouped as f − (f²/2 − s(f²/2 + R)) (fdlibm) to keep f's bits.
  const double s = f / (2.0 + f);
  const double z = s * s;
  double series = 2.0 / 23;
  for (int j = 21; j >= 3; j -= 2) series = 2.0 / j + z * series;
  const double R = z * series;
  const double halfSquare = 0.5 * f * f;
  const double de = e;
  return de * kLn2Hi - ((halfSquare - (s * (halfSquare + R) + de * kLn2Lo)) - f);
}

}  // namespace attnlab
