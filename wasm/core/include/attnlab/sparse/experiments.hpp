// SPDX-License-Identifier: Apache-2.0
// The paper-1 experiments (docs/theory/sparse.md): sparse-approx (one pattern) and sparse-dmin (d_min against n).
#pragma once
#include "attnlab/experiment.hpp"

namespace attnlab {

Experiment sparseApproxExperiment();
Experiment sparseDminExperiment();

}  // namespace attnlab
