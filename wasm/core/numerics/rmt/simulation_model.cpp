// SPDX-License-Identifier: Apache-2.0
// The generative model of docs/theory/rmt.md#generative-model: table, sequences, pooled vectors, and the simulation
// runs.
#include <cmath>
#include <stdexcept>

#include "numerics/rmt/checks.hpp"
#include "numerics/rmt/simulation_model.hpp"
#include "numerics/shared/rng.hpp"  // childStream
#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

constexpr int kLanczosBasis = 32;  // ncv of topEigenpairLanczos, for the memory estimate

void checkWeights(const Eigen::VectorXd& w, int T) {
  if (w.size() != T) {
    const std::string m = text("weights need T = ", T, " values, got ", w.size());
    throw std::invalid_argument(m);
  }
  if (!w.allFinite() || w.squaredNorm() == 0) throw std::invalid_argument("weights must be finite and not all zero");
}

// Fill the realised offsets mu~ = E s/V and h = E 1/V (docs/theory/rmt.md#conditional-moments).
TableOffsets measureOffsets(const Eigen::MatrixXd& E) {
  const Eigen::Index V = E.cols(), half = V / 2;
  const Eigen::VectorXd plus = E.leftCols(half).rowwise().sum(), minus = E.rightCols(V - half).rowwise().sum();
  const Eigen::VectorXd signal = (plus - minus) / double(V), mean = (plus + minus) / double(V);
  TableOffsets o;
  o.signalNorm2 = signal.squaredNorm();
  o.signalAlignment = o.signalNorm2 > 0 ? signal(0) * signal(0) / o.signalNorm2 : 1.0;
  o.meanNorm2 = mean.squaredNorm();
  return o;
}

}  // namespace

int vocabularySize(int d, double delta) {
  requireIntInRange("d", d, 1, 8192);
  requireInRange("delta", delta, 0, 1000, true);
  const double half = std::round(d / (2 * delta));
  if (half < 1 || half > 4e6) {
    const std::string m =
        text("delta must give V = d/delta in [2, 8e6] (so delta in [d/8e6, d] for d = ", d, "), got ", delta);
    throw std::invalid_argument(m);
  }
  return 2 * static_cast<int>(half);  // even: balanced classes (docs/theory/rmt.md#vocabulary)
}

SimulationSizes simulationSizes(const SimulationConfig& c) {
  requireIntInRange("d", c.d, 2, 8192);
  checkBulkRatios(c.delta, c.gamma);
  requireInRange("mu2", c.mu2, 0, 1e6);
  requireIntInRange("T", c.positions.T, 1, kMaxSequenceLength);
  if (c.positions.R.rows() != c.positions.T) throw std::invalid_argument("R must be a T x T matrix");
  checkWeights(c.weights, c.positions.T);
  const int V = vocabularySize(c.d, c.delta);
  const double n = std::round(c.d / c.gamma);
  if (n < 2 || n > 4e6) {
    const std::string m =
        text("gamma must give N = d/gamma in [2, 4e6] (so gamma in [d/4e6, d/2] for d = ", c.d, "), got ", c.gamma);
    throw std::invalid_argument(m);
  }
  SimulationSizes s;
  s.d = c.d;
  s.T = c.positions.T;
  s.V = V;
  s.N = static_cast<int>(n);
  s.delta = double(s.d) / s.V;  // the realised ratios, which the theory uses
  s.gamma = double(s.d) / s.N;
  return s;
}

EmbeddingTable embeddingTable(int d, int V, double mu2, TableVariant variant, std::uint64_t seed, std::uint64_t stream,
                              NormalMethod normals) {
  requireIntInRange("d", d, 1, 8192);
  requireIntInRange("V", V, 2, 8000000);
  if (V % 2) throw std::invalid_argument("V must be even (balanced classes)");
  requireInRange("mu2", mu2, 0, 1e6);
  EmbeddingTable t;
  t.E.resize(d, V);
  const std::uint64_t tableStream = childStream(stream, kRmtTableStream);
  for (int v = 0; v < V; ++v) {  // column v from its own stream: any column can be redrawn alone
    Rng rng(seed, childStream(tableStream, static_cast<std::uint64_t>(v)), normals);
    for (int i = 0; i < d; ++i) t.E(i, v) = rng.normal();
  }
  const int half = V / 2;
  if (variant == TableVariant::A) {  // class-centred noise: Z 1 = Z s = 0 (docs/theory/rmt.md#vocabulary)
    t.E.leftCols(half).colwise() -= t.E.leftCols(half).rowwise().mean();
    t.E.rightCols(half).colwise() -= t.E.rightCols(half).rowwise().mean();
  }
  const double mu = std::sqrt(mu2);  // e_v = s_v mu + z_v, mu = sqrt(mu2) e_1, s_v = +1 for v < V/2
  t.E.row(0).head(half).array() += mu;
  t.E.row(0).tail(half).array() -= mu;
  t.offsets = measureOffsets(t.E);
  return t;
}

