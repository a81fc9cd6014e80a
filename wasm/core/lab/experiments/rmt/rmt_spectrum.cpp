// SPDX-License-Identifier: Apache-2.0
// rmt-spectrum (docs/theory/rmt.md#experiment-spectrum): one simulation of S = C C^T / N, its whole
// spectrum against the bulk kappa·(MP_delta ⊠ MP_gamma), the edges and the predicted outlier, and the
// top eigenvector's overlap with the signal against theory. The theory keys (`theory`) are a pure
// function of the parameters: the page redraws them while a control moves.
#include <limits>
#include <algorithm>
#include <cmath>

#include "lab/job_checks.hpp"
#include "lab/result_fields.hpp"
#include "lab/experiments/rmt/experiment_common.hpp"

namespace attnlab {
namespace {

struct SpectrumParams : RmtFields {
  std::string pool;
};

const ParamList<SpectrumParams>& params() {
  using P = SpectrumParams;
  static const ParamList<P> list{{&P::d, rmtParam("d")},           {&P::delta, rmtParam("delta")},
                                 {&P::gamma, rmtParam("gamma")},   {&P::T, rmtParam("T")},
                                 {&P::mu2, rmtParam("mu2")},       {&P::R, rmtParam("R")},
                                 {&P::pool, rmtParam("pool")},     {&P::variant, rmtParam("variant")},
                                 {&P::centre, rmtParam("centre")}, {&P::budget, budgetParam()},
                                 {&P::seed, seedParam()},          {&P::rng, rngParam()}};
  return list;
}

// The result, declared once (lab/result_fields.hpp). The theory part is a pure function of the parameters.
struct Edges {
  double lower = 0, upper = 0;
};
ATTNLAB_FIELDS(Edges, lower, upper)

struct SpectrumTheory {
  SimulationSizes sizes;
  Eigen::VectorXd weights;
  DensityCurve density, mpDelta, mpGamma;
  Edges bulkEdges;
  double atomAtZero = 0, alpha = 0, kappa = 0, rho = 0, rhoPopulation = 0, rhoSample = 0;
  bool populationSpike = false, sampleSpike = false, meanSpikeOnTop = false;
  double topEigenvalueTheory = 0, overlapTheory = 0, populationOverlapTheory = 0;
};
ATTNLAB_FIELDS(SpectrumTheory, sizes, weights, density, mpDelta, mpGamma, bulkEdges, atomAtZero, alpha, kappa, rho,
               rhoPopulation, rhoSample, populationSpike, sampleSpike, meanSpikeOnTop, topEigenvalueTheory,
               overlapTheory, populationOverlapTheory)

// The theory again with the realised finite-vocabulary offsets.
struct RealisedTheory {
  double topEigenvalue = 0, overlap = 0, signalNorm2 = 0, meanNorm2 = 0;
};
ATTNLAB_FIELDS(RealisedTheory, topEigenvalue, overlap, signalNorm2, meanNorm2)

struct SpectrumResult : SpectrumTheory {
  Eigen::VectorXd eigenvalues;
  double topEigenvalue = 0, overlap = 0, rightOverlap = 0;
  RealisedTheory realisedTheory;
};
ATTNLAB_FIELDS(SpectrumResult, sizes, weights, density, mpDelta, mpGamma, bulkEdges, atomAtZero, alpha, kappa, rho,
               rhoPopulation, rhoSample, populationSpike, sampleSpike, meanSpikeOnTop, topEigenvalueTheory,
               overlapTheory, populationOverlapTheory, eigenvalues, topEigenvalue, overlap, rightOverlap,
               realisedTheory)

struct Setup {
  SimulationConfig config;
  SimulationSizes sizes;
};

Setup setup(const SpectrumParams& v, const InputArray* file) {
  const PositionalModel m = readPositions(v, file);
  Setup s;
  s.config = simulationConfig(v, m, readPooling("pool", v.pool, m));
  s.sizes = simulationSizes(s.config);
  return s;
}

// kappa·MP_c on a uniform grid over the support of both comparison laws (docs/theory/rmt.md#experiment-spectrum).
DensityCurve marchenkoPasturCurve(double c, double kappa, double top) {
  DensityCurve curve;
  const int points = 200;
  for (int i = 1; i <= points; ++i) {
    curve.x.push_back(top * i / (points + 1));
    curve.f.push_back(marchenkoPasturDensity(curve.x.back(), c, kappa));
  }
  return curve;
}

SpectrumTheory spectrumTheory(const Setup& s, bool b) {
  const SimulationSizes& z = s.sizes;
  const PoolingScalars pooling = poolingScalars(s.config.weights, s.config.positions.R);
  const PooledTheory t = pooledTheory(pooling, b, s.config.centre, s.config.mu2, z.delta, z.gamma);
  const BulkEdges edges = bulkEdges(z.delta, z.gamma);
  const double top = pooling.kappa * std::max(std::pow(1 + std::sqrt(z.delta), 2), std::pow(1 + std::sqrt(z.gamma), 2));
  SpectrumTheory out;
  out.sizes = z;
  out.weights = s.config.weights;
  out.density = bulkDensityCurve(z.delta, z.gamma, pooling.kappa, 400);
  out.mpDelta = marchenkoPasturCurve(z.delta, pooling.kappa, top);
  out.mpGamma = marchenkoPasturCurve(z.gamma, pooling.kappa, top);
  out.bulkEdges = {pooling.kappa * edges.lambdaMinus, pooling.kappa * edges.lambdaPlus};
  out.atomAtZero = bulkAtomAtZero(z.delta, z.gamma);
  out.alpha = pooling.alpha;
  out.kappa = pooling.kappa;
  out.rho = t.snr.rho;
  out.rhoPopulation = t.thresholds.rhoPopulation;
  out.rhoSample = t.thresholds.rhoSample;
  out.populationSpike = t.top.signal.populationSpike;
  out.sampleSpike = t.top.signal.sampleSpike;
  out.meanSpikeOnTop = t.top.meanSpikeOnTop;
  out.topEigenvalueTheory = t.top.topEigenvalue;
  out.overlapTheory = t.top.overlap;
  out.populationOverlapTheory = t.top.populationOverlap;
  return out;
}

Json theory(const ParamValues& values) {
  const SpectrumParams v = params().read(values);
  return resultJson(spectrumTheory(setup(v, nullptr), variantB(v)));
}

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, d = 1200: 1.36 s).
constexpr double kSecondsPerUnit = 1.6e-10;

Json run(const Job& job, const Progress& progress) {
  const SpectrumParams v = params().read(job.params);
  const Setup s = setup(v, job.input("R"));
  SpectrumResult out{spectrumTheory(s, variantB(v)), {}, 0, 0, 0, {}};
  const int d = s.sizes.d;
  progress.step(0, 3,
                "embedding table (" + std::to_string(d) + " × " + std::to_string(s.sizes.V) + ") and " +
                    std::to_string(s.sizes.N) + " pooled sequences");
  const PooledSample sample = pooledSample(s.config);
  const int side = std::min(d, s.sizes.N);
  progress.step(1, 3, "all eigenvalues of a " + std::to_string(side) + " × " + std::to_string(side) + " matrix");
  const FullSpectrum spectrum = sampleCovarianceSpectrum(sample.pooled.C);
  const double u1 = spectrum.top.vector(0);  // u = e_1 (docs/theory/rmt.md#vocabulary)
  const Eigen::VectorXd& a = sample.pooled.projection;
  const double an = a.norm();
  out.eigenvalues = spectrum.eigenvalues;
  out.topEigenvalue = spectrum.top.eigenvalue;
  out.overlap = u1 * u1;
  out.rightOverlap = an > 0 ? std::pow(spectrum.top.rightVector.dot(a) / an, 2) : 0.0;
  // The same theory with the realised finite-vocabulary offsets (differs from the above only in Variant B).
  const PoolingScalars pooling = poolingScalars(s.config.weights, s.config.positions.R);
  const PooledSnr snr = pooledSnr(variantB(v), s.config.centre, pooling.alpha, pooling.kappa, pooling.weightSum,
                                  s.config.mu2, sample.table.offsets);
  const TopEigenTheory realised = topEigenTheory(snr, s.sizes.delta, s.sizes.gamma, pooling.kappa);
  out.realisedTheory = {realised.topEigenvalue, realised.overlap, sample.table.offsets.signalNorm2,
                        sample.table.offsets.meanNorm2};
  progress.step(3, 3);
  return resultJson(out);
}

// Sizes in the schema's ranges; a covariance's spectrum and densities non-negative; overlaps squared cosines.
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("sizes/d", 2, 8192)
      .within("sizes/T", 1, 512)
      .within("sizes/V", 1, std::numeric_limits<double>::max())
      .within("sizes/N", 1, std::numeric_limits<double>::max())
      .within("eigenvalues/*", -1e-6, std::numeric_limits<double>::max())
      .within("density/f/*", 0, std::numeric_limits<double>::max())
      .within("mpDelta/f/*", 0, std::numeric_limits<double>::max())
      .within("mpGamma/f/*", 0, std::numeric_limits<double>::max())
      .within("atomAtZero", 0, 1)
      .within("overlap", 0, kOverlapMax)
      .within("rightOverlap", 0, kOverlapMax)
      .within("overlapTheory", 0, kOverlapMax)
      .within("populationOverlapTheory", 0, kOverlapMax)
      .within("realisedTheory/overlap", 0, kOverlapMax)
      .within("topEigenvalue", 0, std::numeric_limits<double>::max())
      .within("bulkEdges/lower", 0, std::numeric_limits<double>::max())
      .ordered("bulkEdges/lower", "bulkEdges/upper")
      .problem();
}

}  // namespace

