// SPDX-License-Identifier: Apache-2.0
// attention-map (shared by the three papers; docs/theory/rank.md#definitions): the object all three papers study,
// sampled and summarised.
#include <limits>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "lab/job_checks.hpp"
#include "lab/experiments/attention_map.hpp"
#include "lab/param_fields.hpp"
#include "lab/params.hpp"
#include "numerics/kernels/softmax.hpp"

namespace attnlab {
namespace {

struct MapParams : RunParams {
  int n = 0, d = 0, px = 0;
  std::string geometry, order;
  double beta = 0;
  bool causal = false;
};

const ParamList<MapParams>& params() {
  static const ParamList<MapParams> list{
      {&MapParams::n,
       ParamDecl::integer("n", 256, 2, 4096, "Number of points; P is n × n and its SVD costs about n³.", "tokens")},
      {&MapParams::d,
       ParamDecl::integer("d", 3, 1, 256, "Dimension of the points x_i (queries = keys: self-attention).")},
      {&MapParams::geometry,
       ParamDecl::choice("geometry", "sphere", {"sphere", "ball", "gauss"},
                         "Where the points live: the unit sphere, the uniform unit ball, or the Gaussian lift "
                         "(ball of radius 1/2 with −β|x_j|²/2 added to each logit).")},
      {&MapParams::beta,
       ParamDecl::real("beta", 8, 0, 1000,
                       "Inverse temperature: logits L = β·X Xᵀ with no 1/√d factor; β = 0 gives uniform rows.")},
      {&MapParams::causal, ParamDecl::choice("causal", "0", {"0", "1"},
                                             "Causal mask: P becomes lower-triangular (row i sees keys j ≤ i).")},
      {&MapParams::order,
       ParamDecl::choice(
           "order", "tour", {"tour", "sample"},
           "Order of the points in P: neighbours next to each other (by angle for d = 2), or the order they "
           "were drawn in. Spectra do not depend on it.")},
      {&MapParams::px,
       ParamDecl::integer("px", 512, 16, 2048,
                          "The heatmap pools P (largest |P_ij| per block) to at most this many cells per side.",
                          "cells")},
      {&MapParams::budget, budgetParam()},
      {&MapParams::seed, seedParam()},
      {&MapParams::rng, rngParam()},
  };
  return list;
}

// The result, declared once (lab/result_fields.hpp).
struct MapResult {
  int n = 0, d = 0;
  std::string order;
  std::vector<double> singularValues, rowEntropy;
  double effectiveRank = 0, maxEntropy = 0, rowSumError = 0;
  std::optional<double> sphereLawScale;  // where paper 3's sphere law lies in [1, n]
  Grid heatmap;
};
ATTNLAB_FIELDS(MapResult, n, d, order, singularValues, rowEntropy, effectiveRank, maxEntropy, rowSumError,
               sphereLawScale, heatmap)

// Greedy nearest-neighbour tour from point 0: O(n² d), small next to the SVD's n³.
std::vector<int> greedyTour(const RowMatrix& x) {
  const int n = static_cast<int>(x.rows());
  std::vector<int> order{0};
  std::vector<char> used(n, 0);
  used[0] = 1;
  for (int step = 1; step < n; ++step) {
    const int last = order.back();
    int best = -1;
    double bestDistance = 0;
    for (int j = 0; j < n; ++j) {
      if (used[j]) continue;
      const double dist = (x.row(j) - x.row(last)).squaredNorm();
      if (best < 0 || dist < bestDistance) {
        best = j;
        bestDistance = dist;
      }
    }
    used[best] = 1;
    order.push_back(best);
  }
  return order;
}

Json run(const Job& job, const Progress& progress) {
  const MapParams p = params().read(job.params);
  const int n = p.n, d = p.d, px = p.px;
  const double beta = p.beta;
  const bool causal = p.causal;
  const double total = 4;
  Rng rng(p.seed, p.rng);
  const Geometry geometry = parseGeometry(p.geometry);
  RowMatrix x = samplePoints(geometry, n, d, rng);
  if (p.order == "tour") {
    progress.step(0.1, total, "ordering " + std::to_string(n) + " points along a nearest-neighbour tour");
    const std::vector<int> order = neighbourOrder(x);
    RowMatrix sorted(n, d);
    for (int i = 0; i < n; ++i) sorted.row(i) = x.row(order[i]);
    x.swap(sorted);
  }
  progress.step(0.5, total, "logits and row softmax");

  RowMatrix attention = selfAttentionLogits(geometry, x, beta);
  const int block = 256;
  for (int first = 0; first < n; first += block) {
    rowSoftmaxInPlace(attention, causal, first, std::min(n, first + block));
    progress.step(0.5 + 0.5 * std::min(n, first + block) / n, total, "row softmax");
  }
  double rowSumError = 0;
  for (int i = 0; i < n; ++i) rowSumError = std::max(rowSumError, std::fabs(attention.row(i).sum() - 1.0));

  const std::vector<double> entropy = rowEntropies(attention);
  progress.step(1.5, total, "singular values of a " + std::to_string(n) + " × " + std::to_string(n) + " matrix");
  const std::vector<double> sv = singularValues(attention);
  progress.step(3.5, total, "heatmap");
  MapResult result{n,
                   d,
                   p.order,
                   sv,
                   entropy,
                   effectiveRank(sv),
                   std::log(static_cast<double>(n)),
                   rowSumError,
                   std::nullopt,
                   downsampleMaxAbs(attention, px)};
  progress.step(4, total);
  // Paper 3's sphere law: rank_eps ~ (1+β)^((d−1)/2), constant unknown; drawn where it lies in [1, n].
  const double scale = std::pow(1.0 + beta, (d - 1) / 2.0);
  if (geometry == Geometry::Sphere && scale >= 1 && scale <= n) result.sphereLawScale = scale;
  return resultJson(result);
}

// P is row-stochastic: its entries in [0, 1], row entropies in [0, log n], ranks and singular values >= 0.
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("n", 2, 4096)
      .within("d", 1, 256)
      .within("singularValues/*", 0, std::numeric_limits<double>::max())
      .within("rowEntropy/*", 0, std::numeric_limits<double>::max())
      .ordered("rowEntropy/*", "maxEntropy", 1e-12)
      .within("effectiveRank", 0, 4096)
      .ordered("effectiveRank", "n", 1e-12)
      .within("rowSumError", 0, std::numeric_limits<double>::max())
      .within("heatmap/data/*", 0, 1)
      .within("heatmap/rows", 0, 4096)
      .within("heatmap/cols", 0, 4096)
      .problem();
}

}  // namespace

