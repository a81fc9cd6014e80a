// SPDX-License-Identifier: Apache-2.0
// One job of a model study (lab/model_study.hpp) run on a checkpoint read through a ByteSource: the native CLI's
// `attnlab run-job` over a study's jobs file.
#pragma once
#include "model/byte_source.hpp"
#include "lab/experiment.hpp"

namespace attnlab::model {

// Refuses (bad input) a folder whose fingerprint is not the line's; else the window's heads (layers 0..lastLayer),
// then rank-zoo at each ε of the line's grid. value: the runs, [{"n", "window", "eps", "result"}].
Outcome runStudyJob(ByteSource& source, const Json& line, const Progress& progress);

}  // namespace attnlab::model
