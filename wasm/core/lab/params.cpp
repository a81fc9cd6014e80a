// SPDX-License-Identifier: Apache-2.0
#include "lab/params.hpp"

#include "numerics/shared/text.hpp"

namespace attnlab {

void requireMemory(double estimatedBytes, double budgetBytes, const std::string& what) {
  if (estimatedBytes > budgetBytes) {
    throw ParamError(what + " needs about " + formatNumber(estimatedBytes / (1024.0 * 1024.0), 4) +
                     " MiB, beyond the memory budget of " + formatNumber(budgetBytes / (1024.0 * 1024.0), 4) +
                     " MiB (parameter budget); choose smaller sizes or raise budget");
  }
}

}  // namespace attnlab
