// SPDX-License-Identifier: Apache-2.0
#include "numerics/shared/decimal.hpp"

#include <cmath>
#include <cstdlib>

namespace attnlab {

namespace {

// Advances past digits; true when there was at least one.
bool digits(const std::string& s, std::size_t& i) {
  const std::size_t start = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  return i > start;
}

}  // namespace

// kDecimalPattern, read by hand: the same language (a Catch2 test compares the two on every text of up to
// five characters from the pattern's alphabet), without std::regex, which is about 34 KB of the wasm module.
bool matchesDecimal(const std::string& s) {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  const bool whole = digits(s, i);  // \d+ ...
  if (whole) {
    if (i < s.size() && s[i] == '.') ++i, digits(s, i);  // ... \.?\d*
  } else {
    if (i >= s.size() || s[i] != '.') return false;  // or \.\d+
    ++i;
    if (!digits(s, i)) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {  // ([eE][-+]?\d+)?
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    if (!digits(s, i)) return false;
  }
  return i == s.size();
}

bool parseDecimal(const std::string& text, double& value) {
  if (text.size() > kDecimalMaxLength || !matchesDecimal(text)) return false;
  value = std::strtod(text.c_str(), nullptr);
  return std::isfinite(value);
}

}  // namespace attnlab
