// SPDX-License-Identifier: Apache-2.0
#pragma once
// Short vectors for the hand-vectorised kernels (sparse/float_logits.cpp, gemv.cpp): GCC/Clang vector types, which
// compile to SSE natively and to wasm SIMD in the browser, with unaligned loads and stores.
#include <cstring>

namespace attnlab {

typedef float FloatLanes __attribute__((vector_size(16)));      // 4 floats
typedef double DoubleLanes __attribute__((vector_size(16)));    // 2 doubles
typedef long long DoubleBits __attribute__((vector_size(16)));  // their bits

// |x| lane by lane, as std::fabs: the sign bit cleared.
inline DoubleLanes absLanes(DoubleLanes x) {
  const DoubleBits magnitude = {0x7fffffffffffffffLL, 0x7fffffffffffffffLL};
  return reinterpret_cast<DoubleLanes>(reinterpret_cast<DoubleBits>(x) & magnitude);
}

template <class Lanes, class Scalar>
Lanes loadLanes(const Scalar* p) {
  Lanes v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class Lanes, class Scalar>
void storeLanes(Scalar* p, Lanes v) {
  std::memcpy(p, &v, sizeof v);
}

}  // namespace attnlab
