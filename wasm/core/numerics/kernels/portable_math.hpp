// SPDX-License-Identifier: Apache-2.0
// exp and log from +, -, *, / and bit manipulation only (docs/theory/rank.md#prng-ziggurat): the same bits
// on every platform, unlike libm, whose last bit differs between glibc (native) and musl (wasm). Used
// where a number must be reproduced exactly everywhere (the ziggurat's rare wedge and tail draws).
// Their source is compiled with -ffp-contract=off (CMakeLists.txt), so no compiler may fuse a*b+c.
#pragma once

namespace attnlab {

// e^x within 1 ulp for x in [-708, 709]; 0 below -745.2, +inf above 709.8, subnormal in between.
double portableExp(double x);
// ln x within 1 ulp for x > 0 (subnormals included); -inf at 0, NaN below 0 or for NaN, +inf at +inf.
double portableLog(double x);

}  // namespace attnlab
