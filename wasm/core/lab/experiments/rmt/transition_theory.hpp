// SPDX-License-Identifier: Apache-2.0
// rmt-transition's theory lines (src/experiments/rmt-transition.cpp, docs/theory/rmt.md#two-transitions): the run's
// setup as the theory reads it, one entry per pooling, and the per-pooling curves of overlap and lambda_1/kappa
// against mu2 with both thresholds.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "lab/result_fields.hpp"
#include "numerics/rmt/simulation_model.hpp"

namespace attnlab {

// A run's poolings, mu2 values and sizes, as rmt-transition's setup reads them from its parameters.
struct TransitionSetup {
  PositionalModel positions;
  std::vector<std::string> pools;
  std::vector<Eigen::VectorXd> weights;
  std::vector<double> mu2;
  SimulationSizes sizes;
  bool b = false, centred = false;
  int seeds = 1;
};

// One pooling as the theory needs it: its text, weights and alpha, kappa, sum w.
struct PoolEntry {
  int index = 0;  // position in the pools list (points refer to it)
  std::string name;
  Eigen::VectorXd weights;
  PoolingScalars pooling;
};

// The theory's part of the result, declared once (lab/result_fields.hpp).
struct TheoryCurve {
  std::vector<double> mu2, rho, overlap, eigenvalue, populationOverlap;
};
ATTNLAB_FIELDS(TheoryCurve, mu2, rho, overlap, eigenvalue, populationOverlap)

struct PoolTheory {
  int index = 0;
  std::string pool;
  Eigen::VectorXd weights;
  double alpha = 0, kappa = 0, snrGain = 0, mu2Population = 0, mu2Sample = 0;
  TheoryCurve curve;
};
ATTNLAB_FIELDS(PoolTheory, index, pool, weights, alpha, kappa, snrGain, mu2Population, mu2Sample, curve)

struct TransitionTheory {
  double delta = 0, gamma = 0, rhoPopulation = 0, rhoSample = 0, lambdaPlus = 0;
  std::vector<PoolTheory> pools;
};
ATTNLAB_FIELDS(TransitionTheory, delta, gamma, rhoPopulation, rhoSample, lambdaPlus, pools)

// The theory of every entry, with the thresholds and the bulk edge.
TransitionTheory transitionTheory(const TransitionSetup& s, const std::vector<PoolEntry>& entries);
// One entry per listed pooling, its scalars from the weights and R.
std::vector<PoolEntry> poolEntries(const TransitionSetup& s);

}  // namespace attnlab
