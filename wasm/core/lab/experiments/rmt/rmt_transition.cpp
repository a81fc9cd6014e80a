// SPDX-License-Identifier: Apache-2.0
// rmt-transition (docs/theory/rmt.md#experiment-alignment, #two-transitions): overlap |u_S^T u|^2 and lambda_1/kappa
// against the signal strength mu2 for several poolings, theory lines against the mean ± sd of `seeds`
// simulations. Jobs: one per (seed index, pooling, mu2); only the top eigenpair is computed (Lanczos on
// C, no d × d matrix). A job's stream depends on its seed index only, so every pooling and mu2 of one
// seed sees the same table noise and the same sequences (common random numbers), whatever the job order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "lab/job_checks.hpp"
#include "lab/experiments/rmt/experiment_common.hpp"
#include "lab/experiments/rmt/transition_theory.hpp"

namespace attnlab {
namespace {

constexpr std::uint64_t kTransitionStream = 0x2B01;

struct TransitionParams : RmtFields {
  std::vector<double> mu2s;  // the parameter mu2, a list here
  std::string pools;
  int seeds = 0;
};

const ParamList<TransitionParams>& params() {
  using P = TransitionParams;
  static const ParamList<P> list{
      {&P::d, rmtParam("d")},
      {&P::delta, rmtParam("delta")},
      {&P::gamma, rmtParam("gamma")},
      {&P::T, rmtParam("T")},
      {&P::mu2s,
       ParamDecl::reals("mu2", {0.25, 0.5, 1, 2, 4}, 0, 1e6, 40,
                        "Signal strengths ‖μ‖² simulated, comma-separated (the theory lines are drawn between them).")},
      {&P::R, rmtParam("R")},
      {&P::pools, rmtParam("pools")},
      {&P::variant, rmtParam("variant")},
      {&P::centre, rmtParam("centre")},
      {&P::seeds,
       ParamDecl::integer("seeds", 5, 1, 50, "Independent simulations per point; their mean ± sd is drawn.")},
      {&P::budget, budgetParam()},
      {&P::seed, seedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// withModel = false (combine): R and the weights are not read; the jobs carry the poolings' scalars.
TransitionSetup setup(const TransitionParams& v, const InputArray* file, bool withModel = true) {
  TransitionSetup s;
  s.pools = splitPools("pools", v.pools);
  s.mu2 = v.mu2s;
  s.b = variantB(v);
  s.centred = v.centre;
  s.seeds = v.seeds;
  SimulationConfig c;
  c.d = v.d;
  c.delta = v.delta;
  c.gamma = v.gamma;
  c.positions = prefixModel(1, 1);
  c.weights = Eigen::VectorXd::Ones(1);
  s.sizes = simulationSizes(c);  // d, V, N and the realised ratios do not depend on R
  if (!withModel) return s;
  s.positions = readPositions(v, file);
  for (const auto& pool : s.pools) s.weights.push_back(readPooling("pools", pool, s.positions));
  s.sizes.T = s.positions.T;
  return s;
}

SimulationConfig jobConfig(const TransitionParams& v, const TransitionSetup& s, int pool, int point,
                           std::uint64_t stream) {
  SimulationConfig c;
  c.d = s.sizes.d;
  c.delta = v.delta;
  c.gamma = v.gamma;
  c.mu2 = s.mu2.at(point);
  c.positions = s.positions;
  c.weights = s.weights.at(pool);
  c.variant = s.b ? TableVariant::B : TableVariant::A;
  c.centre = s.centred;
  c.seed = v.seed;
  c.normals = v.rng;
  c.stream = stream;
  return c;
}

// The result and a job's result, declared once (lab/result_fields.hpp); the theory's part in
// lab/experiments/rmt/transition_theory.hpp.
struct TransitionMeasures {
  MeanSd overlap, eigenvalue;
};
ATTNLAB_FIELDS(TransitionMeasures, overlap, eigenvalue)
using TransitionPoint = Joined<PoolAt, TransitionMeasures>;

struct TransitionSweep {
  TransitionTheory theory;
  std::vector<TransitionPoint> points;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(TransitionSweep, theory, points, jobsDone, jobsTotal)

// What e.theory returns: the theory alone, under the result's key.
struct TheoryOnly {
  TransitionTheory theory;
};
ATTNLAB_FIELDS(TheoryOnly, theory)

struct TransitionJob {
  int pool = 0, point = 0, seedIndex = 0;
  double eigenvalue = 0, overlap = 0;
  Eigen::VectorXd weights;
  PoolingScalars pooling;
};
ATTNLAB_FIELDS(TransitionJob, pool, point, seedIndex, eigenvalue, overlap, weights, pooling)

// Peak bytes of the largest job (every job of a pooling allocates the same): table, C, Lanczos basis.
double largestJobBytes(const TransitionParams& v, const TransitionSetup& s) {
  double most = 0;
  for (std::size_t p = 0; p < s.pools.size(); ++p)
    most = std::max(most, static_cast<double>(topEigenpairMemoryBytes(jobConfig(v, s, static_cast<int>(p), 0, 1))));
  return kRmtProcessBytes + most;
}

std::vector<Json> plan(const ParamValues& values, const Inputs& inputs) {
  const TransitionParams v = params().read(values);
  const TransitionSetup s = setup(v, correlationFile(inputs));
  requireMemory(largestJobBytes(v, s), v.budgetBytes(),
                "rmt-transition with d = " + std::to_string(s.sizes.d) + ", N = " + std::to_string(s.sizes.N) +
                    " (parameters d, gamma)");
  return poolSweepJobs(kTransitionStream, s.seeds, s.pools.size(), s.mu2.size());
}

Json runJob(const Job& job, const Progress& progress) {
  const TransitionParams v = params().read(job.params);
  const TransitionSetup s = setup(v, job.input("R"));
  const auto [pool, point, seedIndex] = readPoolSweepJob(job, s.seeds, s.pools.size(), s.mu2.size());
  if (job.at.at("stream").get<std::uint64_t>() != poolSweepStream(kTransitionStream, seedIndex))
    throw ParamError("job coordinates " + quoteValue(job.at.dump()) + " do not belong to these parameters");
  progress.step(
      0, 1, "top eigenpair by Lanczos (d = " + std::to_string(s.sizes.d) + ", N = " + std::to_string(s.sizes.N) + ")");
  const SimulationResult r =
      simulateTopEigenpair(jobConfig(v, s, pool, point, poolSweepStream(kTransitionStream, seedIndex)));
  progress.step(1, 1);
  return resultJson(
      TransitionJob{pool, point, seedIndex, r.topEigenvalue / r.pooling.kappa, r.overlap, s.weights[pool], r.pooling});
}

Json combine(const ParamValues& v, const Json& finished) {
  const TransitionSetup s = setup(params().read(v), nullptr, false);  // R may be a file: the jobs carry the poolings
  std::map<int, PoolEntry> entries;
  for (const auto& entry : finished) {
    const Json& r = entry.at("result");
    const Json& q = r.at("pooling");
    PoolEntry pool{r.at("pool").get<int>(), s.pools.at(r.at("pool").get<std::size_t>()), {}, {}};
    const auto w = r.at("weights").get<std::vector<double>>();
    pool.weights = Eigen::Map<const Eigen::VectorXd>(w.data(), static_cast<Eigen::Index>(w.size()));
    pool.pooling = {q.at("alpha").get<double>(), q.at("kappa").get<double>(), q.at("snrGain").get<double>(),
                    q.at("weightSum").get<double>()};
    entries.emplace(r.at("pool").get<int>(), pool);
  }
  TransitionSweep out;
  for (const SeedMeans& m : seedMeans(finished, "overlap", "eigenvalue"))
    out.points.emplace_back(PoolAt{m.pool, s.mu2.at(m.point)}, TransitionMeasures{m.first, m.second});
  std::vector<PoolEntry> ordered;  // pools in the order listed; one with no finished job is left out
  for (const auto& [index, pool] : entries) ordered.push_back(pool);
  out.theory = transitionTheory(s, ordered);
  out.jobsDone = static_cast<std::int64_t>(finished.size());
  out.jobsTotal = static_cast<std::int64_t>(s.seeds * s.pools.size() * s.mu2.size());
  return resultJson(out);
}

// A job's point is its own and its overlap a squared cosine (docs/theory/rmt.md#population-spike): in [0, 1].
std::string checkJobResult(const Job& job, const Json& r) {
  return JobCheck(r, job.at)
      .same("pool")
      .same("point")
      .same("seedIndex")
      .within("overlap", 0, 1)
      .within("eigenvalue", 0, std::numeric_limits<double>::max())
      .problem();
}

// Overlaps squared cosines in [0, 1], eigenvalues and their spreads non-negative, job counts consistent.
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("points/*/overlap/mean", 0, kOverlapMax)
      .within("points/*/overlap/sd", 0, 1)
      .within("points/*/eigenvalue/mean", 0, std::numeric_limits<double>::max())
      .within("points/*/eigenvalue/sd", 0, std::numeric_limits<double>::max())
      .within("points/*/overlap/n", 0, 1e9)
      .within("points/*/mu2", 0, 1e6)
      .within("theory/pools/*/curve/overlap/*", 0, kOverlapMax)
      .within("theory/pools/*/curve/populationOverlap/*", 0, kOverlapMax)
      .within("jobsDone", 0, 1e9)
      .ordered("jobsDone", "jobsTotal")
      .problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, d = 800, 75 jobs: 15.7 s).
constexpr double kSecondsPerUnit = 1.6e-9;
// The ziggurat stream's speed-up of the drawn part (d = 800: 8.41 → 5.34 s).
constexpr double kZigguratSpeedup = 1.57;

Experiment rmtTransitionExperiment() {
  Experiment e = declareExperiment("rmt-transition", "rmt", params().decls(), shapeOf<TransitionSweep>(), runJob);
  e.inputs = {correlationInput()};
  declareJobs(e, plan, combine, shapeOf<TransitionJob>(), checkJobResult);
  e.theory = [](const ParamValues& v) {
    const TransitionSetup s = setup(params().read(v), nullptr);
    return resultJson(TheoryOnly{transitionTheory(s, poolEntries(s))});
  };
  e.sizeParams = {"d", "gamma"};
  e.memoryBytes = [](const ParamValues& values, const Inputs& inputs) {
    const TransitionParams v = params().read(values);
    return largestJobBytes(v, setup(v, correlationFile(inputs)));
  };
  // Time of one job: the table (d V), N pooled sequences of T tokens (N T d), the Lanczos products
  // with C and Cᵀ (d N each, a few dozen of them) and R's eigen checks (T³ each).
  e.jobSeconds = [](const Job& job) {
    const TransitionParams v = params().read(job.params);
    const TransitionSetup s = setup(v, nullptr, false);
    const InputArray* r = job.input("R");
    const double d = s.sizes.d, n = s.sizes.N, t = sequenceLength(v, r);
    return kSecondsPerUnit * (d * s.sizes.V + n * t * d + 40.0 * d * n) * streamTimeFactor(v.rng, kZigguratSpeedup) +
           eigenCheckSeconds(s.pools, t);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"d": 40, "mu2": "0.5,2", "seeds": 2},
                     "memory": [{"d": "1600", "mu2": "2", "pools": "mean", "seeds": "1"}],
                     "reference": [{"label": "two poolings", "params": {"d": "30", "mu2": "0.5,3",
                                    "pools": "mean,optimal", "seeds": "2", "seed": "4"}}],
                     "engine": {"d": "100", "mu2": "1,4", "pools": "mean,optimal", "seeds": "1"},
                     "view": {"d": 40, "seeds": 1},
                     "sharded": {"d": "60", "mu2": "0.5,2", "seeds": "2", "seed": "4"},
                     "timing": [{}, {"d": "800"}, {"T": "128", "d": "50"}, {"T": "512", "d": "50"}],
                     "corrupt": {"pointer": "/points/0/overlap/mean", "value": 2}})json");
  return e;
}

}  // namespace attnlab
