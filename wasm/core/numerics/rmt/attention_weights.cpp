// SPDX-License-Identifier: Apache-2.0
// Causal self-attention weights measured on simulated sequences (docs/theory/rmt.md#causal-weights).
#include <cmath>

#include "numerics/shared/geometry.hpp"
#include "numerics/rmt/attention_weights.hpp"
#include "numerics/rmt/checks.hpp"
#include "numerics/kernels/softmax.hpp"
#include "numerics/shared/rng.hpp"  // childStream

namespace attnlab {
namespace {

void checkConfig(const AttentionWeightsConfig& c) {
  requireIntInRange("d", c.d, 2, 8192);
  requireInRange("delta", c.delta, 0, 1000, true);
  requireInRange("mu2", c.mu2, 0, 1e6);
  requireInRange("tau", c.tau, -30, 30);
  requireIntInRange("sequences", c.sequences, 1, 1000000);
  requireIntInRange("T", c.positions.T, 1, kMaxSequenceLength);
}

}  // namespace

AttentionWeightsResult measureCausalAttentionWeights(const AttentionWeightsConfig& c) {
  checkConfig(c);
  const int T = c.positions.T, V = vocabularySize(c.d, c.delta);
  const EmbeddingTable table = embeddingTable(c.d, V, c.mu2, c.variant, c.seed, c.stream, c.normals);
  const std::uint64_t sequenceStream = childStream(c.stream, kRmtSequenceStream);
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(T), m2 = Eigen::VectorXd::Zero(T);  // Welford
  RowMatrix x(T, c.d), scores(T, T);
  std::vector<int> xi(T), tokens(T);
  for (int n = 0; n < c.sequences; ++n) {
    Rng rng(c.seed, childStream(sequenceStream, static_cast<std::uint64_t>(n)), c.normals);
    drawSequence(c.positions, V, rng, xi.data(), tokens.data());
    for (int t = 0; t < T; ++t) x.row(t) = table.E.col(tokens[t]).transpose();
    scores.noalias() = (c.tau / c.d) * (x * x.transpose());                    // s_ij = (tau/d) x_i^T x_j
    rowSoftmaxInPlace(scores, /*causal=*/true);                                // j > i masked to exactly 0
    const Eigen::VectorXd w = scores.colwise().sum().transpose() / double(T);  // w_j = (1/T) sum_i A_ij
    const Eigen::VectorXd before = w - mean;
    mean += before / double(n + 1);
    m2 += before.cwiseProduct(w - mean);
  }
  AttentionWeightsResult r;
  r.measured = mean;
  r.sd = (m2 / c.sequences).cwiseMax(0.0).cwiseSqrt();
  r.formula = causalWeights(T, c.tau);
  r.maxDeviation = (r.measured - r.formula).cwiseAbs().maxCoeff();
  return r;
}

std::size_t attentionMemoryBytes(const AttentionWeightsConfig& c) {
  checkConfig(c);
  const double T = c.positions.T;
  return static_cast<std::size_t>(8.0 * (double(c.d) * vocabularySize(c.d, c.delta) + 2 * T * c.d + 2 * T * T + 4 * T));
}

}  // namespace attnlab
