// SPDX-License-Identifier: Apache-2.0
// rmt-weights (docs/theory/rmt.md#optimal-weights, #causal-weights): for a chosen R, the weights of every pooling per
// position with alpha = w^T R w, kappa = ||w||^2 and the SNR gain alpha/kappa; the prefix-model closed
// forms beside the numerics; and parameter-free causal self-attention run on simulated sequences, its
// measured pooling weights against the deterministic formula w_j(tau).
#include <limits>
#include <cmath>

#include "lab/job_checks.hpp"
#include "lab/result_fields.hpp"
#include "numerics/rmt/attention_weights.hpp"
#include "lab/experiments/rmt/experiment_common.hpp"
#include "numerics/kernels/softmax.hpp"

namespace attnlab {
namespace {

struct WeightsParams : RmtFields {
  double tau = 0;
  int sequences = 0;
};

const ParamList<WeightsParams>& params() {
  using P = WeightsParams;
  static const ParamList<P> list{
      {&P::T, rmtParam("T")},
      {&P::R, rmtParam("R")},
      {&P::tau,
       ParamDecl::real("tau", 0, -30, 30,
                       "Score scale of causal attention: scores (τ/d)·x_iᵀx_j; τ = 0 gives the harmonic weights.")},
      {&P::d, rmtParam("d", 800)},
      {&P::delta, rmtParam("delta")},
      {&P::mu2, rmtParam("mu2", 1)},
      {&P::variant, rmtParam("variant")},
      {&P::sequences, ParamDecl::integer("sequences", 200, 1, 100000,
                                         "Simulated sequences whose attention weights are averaged.", "sequences")},
      {&P::budget, budgetParam()},
      {&P::seed, seedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// The result, declared once (lab/result_fields.hpp): the theory part is also what e.theory returns.
struct Scalars {
  double alpha = 0, kappa = 0, snrGain = 0;
};
ATTNLAB_FIELDS(Scalars, alpha, kappa, snrGain)

struct Pooling {
  std::string name;
  Eigen::VectorXd weights;
  double alpha = 0, kappa = 0, snrGain = 0, weightSum = 0;
  std::optional<Scalars> closedForm;  // the prefix model's closed form, where one exists
};
ATTNLAB_FIELDS(Pooling, name, weights, alpha, kappa, snrGain, weightSum, closedForm)

struct WeightsTheory {
  int T = 0;
  std::optional<int> prefixK;  // k of a prefix model, else null
  double lambdaMax = 0;
  Grid correlation;
  std::vector<Pooling> poolings;
  Eigen::VectorXd attentionFormula;
};
ATTNLAB_FIELDS(WeightsTheory, T, prefixK, lambdaMax, correlation, poolings, attentionFormula)

struct MeasuredWeights {
  Eigen::VectorXd measured, sd;
  double maxDeviation = 0;
  int sequences = 0, d = 0;
};
ATTNLAB_FIELDS(MeasuredWeights, measured, sd, maxDeviation, sequences, d)

struct WeightsResult : WeightsTheory {
  MeasuredWeights attention;
};
ATTNLAB_FIELDS(WeightsResult, T, prefixK, lambdaMax, correlation, poolings, attentionFormula, attention)

// k of a prefix model (r_t = 1 on the first k positions), or 0 for any other R.
int prefixLength(const PositionalModel& m) {
  if (m.kind != CorrelationKind::Prefix) return 0;
  return static_cast<int>((m.agreement.array() == 1.0).count());
}

Pooling pooling(const std::string& name, const Eigen::VectorXd& w, const PositionalModel& m, int k,
                const PoolingKind* closedKind) {
  const PoolingScalars s = poolingScalars(w, m.R);
  Pooling p{name, w, s.alpha, s.kappa, s.snrGain, s.weightSum, std::nullopt};
  if (k > 0 && closedKind) {  // docs/theory/rmt.md#prefix-model
    const PoolingScalars c = prefixClosedForm(*closedKind, m.T, k);
    p.closedForm = Scalars{c.alpha, c.kappa, c.snrGain};
  }
  return p;
}

WeightsTheory weightsTheory(const WeightsParams& v, const PositionalModel& m) {
  const int T = m.T, k = prefixLength(m);
  const double tau = v.tau;
  const PoolingKind mean = PoolingKind::Mean, causal = PoolingKind::Causal, optimal = PoolingKind::Optimal;
  WeightsTheory t;
  t.T = T;
  if (k > 0) t.prefixK = k;
  t.poolings = {pooling("mean", Eigen::VectorXd::Constant(T, 1.0 / T), m, k, &mean),
                pooling("causal", causalWeights(T, tau), m, k, tau == 0 ? &causal : nullptr),
                pooling("harmonic", causalWeights(T, 0), m, k, &causal),
                pooling("optimal", optimalWeights(m.R), m, k, &optimal),
                pooling("last", Eigen::VectorXd::Unit(T, T - 1), m, k, nullptr)};
  t.correlation = Grid{T, T, {}};
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) t.correlation.data.push_back(m.R(i, j));
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(m.R, Eigen::EigenvaluesOnly);
  t.lambdaMax = eig.eigenvalues()(T - 1);
  t.attentionFormula = causalWeights(T, tau);
  return t;
}

AttentionWeightsConfig attentionConfig(const WeightsParams& v, const PositionalModel& m) {
  AttentionWeightsConfig c;
  c.d = v.d;
  c.delta = v.delta;
  c.mu2 = v.mu2;
  c.positions = m;
  c.tau = v.tau;
  c.sequences = v.sequences;
  c.variant = variantB(v) ? TableVariant::B : TableVariant::A;
  c.seed = v.seed;
  c.normals = v.rng;
  return c;
}

Json run(const Job& job, const Progress& progress) {
  const WeightsParams v = params().read(job.params);
  const PositionalModel m = readPositions(v, job.input("R"));
  WeightsResult out{weightsTheory(v, m), {}};
  const AttentionWeightsConfig c = attentionConfig(v, m);
  progress.step(0, 1,
                "causal self-attention on " + std::to_string(c.sequences) +
                    " simulated sequences (d = " + std::to_string(c.d) + ")");
  const AttentionWeightsResult r = measureCausalAttentionWeights(c);
  progress.step(1, 1);
  out.attention = {r.measured, r.sd, r.maxDeviation, c.sequences, c.d};
  return resultJson(out);
}

// The schema's sizes; the measured attention weights' spread and deviation non-negative.
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("T", 1, 512)
      .within("prefixK", 0, 512)
      .within("attention/sd/*", 0, std::numeric_limits<double>::max())
      .within("attention/maxDeviation", 0, std::numeric_limits<double>::max())
      .within("attention/sequences", 1, 1e9)
      .within("attention/d", 2, 8192)
      .problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, d = 1600, 1000 sequences: 0.31 s).
constexpr double kSecondsPerUnit = 1.9e-9;

Experiment rmtWeightsExperiment() {
  Experiment e = declareExperiment("rmt-weights", "rmt", params().decls(), shapeOf<WeightsResult>(), run);
  e.inputs = {correlationInput()};
  e.theory = [](const ParamValues& values) {
    const WeightsParams v = params().read(values);
    return resultJson(weightsTheory(v, readPositions(v, nullptr)));
  };
  e.sizeParams = {"d", "delta"};
  e.memoryBytes = [](const ParamValues& values, const Inputs& inputs) {
    const WeightsParams v = params().read(values);
    const PositionalModel m = readPositions(v, correlationFile(inputs));
    return kRmtProcessBytes + static_cast<double>(attentionMemoryBytes(attentionConfig(v, m)));
  };
  // Time: the table (d V) and the causal self-attention run over `sequences` sequences (T² d each).
  e.jobSeconds = [](const Job& job) {
    const WeightsParams v = params().read(job.params);
    const InputArray* r = job.input("R");
    const double d = v.d, vocabulary = d / v.delta, t = sequenceLength(v, r);
    return kSecondsPerUnit * (d * vocabulary + v.sequences * t * t * d);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"d": 40, "sequences": 20},
                     "showingData": {"tau": 2},
                     "memory": [{"d": "4000", "sequences": "50"}],
                     "reference": [{"label": "AR(1) R, tau 1", "params": {"d": "30", "R": "ar:0.5", "tau": "1",
                                    "sequences": "10", "seed": "5"}}],
                     "engine": {"d": "200", "sequences": "20"},
                     "view": {"d": 40, "sequences": 10},
                     "timing": [{}, {"d": "1600", "sequences": "1000"}],
                     "corrupt": {"pointer": "/attention/maxDeviation", "value": -1}})json");
  return e;
}

}  // namespace attnlab
