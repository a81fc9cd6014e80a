// SPDX-License-Identifier: Apache-2.0
// Ridge classification on pooled vectors (docs/theory/rmt.md#ridge).
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "numerics/rmt/checks.hpp"
#include "numerics/rmt/ridge.hpp"
#include "numerics/shared/rng.hpp"  // childStream

namespace attnlab {
namespace {

constexpr int kTestBlock = 1024;  // test sequences pooled per block: memory stays O(d * block)

int checkConfig(const RidgeConfig& c) {
  requireIntInRange("d", c.d, 2, 8192);
  requireInRange("delta", c.delta, 0, 1000, true);
  requireInRange("mu2", c.mu2, 0, 1e6);
  requireIntInRange("trainSize", c.trainSize, 2, 1000000);
  requireIntInRange("testSize", c.testSize, 1, 10000000);
  requireInRange("lambda", c.lambda, 0, 1e6, true);
  if (!c.positions.hasLabel())
    throw std::invalid_argument("R must carry a latent sequence label for ridge classification (prefix:k or decay:r0)");
  if (c.weights.size() != c.positions.T || !c.weights.allFinite() || c.weights.squaredNorm() == 0)
    throw std::invalid_argument("weights need T = " + std::to_string(c.positions.T) + " finite values, not all zero");
  return vocabularySize(c.d, c.delta);
}

double accuracy(const Eigen::VectorXd& beta, const PooledVectors& p) {
  const Eigen::VectorXd score = p.C.transpose() * beta;
  int correct = 0;
  for (Eigen::Index n = 0; n < score.size(); ++n) correct += (score(n) > 0 ? 1 : -1) == p.labels(n);
  return double(correct);
}

}  // namespace

RidgeResult ridgeClassification(const RidgeConfig& c) {
  const int V = checkConfig(c);
  const Eigen::VectorXd w = c.weights.normalized();  // kappa = 1 for every pooling (docs/theory/rmt.md#ridge)
  RidgeResult r;
  r.pooling = poolingScalars(w, c.positions.R);
  const EmbeddingTable table = embeddingTable(c.d, V, c.mu2, c.variant, c.seed, c.stream, c.normals);
  const PooledVectors train =
      pooledSequences(table, c.positions, w, c.trainSize, c.seed, childStream(c.stream, kRmtSequenceStream), c.normals);
  const double n = c.trainSize;
  Eigen::MatrixXd system = Eigen::MatrixXd::Identity(c.d, c.d) * c.lambda;
  system.selfadjointView<Eigen::Lower>().rankUpdate(train.C, 1.0 / n);  // C C^T/N_tr + lambda I
  const Eigen::VectorXd rhs = train.C * train.labels.cast<double>() / n;
  const Eigen::VectorXd beta = system.selfadjointView<Eigen::Lower>().llt().solve(rhs);
  r.trainAccuracy = accuracy(beta, train) / n;
  double correct = 0;
  const std::uint64_t testStream = childStream(c.stream, kRmtTestStream);
  for (int first = 0; first < c.testSize; first += kTestBlock) {
    const int count = std::min(kTestBlock, c.testSize - first);
    correct += accuracy(beta, pooledSequences(table, c.positions, w, count, c.seed, testStream, c.normals, first));
  }
  r.testAccuracy = correct / c.testSize;
  return r;
}

std::size_t ridgeMemoryBytes(const RidgeConfig& c) {
  const int V = checkConfig(c);
  const double d = c.d;
  return static_cast<std::size_t>(8.0 * (d * V + d * c.trainSize + d * d + d * std::min(kTestBlock, c.testSize) +
                                         4 * d + 2.0 * c.trainSize + 2.0 * kTestBlock));
}

}  // namespace attnlab
