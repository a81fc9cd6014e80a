// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one number syntax of the lab, for numeric parameters and for numbers inside text parameters
// (R=ar:0.6, pool=causal:0.5, pool=0.5,0.3,0.2) alike: plain decimal, an optional exponent, nothing else.
// The page's URL codec reads numbers with the same pattern (`attnlab --syntax`, generated into
// web/src/experiments/generated/syntax.ts).

#include <cstddef>
#include <string>

namespace attnlab {

// The whole grammar of a number, as an ECMAScript regular expression (std::regex's default and JavaScript's).
constexpr const char* kDecimalPattern = R"(-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)";
constexpr std::size_t kDecimalMaxLength = 64;

// True when the whole of `text` is -?(digits[.digits]|.digits)([eE][-+]?digits)? (at most 64 characters)
// and its value is finite; "0x10", "+16", " 16", "1e999", "inf" and "nan" are not numbers here.
bool parseDecimal(const std::string& text, double& value);
// True when the whole of `text` is in kDecimalPattern's language (any length, any value).
bool matchesDecimal(const std::string& text);

// How the refusals name it: "a plain decimal number (such as 0.5 or 1e-3)".
constexpr const char* kDecimalForm = "a plain decimal number (such as 0.5 or 1e-3)";

}  // namespace attnlab
