// SPDX-License-Identifier: Apache-2.0
// The ziggurat's rare paths (docs/theory/rank.md#prng-ziggurat): the wedges of layers 1..255 and the tail
// beyond r. They call portableExp/portableLog, never libm, and this file is compiled with -ffp-contract=off
// (CMakeLists.txt), so a deviate is the same bits natively (glibc) and in wasm (musl).
#include <cmath>

#include "numerics/kernels/portable_math.hpp"
#include "numerics/shared/rng.hpp"

namespace attnlab {
namespace {

// Marsaglia's tail: x = r + a with a ~ Exp(r) accepted with probability exp(-a²/2) (as -ln U2 >= a²/2).
double tailBeyondR(Rng& rng) {
  for (;;) {
    const double a = -portableLog(1.0 - rng.uniform()) / ziggurat::kR;
    const double b = -portableLog(1.0 - rng.uniform());
    if (b + b >= a * a) return ziggurat::kR + a;
  }
}

}  // namespace

double Rng::zigguratSlow(std::uint64_t word) {
  for (;;) {
    const int layer = static_cast<int>(word & 0xFF);
    const double u = symmetricUnit(word);
    const double x = u * ziggurat::kX[layer];
    if (std::fabs(x) < ziggurat::kX[layer + 1]) return x;  // the box (the caller already saw this fail once)
    if (layer == 0) return u < 0 ? -tailBeyondR(*this) : tailBeyondR(*this);
    // Wedge of layer i: a height uniform in [f(X[i]), f(X[i+1])) under the density at x.
    const double height = ziggurat::kF[layer] + (ziggurat::kF[layer + 1] - ziggurat::kF[layer]) * uniform();
    if (height < portableExp(-0.5 * x * x)) return x;
    word = next();
  }
}

}  // namespace attnlab
