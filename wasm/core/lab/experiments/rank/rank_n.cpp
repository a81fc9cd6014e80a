// SPDX-License-Identifier: Apache-2.0
// rank-n (docs/theory/rank.md#rank-vs-n): the min{n, ·} saturation of the eps-rank against the
// number of tokens n, with the diagonal k = n. The sweep is rank/experiment_sweep.cpp.
#include "lab/experiments/rank/experiment_common.hpp"

namespace attnlab {

namespace {

Experiment sweep() {
  return rankSweepExperiment(
      RankAxis::N, "rank-n",
      {{&RankSweepParams::geometry, rankParam("geometry")},
       {&RankSweepParams::d, rankParam("d")},
       {&RankSweepParams::swept,
        ParamDecl::integers("n", {16, 32, 64, 128, 256, 512}, kRankMinN, kRankMaxN, 12,
                            "Numbers of tokens swept, comma-separated; a smaller n takes the first n "
                            "points of a larger one.",
                            "tokens")},
       {&RankSweepParams::beta, rankParam("beta")},
       {&RankSweepParams::eps, rankParam("eps")},
       {&RankSweepParams::svd, rankParam("svd")},
       {&RankSweepParams::budget, budgetParam()},
       {&RankSweepParams::seed, rankSeedParam()},
       {&RankSweepParams::rng, rngParam()}});
}

}  // namespace

Experiment rankNExperiment() {
  Experiment e = sweep();
  declareTestSets(e, R"json({"cheap": {"n": "16,32"},
                     "memory": [{"n": "1024", "beta": "16"}],
                     "reference": [{"label": "sphere", "params": {"n": "16,24,40", "beta": "8", "seed": "1"}}],
                     "engine": {"n": "16,32"},
                     "view": {"n": [16, 32, 64]},
                     "timing": [{}, {"n": "64,128,256,512,1024"}],
                     "corrupt": {"pointer": "/points/0/lowerBound", "value": -1}})json");
  return e;
}

}  // namespace attnlab