Experiment rmtSpectrumExperiment() {
  Experiment e = declareExperiment("rmt-spectrum", "rmt", params().decls(), shapeOf<SpectrumResult>(), run);
  e.inputs = {correlationInput()};
  e.theory = theory;
  e.sizeParams = {"d", "delta", "gamma"};
  e.memoryBytes = [](const ParamValues& v, const Inputs& inputs) {
    return kRmtProcessBytes +
           static_cast<double>(spectrumMemoryBytes(setup(params().read(v), correlationFile(inputs)).config));
  };
  // Time: the table (d V), N pooled sequences of T tokens (N T d), S (d² N) and all its eigenvalues.
  e.jobSeconds = [](const Job& job) {
    const Setup s = setup(params().read(job.params), job.input("R"));
    const double d = s.sizes.d, side = std::min(s.sizes.d, s.sizes.N);
    return kSecondsPerUnit *
           (d * s.sizes.V + double(s.sizes.N) * s.sizes.T * d + d * d * s.sizes.N + side * side * side);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"d": 60},
                     "memory": [{"d": "1600"}],
                     "reference": [
                       {"label": "mean pooling", "params": {"d": "40", "seed": "2"}},
                       {"label": "Variant B, custom weights",
                        "params": {"d": "40", "variant": "B", "T": "3", "pool": "0.5,0.3,0.2", "seed": "3"}}],
                     "engine": {"d": "50"},
                     "view": {"d": 60},
                     "timing": [{}, {"d": "1200"}],
                     "corrupt": {"pointer": "/overlap", "value": 1.2}})json");
  return e;
}

}  // namespace attnlab
