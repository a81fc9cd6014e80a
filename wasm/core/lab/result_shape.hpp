// SPDX-License-Identifier: Apache-2.0
// Checks a result against its experiment's declared shape (keys and types, not values).
// Shape language: "int", "number", "bool", "string", a union "number|null", arrays "number[]" or
// "(int|null)[]", nested objects {...} (with "$nullable": true when the object may be null) and
// arrays of objects [ {...} ]. Every declared key must be present and no other key may appear.
#pragma once
#include <string>

#include "lab/json.hpp"

namespace attnlab {

// "" when value conforms to shape, else the first mismatch ("perN[0].mean: expected number|null, got \"x\"").
std::string shapeMismatch(const Json& shape, const Json& value, const std::string& path = "");

}  // namespace attnlab
