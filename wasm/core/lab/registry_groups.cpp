// SPDX-License-Identifier: Apache-2.0
// Every experiment the lab offers, in picker order, in the groups the page loads as separate wasm modules
// (lab/registry_groups.hpp). Adding one = its factory's declaration and one entry in its group, both here; its
// family is the one its declaration names (declareExperiment).
#include "lab/registry_groups.hpp"

namespace attnlab {

// Each defined in wasm/core/lab/experiments/<family>/<id in snake_case>.cpp (attention-map: lab/experiments/).
Experiment attentionMapExperiment();
Experiment sparseApproxExperiment();
Experiment sparseDminExperiment();
Experiment rmtSpectrumExperiment();
Experiment rmtTransitionExperiment();
Experiment rmtWeightsExperiment();
Experiment rmtRidgeExperiment();
Experiment rmtPhaseExperiment();
Experiment rankBetaExperiment();
Experiment rankNExperiment();
Experiment rankEpsExperiment();
Experiment rankLadderExperiment();
Experiment rankInteractionExperiment();
Experiment rankZooExperiment();

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
