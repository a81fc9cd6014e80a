// SPDX-License-Identifier: Apache-2.0
#include "numerics/shared/text.hpp"

#include <cstdio>

namespace attnlab {

std::string formatNumber(double x, int significant) {
  char buffer[64];
  const int n = std::snprintf(buffer, sizeof buffer, "%.*g", significant, x);
  return std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
}

std::string padRight(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

}  // namespace attnlab
