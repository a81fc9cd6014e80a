// SPDX-License-Identifier: Apache-2.0
// The result tree. nlohmann's ordered_json keeps keys in insertion order, so output is stable.
#pragma once
#include <nlohmann/json.hpp>

namespace attnlab {
using Json = nlohmann::ordered_json;
}
