// SPDX-License-Identifier: Apache-2.0
#pragma once
// The experiments in groups, one wasm module per group on the page: a reader's first run downloads only
// its group's code (each group module is about half the whole lab's). The native CLI, headless and the
// tests hold every group (experiments()). Each experiment names its group (Experiment::module), and
// the page's workers load that module (web/src/engine/load-browser.ts).
#include <vector>

#include "lab/experiment.hpp"

namespace attnlab {

std::vector<Experiment> sparseGroup();     // the attention map and paper 1 (sparse patterns)
std::vector<Experiment> rmtGroup();        // paper 2 (attention pooling and random matrices)
std::vector<Experiment> rankGroup();       // paper 3's rank against β, n and ε, and the rank ladder
std::vector<Experiment> rankHeadsGroup();  // paper 3 on given heads: interaction dimension, the head zoo

}  // namespace attnlab
