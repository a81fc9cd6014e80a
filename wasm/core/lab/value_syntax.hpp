// SPDX-License-Identifier: Apache-2.0
#pragma once
// The syntax of parameter values as a link or a command line carries them: numbers (numerics/shared/decimal.hpp)
// and text values. The page's URL codec reads values with the same rules: `attnlab --syntax` prints them and
// `npm run gen` writes them into web/src/experiments/generated/syntax.ts.

#include "lab/json.hpp"

namespace attnlab {

// Text values: printable ASCII from '!' to '~' except these, so a link carries them unescaped.
constexpr const char* kTextExcluded = "\"'#&=%\\";
bool isTextChar(char c);

// {"decimal": {"pattern", "maxLength"}, "text": {"first", "last", "excluded"}}: what `attnlab --syntax` prints.
Json valueSyntaxJson();

}  // namespace attnlab
