// SPDX-License-Identifier: Apache-2.0
// sparse-dmin's time model (src/experiments/sparse-dmin.cpp, docs/cost-model.md): the predicted seconds of one job's
// scan. Beside dmin_sweep.hpp, whose DminParams it reads.
#pragma once
#include "lab/inputs/parse_input.hpp"
#include "lab/experiments/sparse/dmin_sweep.hpp"

namespace attnlab {

// Seconds of the job at p's coordinates (curve, n index) on the reference machine; `pattern` the uploaded pattern,
// or nullptr.
double dminJobSeconds(const DminParams& p, const InputArray* pattern);

}  // namespace attnlab
