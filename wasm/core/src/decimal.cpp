#include "attnlab/decimal.hpp"

#include <cmath>
#include <cstdlib>
#include <regex>

namespace attnlab {

bool parseDecimal(const std::string& text, double& value) {
  static const std::regex kDecimal(kDecimalPattern);
  if (text.size() > kDecimalMaxLength || !std::regex_match(text, kDecimal)) return false;
  value = std::strtod(text.c_str(), nullptr);
  return std::isfinite(value);
}

}  // namespace attnlab