int drawSequence(const PositionalModel& positions, int V, Rng& rng, int* xi, int* tokens) {
  const int half = V / 2;
  const int y = sampleSigns(positions, rng, xi);
  for (int t = 0; t < positions.T; ++t) tokens[t] = static_cast<int>(rng.below(half)) + (xi[t] > 0 ? 0 : half);
  return y;
}

PooledVectors pooledSequences(const EmbeddingTable& table, const PositionalModel& positions, const Eigen::VectorXd& w,
                              int count, std::uint64_t seed, std::uint64_t stream, NormalMethod normals, int first) {
  const int T = positions.T, V = static_cast<int>(table.E.cols());
  checkWeights(w, T);
  requireIntInRange("sequence count", count, 1, 8000000);
  PooledVectors p;
  p.C = Eigen::MatrixXd::Zero(table.E.rows(), count);
  p.projection.resize(count);
  p.labels.resize(count);
  std::vector<int> xi(T), tokens(T);
  for (int n = 0; n < count; ++n) {  // sequence n from its own stream (docs/theory/rmt.md#sequences)
    Rng rng(seed, childStream(stream, static_cast<std::uint64_t>(first + n)), normals);
    p.labels(n) = drawSequence(positions, V, rng, xi.data(), tokens.data());
    double a = 0;
    for (int t = 0; t < T; ++t) {  // gather: c_n = sum_t w_t e_{v_{n,t}}, no N x T x d tensor
      p.C.col(n) += w(t) * table.E.col(tokens[t]);
      a += w(t) * xi[t];
    }
    p.projection(n) = a;
  }
  return p;
}

PooledSample pooledSample(const SimulationConfig& c) {
  PooledSample s;
  s.sizes = simulationSizes(c);
  s.table = embeddingTable(s.sizes.d, s.sizes.V, c.mu2, c.variant, c.seed, c.stream, c.normals);
  const std::uint64_t sequenceStream = childStream(c.stream, kRmtSequenceStream);
  s.pooled = pooledSequences(s.table, c.positions, c.weights, s.sizes.N, c.seed, sequenceStream, c.normals);
  if (c.centre) s.pooled.C.colwise() -= s.pooled.C.rowwise().mean();  // docs/theory/rmt.md#variant-b fix
  return s;
}

namespace {

SimulationResult measure(const SimulationConfig& c, const PooledSample& s, const TopEigenpair& top) {
  SimulationResult r;
  r.sizes = s.sizes;
  r.pooling = poolingScalars(c.weights, c.positions.R);
  r.offsets = s.table.offsets;
  r.topEigenvalue = top.eigenvalue;
  r.overlap = top.vector(0) * top.vector(0);  // u = mu/||mu|| = e_1
  const double an = s.pooled.projection.norm();
  r.rightOverlap = an > 0 ? std::pow(top.rightVector.dot(s.pooled.projection) / an, 2) : 0.0;
  const bool variantB = c.variant == TableVariant::B;
  const PooledSnr snr = pooledSnr(variantB, c.centre, r.pooling.alpha, r.pooling.kappa, r.pooling.weightSum, c.mu2,
                                  variantB ? r.offsets : expectedTableOffsets(false, c.mu2, s.sizes.delta));
  r.theory = topEigenTheory(snr, s.sizes.delta, s.sizes.gamma, r.pooling.kappa);
  return r;
}

}  // namespace

SimulationResult simulateSpectrum(const SimulationConfig& c) {
  const PooledSample s = pooledSample(c);
  FullSpectrum spectrum = sampleCovarianceSpectrum(s.pooled.C);
  SimulationResult r = measure(c, s, spectrum.top);
  r.eigenvalues = std::move(spectrum.eigenvalues);
  return r;
}

SimulationResult simulateTopEigenpair(const SimulationConfig& c) {
  const PooledSample s = pooledSample(c);
  return measure(c, s, topEigenpairLanczos(s.pooled.C, c.seed));
}

std::size_t spectrumMemoryBytes(const SimulationConfig& c) {
  const SimulationSizes s = simulationSizes(c);
  const double m = std::min(s.d, s.N);  // S (d x d) or the Gram (N x N), plus its eigenvectors
  return static_cast<std::size_t>(8.0 * (double(s.d) * s.V + double(s.d) * s.N + 2 * m * m + 8 * m + s.N + s.d));
}

std::size_t topEigenpairMemoryBytes(const SimulationConfig& c) {
  const SimulationSizes s = simulationSizes(c);
  const double m = std::min(s.d, s.N);  // Lanczos basis of kLanczosBasis vectors on the smaller side
  return static_cast<std::size_t>(8.0 * (double(s.d) * s.V + double(s.d) * s.N + (kLanczosBasis + 4) * m +
                                         double(kLanczosBasis) * kLanczosBasis + 2 * s.N + 2 * s.d));
}

}  // namespace attnlab
