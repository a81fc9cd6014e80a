// attention-map: P = row-softmax(beta X X^T) for points X from a geometry, and what it looks like.
#pragma once
#include <cstdint>
#include <string>

#include "attnlab/experiment.hpp"

namespace attnlab {

struct AttentionMapParams {
  int n = 256;               // tokens
  int d = 3;                 // dimension of the points
  std::string geometry = "sphere";
  double beta = 8.0;         // inverse temperature (no 1/sqrt(d))
  bool causal = false;
  int heatmapSide = 512;     // max heatmap cells per side (max-|x| downsampling beyond)
  std::uint64_t seed = 1;
  double budgetBytes = 1024.0 * 1024.0 * 1024.0;
};

AttentionMapParams readAttentionMapParams(const Json& params);
double attentionMapMemoryBytes(const AttentionMapParams& p);
Json runAttentionMap(const AttentionMapParams& p, const Progress& progress);
Experiment attentionMapExperiment();

}  // namespace attnlab
