// SPDX-License-Identifier: Apache-2.0
// rank-eps (docs/theory/rank.md#rank-vs-eps): the eps-rank band against the tolerance eps at fixed
// beta and n (heuristic: rank grows like (β·ln(C/ε))^((d−1)/2)). The sweep is rank/experiment_sweep.cpp.
#include "lab/experiments/rank/experiment_common.hpp"

namespace attnlab {

namespace {

Experiment sweep() {
  return rankSweepExperiment(
      RankAxis::Eps, "rank-eps",
      {{&RankSweepParams::geometry, rankParam("geometry")},
       {&RankSweepParams::d, rankParam("d")},
       {&RankSweepParams::n, rankParam("n")},
       {&RankSweepParams::beta, rankParam("beta")},
       {&RankSweepParams::swept,
        ParamDecl::reals("eps", {0.4, 0.2, 0.1, 0.05, 0.025}, 0, 1, 12,
                         "Tolerances ε swept, comma-separated, each in (0, 1); one job per value, "
                         "all on the same points.")
            .openBelow()
            .openAbove()},
       {&RankSweepParams::svd, rankParam("svd")},
       {&RankSweepParams::budget, budgetParam()},
       {&RankSweepParams::seed, rankSeedParam()},
       {&RankSweepParams::rng, rngParam()}});
}

}  // namespace

Experiment rankEpsExperiment() {
  Experiment e = sweep();
  declareTestSets(e, R"json({"cheap": {"n": 32, "eps": "0.2,0.1"},
                     "memory": [{"n": "1024", "beta": "16", "eps": "0.1"}],
                     "reference": [{"label": "ball", "params": {"geometry": "ball", "n": "32", "eps": "0.2,0.05",
                                    "seed": "4"}}],
                     "engine": {"n": "64", "eps": "0.2,0.1"},
                     "view": {"n": 64, "eps": [0.2, 0.1]},
                     "timing": [{}, {"n": "640"}],
                     "corrupt": {"pointer": "/points/0/upper", "value": 1e9}})json");
  return e;
}

}  // namespace attnlab
