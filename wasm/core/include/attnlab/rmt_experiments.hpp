// The paper-2 experiment family (docs/theory/rmt.md#experiments): spectrum, transition, weights, ridge and phase, built on
// the rmt_* numerics. Shared here: the common parameters (d, delta, gamma, T, mu2, R, pool, variant,
// centre), the custom-R input, and the readers that turn them into a model, weights and a config,
// naming the parameter in every refusal.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "attnlab/experiment.hpp"
#include "attnlab/params.hpp"
#include "attnlab/rmt_simulation.hpp"

namespace attnlab {

Experiment rmtSpectrumExperiment();
Experiment rmtTransitionExperiment();
Experiment rmtWeightsExperiment();
Experiment rmtRidgeExperiment();
Experiment rmtPhaseExperiment();

// One of the common parameters by key: d, delta, gamma, T, mu2, R, pool, pools, variant, centre.
// `def` overrides the default of numeric ones (d, mu2, T) when >= 0.
ParamDecl rmtParam(const std::string& key, double def = -1);
// The optional custom correlation matrix: a dense square T x T file named "R" (T in [1, 512]).
InputRule correlationInput();
// That file among a run's inputs, or nullptr when R is a text parameter.
const InputArray* correlationFile(const Inputs& inputs);
// The sequence length T of a run: the R file's side when there is one, else the parameter T.
double sequenceLength(const ParamValues& v, const InputArray* file);

// R from the text parameter "R" (prefix:k, ar:phi, decay:r0) and "T", or from the file named "R".
// Errors are rethrown naming the parameter ("R: prefix:k needs k in [1, T] ...").
PositionalModel readPositions(const ParamValues& v, const InputArray* file);
// Weights of one pooling text ("mean", "causal:0.5", "optimal", "last", "0.5,0.3,0.2"), naming `key`.
Eigen::VectorXd readPooling(const std::string& key, const std::string& text, const PositionalModel& m);
// The pools list: comma-separated poolings; custom weights inside it use '/' ("mean,0.5/0.3/0.2").
std::vector<std::string> splitPools(const std::string& key, const std::string& text);

// The simulation config of a run (d, delta, gamma, mu2, variant, centre and seed from v).
SimulationConfig simulationConfig(const ParamValues& v, const PositionalModel& m, const Eigen::VectorXd& w);
bool variantB(const ParamValues& v);

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

// What a run needs beyond its arrays: the process itself and the result JSON (measured ~5.4 MiB natively).
constexpr double kRmtProcessBytes = 8.0 * 1024 * 1024;

Json vectorJson(const Eigen::VectorXd& x);
// Mean and sample sd of values ({mean, sd, n}; sd 0 for one value, both null for none).
Json meanSd(const std::vector<double>& values);

}  // namespace attnlab
