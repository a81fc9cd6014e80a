// SPDX-License-Identifier: Apache-2.0
#pragma once
// An experiment's run on a model's heads (model/model_request.hpp), prepared as prepareRun prepares a run on files
// (host/command_line.hpp): the same parameter resolution (the heads' scale is in Q: scale=1 unless given), the same
// time budget, and the memory of the head stacks bounded before a byte of weights is read.
#include <string>

#include "host/command_line.hpp"
#include "model/byte_source.hpp"
#include "model/model_request.hpp"

namespace attnlab {

// The experiments that take a model's heads (their inputs q and k).
std::vector<std::string> headExperimentIds();

// What `<id> --help` adds for an experiment that takes heads ("" for the others): the model's keys, from
// modelRequestKeys, and for rank-zoo the study's.
std::string modelRunHelp(const std::string& id);

// Refused (badInput, one line naming the key): an experiment that takes no heads, a request without ids (a text must
// be tokenized first: a host that cannot says so) or with a corpus (a study is planned, not run at once), a last layer
// beyond the model, ids the model cannot read, stacks above the run's memory budget, a run above maxSeconds.
// Weights only (weights=1), rank-zoo measures each head as a bilinear form (bilinear=1).
PreparedRun prepareModelRun(const std::string& id, const Json& params, const std::string& maxSeconds,
                            const model::ModelRequest& request, model::ByteSource& source);

}  // namespace attnlab
