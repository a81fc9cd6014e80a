// SPDX-License-Identifier: Apache-2.0
#pragma once
// Machine-independent matrix products: Eigen cuts the inner dimension of a product into blocks sized
// from the CPU's cache sizes, which it asks the CPU for (cpuid). A different cut adds the partial sums
// in a different order, so the same link gave different last bits on a machine with a 32 KiB L1 cache
// than on one with 48 KiB. Every entry point of the core pins the sizes first.

#include <cstddef>

namespace attnlab {

struct BlockingSizes {
  std::ptrdiff_t l1, l2, l3;  // bytes
};

// The pinned sizes. Native: the 48 KiB / 1.25 MiB / 32 MiB machine that computed the numbers of the
// links shared since the first release (tests/web/fixtures/golden-results.json). WebAssembly: the sizes
// Eigen always used there, since it cannot ask the CPU (16 KiB / 512 KiB / 512 KiB).
BlockingSizes pinnedBlockingSizes();

// Sets Eigen's cache sizes to pinnedBlockingSizes(). Cheap; call it before any product.
void pinProductBlocking();

}  // namespace attnlab
