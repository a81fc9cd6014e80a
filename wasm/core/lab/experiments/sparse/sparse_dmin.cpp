// SPDX-License-Identifier: Apache-2.0
// sparse-dmin (paper 1, docs/theory/sparse.md#dmin-experiment): the smallest d on an ascending grid at which the
// construction passes (23) and (24), against n, with the Theorem R bound and a fit d_min ≈ a + b ln n.
//
// Jobs: one per (curve value, n, seed index). A job's stream depends on (n, seed index) only, so all
// curves of one sweep see the same patterns and the same draws (common random numbers: differences
// between curves come from the parameter, not from sampling noise), and no number depends on job order
// or on which other n are listed. scan = fast returns exactly the d_min of scan = paper (same draws,
// same verdicts; see SparseApproximator::trial), with less work spent on failing draws: it is the
// implementation, and the paper's literal scan is kept as the test oracle (tests/cpp).
#include <limits>
#include <algorithm>
#include <cmath>
#include <map>

#include "lab/experiment.hpp"
#include "lab/job_checks.hpp"
#include "lab/experiments/sparse/approx.hpp"
#include "lab/experiments/sparse/dmin_sweep.hpp"
#include "lab/experiments/sparse/dmin_cost.hpp"

namespace attnlab {
namespace {

// The process itself (code, allocator, the parsed parameters): measured ~8 MiB at the peak of a run.
constexpr double kProcessBytes = 16.0 * 1024 * 1024;

const ParamList<DminFields>& params() {
  using P = DminFields;
  static const ParamList<P> list{
      {&P::ns,
       ParamDecl::integers(
           "ns", {128, 256, 512, 1024}, 8, 4096, 12,
           "Sequence lengths n, comma-separated; one pattern A per n and seed (an uploaded pattern brings its own n).",
           "tokens")},
      {&P::k, ParamDecl::integers(
                  "k", {2}, 1, 16, 6,
                  "Sparsity: at most k nonzeros in every row and column of A; a list draws one curve per value.")},
      {&P::gamma, ParamDecl::reals("gamma", {2}, 1, 1e6, 6,
                                   "Dynamic range: within a row, largest nonzero / smallest nonzero ≤ γ.")},
      {&P::eps1,
       ParamDecl::reals("eps1", {1}, 0, 10, 6, "Spread condition: ratios of nonzeros kept within a factor 1 + ε1.")
           .openBelow()},
      {&P::eps2, ParamDecl::reals("eps2", {0.5}, 0, 1, 6,
                                  "Gap condition: every zero of A stays below ε2 times each nonzero of its row.")
                     .openBelow()
                     .openAbove()},
      {&P::causal, constructionParam("causal")},
      {&P::proj, constructionParam("proj")},
      {&P::split, constructionParam("split")},
      {&P::delta, constructionParam("delta")},
      {&P::step,
       ParamDecl::integer("step", 16, 1, 1024, "d is scanned over step, 2·step, 3·step, … in ascending order.")},
      {&P::dmax, ParamDecl::integer("dmax", 16384, 1, 65536,
                                    "The scan stops here; a point that never passes is reported as capped.")},
      {&P::seeds,
       ParamDecl::integer("seeds", 3, 1, 50, "Independent patterns per n; their random streams derive from the seed.")},
      {&P::draws, ParamDecl::integers(
                      "draws", {1}, 1, 100, 6,
                      "A grid point passes if any of this many fresh draws of Y passes (1 = the paper's protocol).")},
      {&P::budget, budgetParam()},
      {&P::seed, seedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// The typed parameters, then checked across keys (dmin_sweep.cpp).
DminParams dminParams(const ParamValues& values) { return readDminParams(params().read(values)); }

std::vector<Json> plan(const ParamValues& values, const Inputs& inputs) {
  const DminParams p = dminParams(values);
  // Theorem R's bound of every curve at the largest n, before any job runs: a tiny eps1 is refused here.
  for (int c = 0; c < p.curveCount; ++c) {
    const CurveSetting s = p.setting(c);
    theoremBound(*std::max_element(p.ns.begin(), p.ns.end()), s.k, s.gamma, s.eps1, s.eps2);
  }
  if (inputs.count("pattern") && p.ns.size() > 1)
    throw ParamError("ns: with an uploaded pattern n comes from the file; give a single value of ns");
  std::vector<Json> jobs;
  for (int s = 0; s < p.seeds; ++s)  // seed-major, so partial results cover every n early
    for (int c = 0; c < p.curveCount; ++c)
      for (std::size_t q = 0; q < p.ns.size(); ++q) {
        scanCap(p, curveConstruction(p, p.setting(c)), p.ns[q], static_cast<std::int64_t>(p.setting(c).k) * p.ns[q]);
        jobs.push_back(
            {{"curve", c}, {"nIndex", q}, {"n", p.ns[q]}, {"seedIndex", s}, {"stream", dminJobStream(p.ns[q], s)}});
      }
  return jobs;
}

// The result and a job's result, declared once (lab/result_fields.hpp).
struct DminJob {
  int curve = 0, nIndex = 0, seedIndex = 0, n = 0;
  std::optional<int> dmin;  // null exactly when capped
  bool capped = false;
  int dcap = 0, gridPoints = 0, draws = 0;
  bool uploaded = false;
  int measuredK = 0;
  double rho = 0;
};
ATTNLAB_FIELDS(DminJob, curve, nIndex, seedIndex, n, dmin, capped, dcap, gridPoints, draws, uploaded, measuredK, rho)

struct BoundAt {
  int n = 0;
  double bound = 0;
};
ATTNLAB_FIELDS(BoundAt, n, bound)

struct DminCurve {
  std::optional<std::string> param;  // the parameter the curves vary, if any
  std::optional<double> value;
  CurveSetting setting;
  std::vector<DminPoint> perN;
  std::optional<LogFit> fit;
  std::vector<BoundAt> bounds;
};
ATTNLAB_FIELDS(DminCurve, param, value, setting, perN, fit, bounds)

// The first curve's points and fit at the top, as a single-curve sweep reads them.
struct DminSweep {
  std::vector<DminPoint> perN;
  std::optional<LogFit> fit;
  std::optional<std::string> curveParam;
  std::vector<DminCurve> curves;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(DminSweep, perN, fit, curveParam, curves, jobsDone, jobsTotal)

Json runJob(const Job& job, const Progress& progress) {
  DminParams p = dminParams(job.params);
  readDminCoordinates(job.at, p);
  const CurveSetting s = p.setting(p.curve);
  const Construction c = curveConstruction(p, s);
  SparsePattern a;
  const InputArray* upload = job.input("pattern");
  const bool uploaded = upload != nullptr;
  if (uploaded) {
    a = patternFromInput(*upload, c.causal);
  } else {
    Rng rng(p.seed, childStream(p.stream, 0), c.normals);  // uniforms only: the same A for either rng
    a = samplePattern(p.ns[p.nIndex], s.k, s.gamma, c.causal, rng);
  }
  const int dcap = scanCap(p, c, a.n, a.nonzeros());
  SparseApproximator approximator(a, c);
  const ScanOutcome out =
      scanMinimalWidth(approximator, p.step, dcap, s.draws, ScanMode::Fast, p.seed, p.stream, progress);
  return resultJson(DminJob{p.curve, p.nIndex, p.seedIndex, a.n,
                            out.capped ? std::nullopt : std::optional<int>(out.dmin), out.capped, dcap, out.gridPoints,
                            out.draws, uploaded, a.measuredK(), a.rho()});
}

// A job's result is its own (its coordinates) and d_min is a point of its scan: a multiple of step in
// [step, dcap], or null exactly when capped; dcap <= dmax.
std::string checkJobResult(const Job& job, const Json& r) {
  DminParams p = dminParams(job.params);
  readDminCoordinates(job.at, p);
  const bool capped = r.at("capped").get<bool>();
  const int n = r.at("n").get<int>();
  JobCheck check(r, job.at);
  check.same("curve").same("nIndex").same("seedIndex");
  if (!r.at("uploaded").get<bool>()) check.same("n");
  check.within("n", 1, 4096)
      .within("dcap", 0, p.dmax)
      .require(capped == r.at("dmin").is_null(),
               "result.capped = " + r.at("capped").dump() + " but result.dmin = " + r.at("dmin").dump())
      .within("dmin", p.step, r.at("dcap").get<double>())
      .require(r.at("dmin").is_null() || r.at("dmin").get<long>() % p.step == 0,
               "result.dmin = " + r.at("dmin").dump() +
                   " is not on the scan's grid (multiples of step = " + std::to_string(p.step) + ")")
      .within("measuredK", 0, n)
      .within("gridPoints", 0, p.dmax)
      .within("draws", 0, 1e9);
  return check.problem();
}

Json combine(const ParamValues& values, const Json& finished) {
  const DminParams p = dminParams(values);
  std::map<std::pair<int, int>, std::map<int, Json>> byPoint;  // (curve, nIndex) -> seedIndex -> result
  for (const auto& entry : finished) {
    const Json& r = entry.at("result");
    byPoint[{r.at("curve").get<int>(), r.at("nIndex").get<int>()}][r.at("seedIndex").get<int>()] = r;
  }
  DminSweep out;
  const std::optional<std::string> curveParam =
      p.curveParam.empty() ? std::nullopt : std::optional<std::string>(p.curveParam);
  for (int c = 0; c < p.curveCount; ++c) {
    const CurveSetting s = p.setting(c);
    DminCurve curve{curveParam, p.curveValue(c), s, {}, std::nullopt, {}};
    std::vector<std::pair<double, double>> points;
    for (std::size_t q = 0; q < p.ns.size(); ++q) {
      const auto found = byPoint.find({c, static_cast<int>(q)});
      const Json* first = found == byPoint.end() ? nullptr : &found->second.begin()->second;
      const int n = first ? first->at("n").get<int>() : p.ns[q];
      // Theorem R for the sampler's class, or for what an uploaded pattern measures.
      const bool uploaded = first && first->value("uploaded", false);
      const double bound = uploaded ? theoremBoundLog(n, first->at("measuredK").get<double>(),
                                                      first->at("rho").get<double>(), s.eps1, s.eps2)
                                    : theoremBound(n, s.k, s.gamma, s.eps1, s.eps2);
      curve.bounds.push_back({n, bound});
      if (first) curve.perN.push_back(summarisePoint(found->second, n, bound, points));
    }
    curve.fit = fitLogLaw(points);
    out.curves.push_back(curve);
  }
  out.perN = out.curves.at(0).perN;
  out.fit = out.curves.at(0).fit;
  out.curveParam = curveParam;
  out.jobsDone = static_cast<std::int64_t>(finished.size());
  out.jobsTotal = static_cast<std::int64_t>(p.curveCount * p.ns.size() * p.seeds);
  return resultJson(out);
}

double jobSeconds(const Job& job) {
  DminParams p = dminParams(job.params);
  readDminCoordinates(job.at, p);
  return dminJobSeconds(p, job.input("pattern"));  // sparse/dmin_cost.cpp
}

InputRule patternInput() {
  InputRule rule = patternRule(4096);
  rule.minSide = 8;
  return rule;
}

// A whole sweep: every d_min a point of its scan in [1, dcap], dcap within the widest scan (16384), n a
// pattern size; seed counts and job counts consistent.
std::string checkResult(const Json& r) {
  JobCheck check(r);
  for (const std::string at : {"perN/*", "curves/*/perN/*"}) {
    check.within(at + "/n", 1, 4096)
        .within(at + "/dcap", 0, 16384)
        .within(at + "/dmin/*", 1, 16384)
        .ordered(at + "/dmin/*", at + "/dcap")
        .within(at + "/mean", 1, 16384)
        .within(at + "/sd", 0, 16384)
        .within(at + "/seedsDone", 0, 1e6)
        .within(at + "/cappedSeeds", 0, 1e6)
        .ordered(at + "/cappedSeeds", at + "/seedsDone")
        .within(at + "/bound", 0, std::numeric_limits<double>::max());
  }
  return check.within("curves/*/bounds/*/n", 1, 4096)
      .within("curves/*/setting/k", 1, 16)
      .within("curves/*/setting/draws", 1, 1e9)
      .within("fit/r2", -std::numeric_limits<double>::max(), 1)
      .within("curves/*/fit/r2", -std::numeric_limits<double>::max(), 1)
      .within("jobsDone", 0, 1e9)
      .ordered("jobsDone", "jobsTotal")
      .problem();
}

}  // namespace

Experiment sparseDminExperiment() {
  Experiment e = declareExperiment("sparse-dmin", "sparse", params().decls(), shapeOf<DminSweep>(), runJob);
  e.inputs = {patternInput()};
  declareJobs(e, plan, combine, shapeOf<DminJob>(), checkJobResult);
  e.memoryBytes = [](const ParamValues& v, const Inputs&) {
    const DminParams p = dminParams(v);
    double most = 0;  // the largest job: its scan is capped where the budget cannot hold wider X(1), X(2)
    for (int c = 0; c < p.curveCount; ++c)
      for (int n : p.ns) {
        const Construction cc = curveConstruction(p, p.setting(c));
        const std::int64_t nonzeros = std::int64_t{p.setting(c).k} * n;
        most = std::max(most, approximationBytes(n, nonzeros, scanCap(p, cc, n, nonzeros), cc, false));
      }
    return most + kProcessBytes;
  };
  e.jobSeconds = jobSeconds;
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"ns": "16,32", "seeds": 2},
                     "memory": [{"ns": "1024", "seeds": "1", "eps1": "0.5", "eps2": "0.1", "step": "512",
                                 "dmax": "4096"}],
                     "reference": [{"label": "two sizes, two seeds", "params": {"ns": "16,24", "k": "2",
                                    "gamma": "2", "seeds": "2", "dmax": "512", "seed": "4"}}],
                     "engine": {"ns": "32,64", "seeds": "1", "step": "32"},
                     "view": {"ns": [32, 64], "seeds": 1},
                     "sharded": {"ns": "32,48,64", "seeds": "2", "seed": "3"},
                     "timing": [{}, {"ns": "512,1024,2048,3072"}, {"ns": "1024", "seeds": "1", "split": "sym"},
                                {"delta": "3"}, {"delta": "10"}, {"delta": "100"}],
                     "corrupt": {"pointer": "/perN/0/n", "value": 1e308}})json");
  return e;
}

}  // namespace attnlab
