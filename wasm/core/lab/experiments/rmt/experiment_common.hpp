// SPDX-License-Identifier: Apache-2.0
// The paper-2 experiment family (docs/theory/rmt.md#experiments): spectrum, transition, weights, ridge and phase, built
// on the rmt_* numerics. Shared here: the common parameters (d, delta, gamma, T, mu2, R, pool, variant, centre), the
// custom-R input, and the readers that turn them into a model, weights and a config, naming the parameter in every
// refusal.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/param_fields.hpp"
#include "lab/params.hpp"
#include "lab/result_fields.hpp"
#include "numerics/rmt/simulation_model.hpp"

namespace attnlab {

// One of the common parameters by key: d, delta, gamma, T, mu2, R, pool, pools, variant, centre.
// `def` overrides the default of numeric ones (d, mu2, T) when >= 0.
ParamDecl rmtParam(const std::string& key, double def = -1);
// The fields of the common parameters the readers below take (an experiment declares those its readers need;
// rmt-transition and rmt-ridge list their mu2 values in a field of their own).
struct RmtFields : RunParams {
  int d = 0, T = 0;
  double delta = 0, gamma = 0, mu2 = 0;
  std::string R, variant;
  bool centre = false;
};
// The optional custom correlation matrix: a dense square T x T file named "R" (T in [1, 512]).
InputRule correlationInput();
// That file among a run's inputs, or nullptr when R is a text parameter.
const InputArray* correlationFile(const Inputs& inputs);
// The sequence length T of a run: the R file's side when there is one, else the parameter T.
double sequenceLength(const RmtFields& v, const InputArray* file);

// R from the text parameter "R" (prefix:k, ar:phi, decay:r0) and "T", or from the file named "R".
// Errors are rethrown naming the parameter ("R: prefix:k needs k in [1, T] ...").
PositionalModel readPositions(const RmtFields& v, const InputArray* file);
// Weights of one pooling text ("mean", "causal:0.5", "optimal", "last", "0.5,0.3,0.2"), naming `key`.
Eigen::VectorXd readPooling(const std::string& key, const std::string& text, const PositionalModel& m);
// The pools list: comma-separated poolings; custom weights inside it use '/' ("mean,0.5/0.3/0.2").
std::vector<std::string> splitPools(const std::string& key, const std::string& text);

// The simulation config of a run (d, delta, gamma, mu2, variant, centre and seed from v).
SimulationConfig simulationConfig(const RmtFields& v, const PositionalModel& m, const Eigen::VectorXd& w);
bool variantB(const RmtFields& v);

// Theory of the top eigenpair with the expected table offsets (deterministic: what `theory` shows).
struct PooledTheory {
  PoolingScalars pooling;
  PooledSnr snr;
  TopEigenTheory top;
  TransitionThresholds thresholds;
};
PooledTheory pooledTheory(const PoolingScalars& pooling, bool variantB, bool centred, double mu2, double delta,
                          double gamma);
// The mu2 at which rho crosses `rho` for this pooling: rho kappa/alpha (Variant A), minus delta (Variant B).
double mu2AtRho(double rho, const PoolingScalars& pooling, bool variantB, double delta);

// A sweep over (seed, pooling, mu2 point), as rmt-transition and rmt-ridge run it: one job per triple, seed-major
// so a partial result already covers every point. A job's stream derives from the experiment's own stream and
// its seed index alone, below 2^53 so it survives JSON in JS.
std::uint64_t poolSweepStream(std::uint64_t experimentStream, int seedIndex);
std::vector<Json> poolSweepJobs(std::uint64_t experimentStream, int seeds, std::size_t pools, std::size_t points);
// One job's coordinates, refused (ParamError) when they do not belong to a sweep of that size.
struct PoolSweepJob {
  int pool = 0, point = 0, seedIndex = 0;
};
PoolSweepJob readPoolSweepJob(const Job& job, int seeds, std::size_t pools, std::size_t points);

// Seconds of R's eigen checks in one job at sequence length t (T³ each, docs/cost-model.md): validateCorrelation
// runs one eigenvalues-only T × T solve for every pooling read (readPooling) and one more for the job's pooling
// scalars; "optimal" adds its own check and a full eigendecomposition with vectors (≈ 2 units). At T = 512 these
// dominate a small-d job of rmt-ridge or rmt-transition (measured 0.22 s of it).
double eigenCheckSeconds(const std::vector<std::string>& pools, double t);

// What a run needs beyond its arrays: the process itself and the result JSON (measured ~5.4 MiB natively).
constexpr double kRmtProcessBytes = 8.0 * 1024 * 1024;

Json vectorJson(const Eigen::VectorXd& x);
// Mean and sample sd of values (sd 0 for one value, both null for none).
struct MeanSd {
  std::optional<double> mean, sd;
  int n = 0;
};
ATTNLAB_FIELDS(MeanSd, mean, sd, n)
MeanSd meanSd(const std::vector<double>& values);
// A pooled sweep's point: which pool (its index in the pools list) at which μ²; a point's measures follow.
struct PoolAt {
  int pool = 0;
  double mu2 = 0;
};
ATTNLAB_FIELDS(PoolAt, pool, mu2)
// A pooled sweep's finished jobs grouped by (pool, point): two measures' mean, sd and count over the seeds,
// taken in seed order, so the numbers are the same whatever order the jobs finished in.
struct SeedMeans {
  int pool = 0, point = 0;
  MeanSd first, second;
};
std::vector<SeedMeans> seedMeans(const Json& finished, const std::string& first, const std::string& second);

}  // namespace attnlab
