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

std::string printableText(const std::string& value, std::size_t limit) {
  std::size_t end = value.size() > limit ? limit : value.size();
  while (end > 0 && end < value.size() && (static_cast<unsigned char>(value[end]) & 0xC0) == 0x80) --end;
  std::string out;
  char hex[8];
  for (std::size_t i = 0; i < end; ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    const auto next = i + 1 < end ? static_cast<unsigned char>(value[i + 1]) : 0;
    if (c < 0x20 || c == 0x7f) {
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else if (c == 0xC2 && next >= 0x80 && next <= 0x9F) {  // U+0080..U+009F, the C1 controls (NEL among them)
      std::snprintf(hex, sizeof hex, "\\u%04x", next);
      out += hex;
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return end < value.size() ? out + "..." : out;
}

std::string quotedText(const std::string& value, std::size_t limit) { return "'" + printableText(value, limit) + "'"; }

}  // namespace attnlab
