// SPDX-License-Identifier: Apache-2.0
#include "lab/value_syntax.hpp"

#include <cstring>

#include "numerics/shared/decimal.hpp"

namespace attnlab {

bool isTextChar(char c) { return c > ' ' && c < 127 && std::strchr(kTextExcluded, c) == nullptr; }

Json valueSyntaxJson() {
  return {{"decimal", {{"pattern", kDecimalPattern}, {"maxLength", kDecimalMaxLength}}},
          {"text", {{"first", "!"}, {"last", "~"}, {"excluded", kTextExcluded}}}};
}

}  // namespace attnlab
