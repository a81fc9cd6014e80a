// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parameter or input a refusal is about, as a structured key for hosts (a page marks that field, resets
// that value): every refusal of bad input starts with the name it is about ("n must be an integer in …",
// "R: ar:phi needs …", "pattern: p.csv: line 2: …"; the verdict table and the schema tests hold them to it).

#include <string>

#include "lab/experiment.hpp"

namespace attnlab {

// The experiment's parameter key or input name that `message` starts with (followed by a space, a colon
// or nothing), the longest when several do; "" when none does (the refusal is about no one parameter).
std::string errorKey(const Experiment& e, const std::string& message);

}  // namespace attnlab