std::vector<int> neighbourOrder(const RowMatrix& x) {
  const int n = static_cast<int>(x.rows());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (x.cols() == 1) {
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return x(a, 0) < x(b, 0); });
  } else if (x.cols() == 2) {
    std::vector<double> angle(n);
    for (int i = 0; i < n; ++i) angle[i] = std::atan2(x(i, 1), x(i, 0));
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return angle[a] < angle[b]; });
  } else if (n > 0) {
    order = greedyTour(x);
  }
  return order;
}

double attentionMapMemoryBytes(int n, int d, int heatmapSide) {
  const double nn = static_cast<double>(n) * n;
  // P, BDCSVD's column-major copy, its bidiagonalisation and divide-and-conquer workspaces (measured
  // peak ≈ 6.2 n² doubles at n = 2048 and 4096), points, heatmap, and the process itself.
  return 8.0 * (6.5 * nn + 2.0 * n * d + 8.0 * n) + 8.0 * heatmapSide * heatmapSide + 24.0 * 1024 * 1024;
}

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, n = 2048: 4.99 s measured).
constexpr double kSecondsPerUnit = 5.8e-10;

Experiment attentionMapExperiment() {
  Experiment e = declareExperiment("attention-map", "attention", params().decls(), shapeOf<MapResult>(), run);
  e.sizeParams = {"n", "d", "px"};
  e.memoryBytes = [](const ParamValues& v, const Inputs&) {
    const MapParams p = params().read(v);
    return attentionMapMemoryBytes(p.n, p.d, p.px);
  };
  // Time: the singular values of the n × n matrix dominate (n³), then the logits (n² d).
  e.jobSeconds = [](const Job& job) {
    const MapParams p = params().read(job.params);
    const double n = p.n, d = p.d;
    return kSecondsPerUnit * (n * n * n + n * n * d);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"n": 40},
                     "memory": [{"n": "1024", "px": "256"}, {"n": "2048", "px": "256"}],
                     "reference": [
                       {"label": "sphere", "params": {"n": "48", "d": "3", "beta": "6", "seed": "2", "px": "16"}},
                       {"label": "ball, causal", "params": {"n": "33", "d": "4", "beta": "20", "geometry": "ball",
                                                            "causal": "1", "seed": "7", "px": "16"}},
                       {"label": "gauss, beta 0",
                        "params": {"n": "20", "d": "2", "beta": "0", "geometry": "gauss", "seed": "9", "px": "16"}},
                       {"label": "drawn order",
                        "params": {"n": "40", "d": "5", "beta": "9", "order": "sample", "seed": "3", "px": "16"}}],
                     "engine": {"n": "64", "beta": "4"},
                     "view": {"n": 64},
                     "timing": [{}, {"n": "2048"}],
                     "corrupt": {"pointer": "/heatmap/data/0", "value": 1.5}})json");
  return e;
}

}  // namespace attnlab
