#pragma once
// The one number syntax of the lab, for numeric parameters and for numbers inside text parameters
// (R=ar:0.6, pool=causal:0.5, pool=0.5,0.3,0.2) alike: plain decimal, an optional exponent, nothing else.
// Shared with the page's URL codec (web/src/state/values.ts).

#include <string>

namespace attnlab {

// True when the whole of `text` is -?(digits[.digits]|.digits)([eE][-+]?digits)? (at most 64 characters)
// and its value is finite; "0x10", "+16", " 16", "1e999", "inf" and "nan" are not numbers here.
bool parseDecimal(const std::string& text, double& value);

// How the refusals name it: "a plain decimal number (such as 0.5 or 1e-3)".
constexpr const char* kDecimalForm = "a plain decimal number (such as 0.5 or 1e-3)";

}  // namespace attnlab
