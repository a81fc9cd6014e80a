// attention-map (platform issue): the object all three papers study, sampled and summarised.
#include <algorithm>
#include <cmath>

#include "attnlab/attention_map.hpp"
#include "attnlab/geometry.hpp"
#include "attnlab/params.hpp"
#include "attnlab/softmax.hpp"

namespace attnlab {

AttentionMapParams readAttentionMapParams(const Json& params) {
  ParamReader r(params);
  AttentionMapParams p;
  p.n = static_cast<int>(r.integer("n", p.n, 2, 4096));
  p.d = static_cast<int>(r.integer("d", p.d, 1, 256));
  p.geometry = r.choice("geometry", p.geometry, {"sphere", "ball", "gauss"});
  p.beta = r.real("beta", p.beta, 0.0, 1000.0);
  p.causal = r.choice("mask", "none", {"none", "causal"}) == "causal";
  p.heatmapSide = static_cast<int>(r.integer("px", p.heatmapSide, 16, 2048));
  p.seed = r.seed(p.seed);
  p.budgetBytes = r.budgetBytes();
  r.rejectUnknown();
  return p;
}

double attentionMapMemoryBytes(const AttentionMapParams& p) {
  const double n = p.n;
  // P, the SVD's working copy and bidiagonal workspace (~3 n^2), points, heatmap.
  return 8.0 * (3.0 * n * n + n * p.d + 6.0 * n) + 8.0 * p.heatmapSide * p.heatmapSide;
}

namespace {
void requireAttentionMapMemory(const AttentionMapParams& p) {
  requireMemory(attentionMapMemoryBytes(p), p.budgetBytes, "attention-map with n = " + std::to_string(p.n));
}
}  // namespace

Json runAttentionMap(const AttentionMapParams& p, const Progress& progress) {
  requireAttentionMapMemory(p);
  const double total = 4;
  Rng rng(p.seed);
  const Geometry geometry = parseGeometry(p.geometry);
  const RowMatrix x = samplePoints(geometry, p.n, p.d, rng);
  progress.step(0.5, total);

  RowMatrix attention = selfAttentionLogits(geometry, x, p.beta);
  const int block = 256;
  for (int first = 0; first < p.n; first += block) {
    rowSoftmaxInPlace(attention, p.causal, first, std::min(p.n, first + block));
    progress.step(0.5 + 0.5 * std::min(p.n, first + block) / p.n, total);
  }
  double rowSumError = 0;
  for (int i = 0; i < p.n; ++i) rowSumError = std::max(rowSumError, std::fabs(attention.row(i).sum() - 1.0));

  const std::vector<double> entropy = rowEntropies(attention);
  progress.step(1.5, total);
  const std::vector<double> sv = singularValues(attention);
  progress.step(3.5, total);
  const Grid heat = downsampleMaxAbs(attention, p.heatmapSide);
  progress.step(4, total);

  Json result;
  result["n"] = p.n;
  result["d"] = p.d;
  result["singularValues"] = sv;
  result["rowEntropy"] = entropy;
  result["effectiveRank"] = effectiveRank(sv);
  result["maxEntropy"] = std::log(static_cast<double>(p.n));
  result["rowSumError"] = rowSumError;
  result["heatmap"] = gridJson(heat);
  return result;
}

Experiment attentionMapExperiment() {
  const auto plan = [](const Json& params) {
    requireAttentionMapMemory(readAttentionMapParams(params));  // refuse before any worker starts
    return singleJob(params);
  };
  const auto runJob = [](const Job& job, const Progress& progress) {
    return runAttentionMap(readAttentionMapParams(job.params), progress);
  };
  return {"attention-map", "attention", plan, runJob, onlyResult};
}

}  // namespace attnlab
