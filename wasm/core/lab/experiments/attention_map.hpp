// SPDX-License-Identifier: Apache-2.0
// attention-map: P = row-softmax(beta X X^T) for points X from a geometry, and what it looks like.
#pragma once
#include <vector>

#include "lab/experiment.hpp"
#include "numerics/shared/geometry.hpp"

namespace attnlab {

// The order in which the n points appear in P and its heatmap: as drawn, or a neighbour-preserving
// order (by angle for d = 2, by value for d = 1, a greedy nearest-neighbour tour otherwise), so the
// heatmap shows structure; spectra are unchanged by the permutation.
std::vector<int> neighbourOrder(const RowMatrix& x);

// Peak bytes of one attention-map run with n points in d dimensions and a px × px heatmap.
double attentionMapMemoryBytes(int n, int d, int heatmapSide);

}  // namespace attnlab
