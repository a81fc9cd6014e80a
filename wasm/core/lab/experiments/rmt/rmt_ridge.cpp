// SPDX-License-Identifier: Apache-2.0
// rmt-ridge (docs/theory/rmt.md#ridge, a guessed protocol): ridge classification of the
// latent sequence label from pooled vectors, test accuracy against mu2 for several poolings.
// Simulation only: no closed-form theory exists for it. Jobs: one per (seed index, pooling, mu2); the
// stream depends on the seed index only (common random numbers across poolings and mu2).
#include <limits>
#include <algorithm>
#include <map>

#include "lab/job_checks.hpp"
#include "lab/experiments/rmt/experiment_common.hpp"
#include "numerics/rmt/ridge.hpp"

namespace attnlab {
namespace {

constexpr std::uint64_t kRidgeStream = 0x2B02;

struct RidgeParams : RmtFields {
  std::vector<double> mu2s;  // the parameter mu2, a list here
  std::string pools;
  double lambda = 0;
  int ntrain = 0, ntest = 0, seeds = 0;
};

const ParamList<RidgeParams>& params() {
  using P = RidgeParams;
  static const ParamList<P> list{
      {&P::d, rmtParam("d")},
      {&P::delta, rmtParam("delta")},
      {&P::T, rmtParam("T")},
      {&P::mu2s,
       ParamDecl::reals("mu2", {0.1, 0.25, 0.5, 1}, 0, 1e6, 40, "Signal strengths ‖μ‖² simulated, comma-separated.")},
      {&P::R, rmtParam("R")},
      {&P::pools, rmtParam("pools")},
      {&P::lambda,
       ParamDecl::real("lambda", 0.1, 0, 1e6,
                       "Ridge penalty λ (weights are rescaled to unit norm, so λ compares across poolings).")
           .openBelow()},
      {&P::ntrain, ParamDecl::integer("ntrain", 1600, 2, 1000000, "Training sequences N_tr.", "sequences")},
      {&P::ntest, ParamDecl::integer("ntest", 4000, 1, 10000000, "Fresh test sequences from the same embedding table.",
                                     "sequences")},
      {&P::seeds,
       ParamDecl::integer("seeds", 3, 1, 50, "Independent tables and samples per point; their mean ± sd is drawn.")},
      {&P::variant, rmtParam("variant")},
      {&P::budget, budgetParam()},
      {&P::seed, seedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// The result and a job's result, declared once (lab/result_fields.hpp).
struct PoolGain {
  std::string pool;
  double snrGain = 0;
};
ATTNLAB_FIELDS(PoolGain, pool, snrGain)

struct RidgeMeasures {
  MeanSd accuracy, trainAccuracy;
};
ATTNLAB_FIELDS(RidgeMeasures, accuracy, trainAccuracy)
using RidgePoint = Joined<PoolAt, RidgeMeasures>;

struct RidgeSweep {
  std::vector<PoolGain> pools;
  std::vector<RidgePoint> points;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(RidgeSweep, pools, points, jobsDone, jobsTotal)

struct RidgeJob {
  int pool = 0, point = 0, seedIndex = 0;
  double accuracy = 0, trainAccuracy = 0, snrGain = 0;
};
ATTNLAB_FIELDS(RidgeJob, pool, point, seedIndex, accuracy, trainAccuracy, snrGain)

struct RidgeSetup {
  PositionalModel positions;
  std::vector<std::string> pools;
  std::vector<Eigen::VectorXd> weights;
  std::vector<double> mu2;
  int seeds = 1;
};

RidgeSetup setup(const RidgeParams& v, const InputArray* file) {
  RidgeSetup s;
  s.positions = readPositions(v, file);
  if (!s.positions.hasLabel())
    throw ParamError("R: ridge classification needs a latent sequence label: use prefix:k or decay:r0");
  s.pools = splitPools("pools", v.pools);
  for (const auto& pool : s.pools) s.weights.push_back(readPooling("pools", pool, s.positions));
  s.mu2 = v.mu2s;
  s.seeds = v.seeds;
  return s;
}

RidgeConfig ridgeConfig(const RidgeParams& v, const RidgeSetup& s, int pool, int point, int seedIndex) {
  RidgeConfig c;
  c.d = v.d;
  c.delta = v.delta;
  c.mu2 = s.mu2.at(point);
  c.positions = s.positions;
  c.weights = s.weights.at(pool);
  c.variant = variantB(v) ? TableVariant::B : TableVariant::A;
  c.trainSize = v.ntrain;
  c.testSize = v.ntest;
  c.lambda = v.lambda;
  c.seed = v.seed;
  c.normals = v.rng;
  c.stream = poolSweepStream(kRidgeStream, seedIndex);
  return c;
}

// Peak bytes of one job (all jobs allocate the same): table, training C, the d x d system, a test block.
// Plus 4 MiB of allocator slack: at d = 1000, ntrain = 4000 the peak measured 69.0–69.4 MiB against a model
// of 69.3 MiB (the heap's own bookkeeping moves with the machine's load).
double jobBytes(const RidgeParams& v, const RidgeSetup& s) {
  return kRmtProcessBytes + 4.0 * 1024 * 1024 + static_cast<double>(ridgeMemoryBytes(ridgeConfig(v, s, 0, 0, 0)));
}

std::vector<Json> plan(const ParamValues& values, const Inputs& inputs) {
  const RidgeParams v = params().read(values);
  const RidgeSetup s = setup(v, correlationFile(inputs));
  requireMemory(jobBytes(v, s), v.budgetBytes(),
                "rmt-ridge with d = " + std::to_string(v.d) + ", ntrain = " + std::to_string(v.ntrain) +
                    " (parameters d, delta, ntrain)");
  return poolSweepJobs(kRidgeStream, s.seeds, s.pools.size(), s.mu2.size());
}

Json runJob(const Job& job, const Progress& progress) {
  const RidgeParams v = params().read(job.params);
  const RidgeSetup s = setup(v, job.input("R"));
  const auto [pool, point, seedIndex] = readPoolSweepJob(job, s.seeds, s.pools.size(), s.mu2.size());
  progress.step(0, 1, "ridge fit on " + std::to_string(v.ntrain) + " pooled sequences");
  const RidgeResult r = ridgeClassification(ridgeConfig(v, s, pool, point, seedIndex));
  progress.step(1, 1);
  return resultJson(RidgeJob{pool, point, seedIndex, r.testAccuracy, r.trainAccuracy, r.pooling.snrGain});
}

// A job's point is its own and its accuracies are fractions of sequences classified right.
std::string checkJobResult(const Job& job, const Json& r) {
  return JobCheck(r, job.at)
      .same("pool")
      .same("point")
      .same("seedIndex")
      .within("accuracy", 0, 1)
      .within("trainAccuracy", 0, 1)
      .problem();
}

Json combine(const ParamValues& values, const Json& finished) {
  const RidgeParams v = params().read(values);
  const std::vector<std::string> pools = splitPools("pools", v.pools);
  const std::vector<double> mu2 = v.mu2s;
  std::map<int, double> gains;
  for (const auto& entry : finished)
    gains[entry.at("result").at("pool").get<int>()] = entry.at("result").at("snrGain").get<double>();
  RidgeSweep out;
  for (std::size_t p = 0; p < pools.size(); ++p) {
    const auto gain = gains.find(static_cast<int>(p));
    out.pools.push_back({pools[p], gain == gains.end() ? 0.0 : gain->second});
  }
  for (const SeedMeans& m : seedMeans(finished, "accuracy", "trainAccuracy"))
    out.points.emplace_back(PoolAt{m.pool, mu2.at(m.point)}, RidgeMeasures{m.first, m.second});
  out.jobsDone = static_cast<std::int64_t>(finished.size());
  out.jobsTotal = static_cast<std::int64_t>(v.seeds) * static_cast<std::int64_t>(pools.size() * mu2.size());
  return resultJson(out);
}

// Accuracies are fractions of sequences classified right; job counts consistent.
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("points/*/accuracy/mean", 0, 1)
      .within("points/*/accuracy/sd", 0, 1)
      .within("points/*/trainAccuracy/mean", 0, 1)
      .within("points/*/trainAccuracy/sd", 0, 1)
      .within("points/*/mu2", 0, 1e6)
      .within("points/*/accuracy/n", 0, 1e9)
      .within("jobsDone", 0, 1e9)
      .ordered("jobsDone", "jobsTotal")
      .problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, d = 800, ntrain = 3200, 36 jobs: 12.9 s).
constexpr double kSecondsPerUnit = 1.4e-10;
// Seconds per unit of (ntrain + ntest) T d, the pooled sequences: gathered table rows, far slower per unit than the
// d × d algebra (d = 400, T = 128 → 256 → 512 measured 11.5 → 21.1 → 35.2 s, 36 jobs; 3.1 → 4.5 → 7.4 s predicted
// before).
constexpr double kSequenceSecondsPerUnit = 9e-10;
// The ziggurat stream's speed-up of the drawn part (d = 800, ntrain = 3200: 6.53 → 5.30 s).
constexpr double kZigguratSpeedup = 1.23;

Experiment rmtRidgeExperiment() {
  Experiment e = declareExperiment("rmt-ridge", "rmt", params().decls(), shapeOf<RidgeSweep>(), runJob);
  e.inputs = {correlationInput()};
  declareJobs(e, plan, combine, shapeOf<RidgeJob>(), checkJobResult);
  e.sizeParams = {"d", "delta", "ntrain"};
  e.memoryBytes = [](const ParamValues& values, const Inputs& inputs) {
    const RidgeParams v = params().read(values);
    return jobBytes(v, setup(v, correlationFile(inputs)));
  };
  // Time of one job: the table (d V), the pooled training and test sequences ((ntrain + ntest) T d),
  // the d × d ridge system (d² ntrain), its solution (d³) and R's eigen checks (T³ each).
  e.jobSeconds = [](const Job& job) {
    const RidgeParams v = params().read(job.params);
    const InputArray* r = job.input("R");
    const double d = v.d, vocabulary = d / v.delta, t = sequenceLength(v, r);
    const double train = v.ntrain, test = v.ntest;
    return (kSecondsPerUnit * (d * vocabulary + d * d * train + d * d * d) +
            kSequenceSecondsPerUnit * (train + test) * t * d) *
               streamTimeFactor(v.rng, kZigguratSpeedup) +
           eigenCheckSeconds(splitPools("pools", v.pools), t);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"d": 40, "mu2": "0.5", "ntrain": 100, "ntest": 100, "seeds": 1},
                     "memory": [{"d": "1000", "mu2": "1", "pools": "mean", "seeds": "1", "ntrain": "4000",
                                 "ntest": "2000"}],
                     "reference": [{"label": "small", "params": {"d": "30", "mu2": "1", "ntrain": "60",
                                    "ntest": "50", "seeds": "1", "seed": "6"}}],
                     "engine": {"d": "100", "mu2": "0.5,1", "ntrain": "400", "ntest": "400", "seeds": "1"},
                     "view": {"d": 40, "ntrain": 80, "ntest": 80, "seeds": 1, "mu2": [0.5, 2]},
                     "timing": [{}, {"d": "800", "ntrain": "3200"},
                                {"T": "128", "d": "50", "ntrain": "100", "ntest": "100"},
                                {"T": "512", "d": "50", "ntrain": "100", "ntest": "100"}, {"T": "512"}],
                     "corrupt": {"pointer": "/points/0/accuracy/mean", "value": 1.5}})json");
  return e;
}

}  // namespace attnlab
