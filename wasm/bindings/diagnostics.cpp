// SPDX-License-Identifier: Apache-2.0
// Leak probes for tests: heap in use and the current stack pointer.
#include <emscripten/bind.h>
#include <emscripten/stack.h>
#include <malloc.h>

#include "numerics/shared/rng.hpp"

namespace {
double heapInUse() { return static_cast<double>(mallinfo().uordblks); }
double stackPointer() { return static_cast<double>(emscripten_stack_get_current()); }
// First outputs of the project's generator, for the cross-platform test vectors (docs/theory/rank.md#prng).
std::string rngProbe(double seed, int count) {
  attnlab::Rng rng(static_cast<std::uint64_t>(seed),
                   attnlab::NormalMethod::BoxMuller);  // next() only: the method is unused
  std::string out;
  char buf[64];
  for (int i = 0; i < count; ++i) {
    std::snprintf(buf, sizeof buf, "%s%016llx", i ? "," : "", static_cast<unsigned long long>(rng.next()));
    out += buf;
  }
  return out;
}
}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_diagnostics) {
  emscripten::function("heapInUse", &heapInUse);
  emscripten::function("stackPointer", &stackPointer);
  emscripten::function("rngProbe", &rngProbe);
}
