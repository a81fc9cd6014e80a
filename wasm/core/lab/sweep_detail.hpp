// SPDX-License-Identifier: Apache-2.0
// Shared by the two halves of a sweep (sweep.cpp: plan and job lines; sweep_shards.cpp: results), apart
// from the public lab/sweep.hpp.
#pragma once
#include <string>

#include "lab/experiment.hpp"

namespace attnlab::sweep_detail {

// The experiment of that id; a ParamError naming the id when there is none.
const Experiment& requireExperiment(const std::string& id);
// A JSON value for a message, cut to 60 characters.
std::string shown(const Json& v);

}  // namespace attnlab::sweep_detail
