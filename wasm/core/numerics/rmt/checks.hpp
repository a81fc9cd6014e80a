// SPDX-License-Identifier: Apache-2.0
// Input checks shared by the paper-2 numerics: every refusal names the parameter and its allowed range.
#pragma once
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/shared/text.hpp"

namespace attnlab {

// "name must be a number in (lo, hi], got x"; the brackets say which ends are allowed.
inline void requireInRange(const char* name, double value, double lo, double hi, bool loOpen = false,
                           bool hiOpen = false) {
  const bool ok = std::isfinite(value) && (loOpen ? value > lo : value >= lo) && (hiOpen ? value < hi : value <= hi);
  if (ok) return;
  throw std::invalid_argument(
      text(name, " must be a number in ", loOpen ? "(" : "[", lo, ", ", hi, hiOpen ? ")" : "]", ", got ", value));
}

// Same check for integer parameters: "name must be an integer in [lo, hi], got x".
inline void requireIntInRange(const char* name, long long value, long long lo, long long hi) {
  if (value >= lo && value <= hi) return;
  throw std::invalid_argument(text(name, " must be an integer in [", lo, ", ", hi, "], got ", value));
}

}  // namespace attnlab
