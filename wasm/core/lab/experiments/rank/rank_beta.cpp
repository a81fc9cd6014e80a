// SPDX-License-Identifier: Apache-2.0
// rank-beta (docs/theory/rank.md#sphere-law, #ball-vs-lift): the eps-rank band [lower bound, best upper
// certificate] against the inverse temperature beta, with the fitted log-log slope over beta 8-64
// against the predicted (d−1)/2 (sphere) or d/2 (Gaussian lift). The sweep is rank/experiment_sweep.cpp.
#include "lab/experiments/rank/experiment_common.hpp"

namespace attnlab {

namespace {

Experiment sweep() {
  return rankSweepExperiment(
      RankAxis::Beta, "rank-beta",
      {{&RankSweepParams::geometry, rankParam("geometry")},
       {&RankSweepParams::d, rankParam("d")},
       {&RankSweepParams::n, rankParam("n")},
       {&RankSweepParams::eps, rankParam("eps")},
       {&RankSweepParams::swept,
        ParamDecl::reals("betas", {1, 2, 4, 8, 16, 32, 64}, 0, 10000, 16,
                         "Inverse temperatures β swept, comma-separated; one job per value, all on "
                         "the same points. The slope is fitted over β = 8, 16, 32, 64.")
            .openBelow()},
       {&RankSweepParams::svd, rankParam("svd")},
       {&RankSweepParams::budget, budgetParam()},
       {&RankSweepParams::seed, rankSeedParam()},
       {&RankSweepParams::rng, rngParam()}});
}

}  // namespace

Experiment rankBetaExperiment() {
  Experiment e = sweep();
  declareTestSets(e, R"json({"cheap": {"n": 32, "betas": "2,8"},
                     "memory": [{"n": "1024", "betas": "16"}],
                     "reference": [
                       {"label": "sphere d = 3", "params": {"n": "40", "betas": "2,8,16", "seed": "2"}},
                       {"label": "gauss d = 2",
                        "params": {"geometry": "gauss", "d": "2", "n": "32", "betas": "4,16", "seed": "3"}}],
                     "engine": {"n": "64", "betas": "1,4,16"},
                     "view": {"n": 64, "betas": [1, 4, 16]},
                     "sharded": {"n": "64", "d": "2", "betas": "1,4,16", "seed": "2"},
                     "timing": [{}, {"n": "768"}, {"n": "1024", "betas": "2,64", "svd": "full"}],
                     "corrupt": {"pointer": "/points/0/kSvd", "value": 1e9}})json");
  return e;
}

}  // namespace attnlab
