// SPDX-License-Identifier: Apache-2.0
#include "numerics/kernels/blocking.hpp"

#include <Eigen/Core>

namespace attnlab {

BlockingSizes pinnedBlockingSizes() {
#if defined(__wasm__)
  return {16 * 1024, 512 * 1024, 512 * 1024};
#else
  return {48 * 1024, 1280 * 1024, 32 * 1024 * 1024};
#endif
}

void pinProductBlocking() {
  const BlockingSizes s = pinnedBlockingSizes();
  Eigen::setCpuCacheSizes(s.l1, s.l2, s.l3);
}

}  // namespace attnlab
