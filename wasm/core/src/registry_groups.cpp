// SPDX-License-Identifier: Apache-2.0
// Every experiment the lab offers, in picker order, in the groups the page loads as separate wasm modules
// (attnlab/module_groups.hpp). Adding one = one line in its group.
#include "attnlab/attention_map.hpp"
#include "attnlab/module_groups.hpp"
#include "attnlab/rank/experiments.hpp"
#include "attnlab/rmt/experiments.hpp"
#include "attnlab/sparse/experiments.hpp"

namespace attnlab {
namespace {

std::vector<Experiment> inModule(const char* module, std::vector<Experiment> group) {
  for (auto& e : group) e.module = module;
  return group;
}

}  // namespace

std::vector<Experiment> sparseGroup() {
  return inModule("sparse", {attentionMapExperiment(), sparseApproxExperiment(), sparseDminExperiment()});
}

std::vector<Experiment> rmtGroup() {
  return inModule("rmt", {rmtSpectrumExperiment(), rmtTransitionExperiment(), rmtWeightsExperiment(),
                          rmtRidgeExperiment(), rmtPhaseExperiment()});
}

std::vector<Experiment> rankGroup() {
  return inModule("rank", {rankBetaExperiment(), rankNExperiment(), rankEpsExperiment(), rankLadderExperiment()});
}

std::vector<Experiment> rankHeadsGroup() {
  return inModule("rank-heads", {rankInteractionExperiment(), rankZooExperiment()});
}

}  // namespace attnlab
