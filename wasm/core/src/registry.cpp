// Every experiment the lab offers, in picker order. Adding one = one line here.
#include "attnlab/attention_map.hpp"
#include "attnlab/experiment.hpp"
#include "attnlab/rank/experiments.hpp"
#include "attnlab/rmt/experiments.hpp"
#include "attnlab/sparse/experiments.hpp"

namespace attnlab {

const std::vector<Experiment>& experiments() {
  static const std::vector<Experiment> all = {
      attentionMapExperiment(),
      sparseApproxExperiment(),
      sparseDminExperiment(),
      rmtSpectrumExperiment(),
      rmtTransitionExperiment(),
      rmtWeightsExperiment(),
      rmtRidgeExperiment(),
      rmtPhaseExperiment(),
      rankBetaExperiment(),
      rankNExperiment(),
      rankEpsExperiment(),
      rankLadderExperiment(),
      rankInteractionExperiment(),
      rankZooExperiment(),
  };
  return all;
}

}  // namespace attnlab
