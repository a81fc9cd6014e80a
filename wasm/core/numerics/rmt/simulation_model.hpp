// SPDX-License-Identifier: Apache-2.0
// Simulation of the paper-2 generative model (docs/theory/rmt.md#generative-model): the embedding table, pooled vectors
// C = E A without N x T x d tensors, and the runs that measure the spectrum of S = C C^T / N (simulation_spectrum.hpp).
// Every random number comes from Rng(seed, childStream(...)) keyed by (table column | sequence index),
// so results do not depend on evaluation order. Memory estimates let callers refuse runs up front.
#pragma once
#include <Eigen/Dense>
#include <cstdint>

#include "numerics/rmt/bulk_law.hpp"
#include "numerics/rmt/pooling_weights.hpp"
#include "numerics/rmt/positional_model.hpp"
#include "numerics/rmt/simulation_spectrum.hpp"
#include "numerics/rmt/spike_theory.hpp"

namespace attnlab {

enum class TableVariant { A, B };  // A: class-centred table (default), B: raw iid table (docs/theory/rmt.md#vocabulary)

struct SimulationConfig {
  int d = 400;                // dimension, in [2, 8192]
  double delta = 0.5;         // d/V, in (0, 1000]
  double gamma = 0.25;        // d/N, in (0, 1000]
  double mu2 = 1.0;           // ||mu||^2 in [0, 1e6]; mu = sqrt(mu2) e_1
  PositionalModel positions;  // R and its sign sampler
  Eigen::VectorXd weights;    // w, length T
  TableVariant variant = TableVariant::A;
  bool centre = false;  // subtract the mean pooled vector before forming S (docs/theory/rmt.md#variant-b)
  std::uint64_t seed = 1;
  std::uint64_t stream = 0;                       // parent stream, e.g. childStream(sweepStream, point) from the caller
  NormalMethod normals = NormalMethod::Ziggurat;  // the run's rng (docs/theory/rank.md#prng-ziggurat)
};

// V = 2 round(d/(2 delta)) (even: balanced classes), N = round(d/gamma); validates the whole config.
struct SimulationSizes {
  int d = 0, V = 0, N = 0, T = 0;
  double delta = 0, gamma = 0;  // realised d/V and d/N (the theory of a run uses these)
};
ATTNLAB_FIELDS(SimulationSizes, d, V, N, T, delta, gamma)
SimulationSizes simulationSizes(const SimulationConfig& config);
// V = 2 round(d/(2 delta)), refused unless in [2, 8e6].
int vocabularySize(int d, double delta);

// E = mu s^T + Z (d x V, column-major) with the realised offsets ||mu~||^2, alignment, ||h||^2
// (docs/theory/rmt.md#conditional-moments).
struct EmbeddingTable {
  Eigen::MatrixXd E;
  TableOffsets offsets;
};
EmbeddingTable embeddingTable(int d, int V, double mu2, TableVariant variant, std::uint64_t seed, std::uint64_t stream,
                              NormalMethod normals);

// One sequence (docs/theory/rmt.md#sequences): signs xi (E[xi xi^T] = R) and tokens v_t uniform in class xi_t
// (v < V/2 has s_v = +1). Returns the latent label y (0 if the R has none).
int drawSequence(const PositionalModel& positions, int V, Rng& rng, int* xi, int* tokens);

// Pooled vectors of sequences first..first+count-1, sequence n drawn from Rng(seed, childStream(stream, n), normals).
struct PooledVectors {
  Eigen::MatrixXd C;           // d x count, column n = sum_t w_t e_{v_{n,t}} (centred if asked)
  Eigen::VectorXd projection;  // a_n = w^T xi_n (the sample-side signal, docs/theory/rmt.md#sample-spike)
  Eigen::VectorXi labels;      // latent label y_n (0 if the R has none)
};
PooledVectors pooledSequences(const EmbeddingTable& table, const PositionalModel& positions, const Eigen::VectorXd& w,
                              int count, std::uint64_t seed, std::uint64_t stream, NormalMethod normals, int first = 0);

// The config's table and its N pooled vectors (centred when config.centre).
struct PooledSample {
  EmbeddingTable table;
  PooledVectors pooled;
  SimulationSizes sizes;
};
PooledSample pooledSample(const SimulationConfig& config);

// What a simulation measured, with the theory for the same config (docs/theory/rmt.md#population-spike, #sample-spike,
// #variant-b).
struct SimulationResult {
  SimulationSizes sizes;
  PoolingScalars pooling;
  TableOffsets offsets;         // realised ||mu~||^2, alignment, ||h||^2
  Eigen::VectorXd eigenvalues;  // empty for simulateTopEigenpair
  double topEigenvalue = 0;
  double overlap = 0;       // |u_S^T u|^2, u = e_1
  double rightOverlap = 0;  // |v_S^T a/||a|| |^2
  TopEigenTheory theory;    // from the realised offsets
};
SimulationResult simulateSpectrum(const SimulationConfig& config);
SimulationResult simulateTopEigenpair(const SimulationConfig& config);

// Peak bytes each run allocates (table, C, S or Gram, eigenvectors or Lanczos basis).
std::size_t spectrumMemoryBytes(const SimulationConfig& config);
std::size_t topEigenpairMemoryBytes(const SimulationConfig& config);

// Stream ids below config.stream (childStream of it).
constexpr std::uint64_t kRmtTableStream = 0x2A01, kRmtSequenceStream = 0x2A02, kRmtTestStream = 0x2A03,
                        kRmtLanczosStream = 0x2A04;

}  // namespace attnlab
