// SPDX-License-Identifier: Apache-2.0
// rmt-phase (docs/theory/rmt.md#phase-diagram): theory only. The population threshold
// rho = delta + sqrt(delta) and the sample threshold rho_c = delta + theta'_c against gamma (or delta),
// the two-transition window between them (a population spike, no sample spike), the sample overlap
// |u_S^T u|^2 as a map over (axis, rho), and the current parameters' point.
#include <limits>
#include <algorithm>
#include <cmath>

#include "lab/job_checks.hpp"
#include "lab/result_fields.hpp"
#include "numerics/rmt/checks.hpp"
#include "lab/experiments/rmt/experiment_common.hpp"

namespace attnlab {
namespace {

constexpr int kCurvePoints = 120, kMapRows = 60, kMapCols = 80;

struct PhaseParams : RmtFields {
  std::string axis, pool;
  double xmax = 0;
};

const ParamList<PhaseParams>& params() {
  using P = PhaseParams;
  static const ParamList<P> list{
      {&P::axis, ParamDecl::choice("axis", "gamma", {"gamma", "delta"},
                                   "Horizontal axis: γ = d/N at fixed δ, or δ = d/V at fixed γ.")},
      {&P::xmax, ParamDecl::real("xmax", 2, 0.1, 16, "The horizontal axis runs from 0 to this value.")},
      {&P::delta, rmtParam("delta")},
      {&P::gamma, rmtParam("gamma")},
      {&P::T, rmtParam("T")},
      {&P::mu2, rmtParam("mu2")},
      {&P::R, rmtParam("R")},
      {&P::pool, rmtParam("pool")},
      {&P::variant, rmtParam("variant")},
      {&P::budget, budgetParam()},
      {&P::seed, seedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// The result, declared once (lab/result_fields.hpp).
struct CurrentPoint {
  double x = 0, rho = 0;
  std::string region;
  double rhoPopulation = 0, rhoSample = 0, snrGain = 0;
};
ATTNLAB_FIELDS(CurrentPoint, x, rho, region, rhoPopulation, rhoSample, snrGain)

struct OverlapMap {
  int rows = 0, cols = 0;
  std::vector<double> data;  // row r: rho = rhoMax (r + 0.5)/rows, column c: x = xMax (c + 0.5)/cols
  double xMax = 0, rhoMax = 0;
};
ATTNLAB_FIELDS(OverlapMap, rows, cols, data, xMax, rhoMax)

struct PhaseResult {
  std::string axis;
  std::vector<double> x, rhoPopulation, rhoSample;
  double rhoMax = 0;
  CurrentPoint current;
  OverlapMap overlapMap;
};
ATTNLAB_FIELDS(PhaseResult, axis, x, rhoPopulation, rhoSample, rhoMax, current, overlapMap)

// (delta, gamma) at horizontal position x.
std::pair<double, double> ratiosAt(bool gammaAxis, double x, double delta, double gamma) {
  return gammaAxis ? std::make_pair(delta, x) : std::make_pair(x, gamma);
}

const char* region(double rho, const TransitionThresholds& th) {
  if (rho > th.rhoSample) return "sample";          // both spikes: the top eigenvector sees the signal
  if (rho > th.rhoPopulation) return "population";  // two-transition window: population spike only
  return "none";
}

Json phase(const ParamValues& values) {
  const PhaseParams v = params().read(values);
  const PositionalModel m = readPositions(v, nullptr);
  const PoolingScalars pooling = poolingScalars(readPooling("pool", v.pool, m), m.R);
  const bool gammaAxis = v.axis == "gamma";
  const double delta = v.delta, gamma = v.gamma, xmax = v.xmax;
  checkBulkRatios(delta, gamma);
  requireInRange("xmax", xmax, 0.1, 16);
  const PooledTheory here = pooledTheory(pooling, variantB(v), false, v.mu2, delta, gamma);
  PhaseResult out;
  out.axis = v.axis;
  for (int i = 1; i <= kCurvePoints; ++i) {
    out.x.push_back(xmax * i / kCurvePoints);
    const auto [dl, gm] = ratiosAt(gammaAxis, out.x.back(), delta, gamma);
    const TransitionThresholds th = transitionThresholds(dl, gm);
    out.rhoPopulation.push_back(th.rhoPopulation);
    out.rhoSample.push_back(th.rhoSample);
  }
  const double rhoMax =
      std::max({1.25 * here.snr.rho, 1.2 * *std::max_element(out.rhoSample.begin(), out.rhoSample.end()), 1.0});
  out.rhoMax = rhoMax;
  out.current = {
      gammaAxis ? gamma : delta, here.snr.rho,   region(here.snr.rho, here.thresholds), here.thresholds.rhoPopulation,
      here.thresholds.rhoSample, pooling.snrGain};
  out.overlapMap = {kMapRows, kMapCols, {}, xmax, rhoMax};
  for (int r = 0; r < kMapRows; ++r)
    for (int c = 0; c < kMapCols; ++c) {
      const auto [dl, gm] = ratiosAt(gammaAxis, xmax * (c + 0.5) / kMapCols, delta, gamma);
      out.overlapMap.data.push_back(spikeTheory(rhoMax * (r + 0.5) / kMapRows, dl, gm).sampleOverlap);
    }
  return resultJson(out);
}

// The axis from 0; overlaps of the map squared cosines in [0, 1].
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("x/*", 0, 16)
      .within("overlapMap/data/*", 0, kOverlapMax)
      .within("overlapMap/xMax", 0, 16)
      .within("overlapMap/rows", 0, 4096)
      .within("overlapMap/cols", 0, 4096)
      .within("current/x", 0, std::numeric_limits<double>::max())
      .problem();
}

}  // namespace

Experiment rmtPhaseExperiment() {
  Experiment e = declareExperiment("rmt-phase", "rmt", params().decls(), shapeOf<PhaseResult>(),
                                   [](const Job& job, const Progress& progress) {
                                     progress.step(0, 1, "thresholds and overlap map (closed forms)");
                                     Json out = phase(job.params);
                                     progress.step(1, 1);
                                     return out;
                                   });
  e.theory = phase;
  // Closed forms on a few thousand points: the process and the result are all there is.
  e.memoryBytes = [](const ParamValues&, const Inputs&) { return kRmtProcessBytes; };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {}, "drawsNoRandomData": true,
                     "memory": [{}],
                     "reference": [{"label": "delta axis", "params": {"axis": "delta", "mu2": "0.7",
                                    "pool": "causal"}}],
                     "engine": {"xmax": "1"},
                     "view": {},
                     "corrupt": {"pointer": "/overlapMap/data/0", "value": -0.5}})json");
  return e;
}

}  // namespace attnlab
