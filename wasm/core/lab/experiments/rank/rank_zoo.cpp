// SPDX-License-Identifier: Apache-2.0
// rank-zoo (docs/theory/rank.md#calibration-study, #head-zoo, #model-study): the calibration study on the synthetic
// 84-head zoo (a stand-in, NOT BERT) or on the heads of files or a model, × temperatures. One job per (head,
// temperature); combine gives the per-head table, per-family means, mean reductions and Spearman statistics.
#include <limits>
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "lab/job_checks.hpp"
#include "lab/params.hpp"
#include "lab/experiments/rank/experiment_common.hpp"
#include "numerics/rank/zoo.hpp"

namespace attnlab {
namespace {

struct ZooParams : RunParams {
  std::string family;
  std::vector<double> betaMults;
  double tau = 0, epsOut = 0, eps = 0, scale = 0;
  bool bilinear = false;
};

const ParamList<ZooParams>& params() {
  using P = ZooParams;
  static const ParamList<P> list{
      {&P::family,
       ParamDecl::choice(
           "family", "all", {"all", "generic", "lowrank", "positional", "sink", "keymean", "sharp", "broad"},
           "Zoo heads studied: all 84, or the 12 variants of one family. A chosen file replaces the zoo.")},
      {&P::betaMults,
       ParamDecl::reals(
           "betaMults", {1}, 0, 16, 6,
           "Temperature multipliers: every head is studied at each (the paper-style study uses 0.5, 1, 2).")
           .openBelow()},
      {&P::tau, ParamDecl::real("tau", 1, 0, 1e6, "Tolerance τ of r_raw(τ), r_vis(τ), in nats.").openBelow()},
      {&P::epsOut,
       ParamDecl::real("epsOut", 0.05, 0, 2, "Output tolerance of the effective dimensions r_eff.").openBelow()},
      {&P::eps, rankParam("eps")},
      {&P::scale, ParamDecl::real("scale", 0, 0, 1000,
                                  "Uploaded Q and K: logits = (temperature multiplier) × scale × Q Kᵀ; 0 means 1/√d_h, "
                                  "d_h the width of Q and K.")},
      {&P::bilinear,
       ParamDecl::choice(
           "bilinear", "0", {"0", "1"},
           "1: the heads are a model's W_Qᵀ W_K (weights only): energy90 of the form, not of row-centred logits.")},
      {&P::budget, budgetParam()},
      {&P::seed, rankSeedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// A row of the table (one head at one temperature), a job's result (its row, then its index and the
// upload's head count) and the study, declared once (lab/result_fields.hpp).
struct ZooTableRow {
  std::string family;
  int variant = 0;
  double betaMult = 1;
  int rVis = 0, rRawTau = 0, rVisTau = 0, rEffRaw = 0, rEffVis = 0, kSvd = 0, lowerBound = 0, lowerBoundPoolData = 0,
      kComb = 0;
  std::optional<int> combRank, combDegree;  // null when U5 is vacuous
  bool nonVacuous = false;
  int reductionTau = 0, reductionEff = 0;
  double svdError = 0, combError = 0;
  // A file's or model's head (null for the zoo): layer, head, energy90 and antisymmetry (numerics/rank/energy.hpp).
  std::optional<int> layer, head, energy90;
  std::optional<double> antisymmetry;
};
ATTNLAB_FIELDS(ZooTableRow, family, variant, betaMult, rVis, rRawTau, rVisTau, rEffRaw, rEffVis, kSvd, lowerBound,
               lowerBoundPoolData, kComb, combRank, combDegree, nonVacuous, reductionTau, reductionEff, svdError,
               combError, layer, head, energy90, antisymmetry)

struct ZooJobTag {
  int index = 0;
  int uploadedHeads = 0;  // 0 for the built-in zoo
};
ATTNLAB_FIELDS(ZooJobTag, index, uploadedHeads)
using ZooJob = Joined<ZooTableRow, ZooJobTag>;

struct SpearmanRho {
  std::string name;
  double rho = 0;
};
ATTNLAB_FIELDS(SpearmanRho, name, rho)

struct ZooStudy {
  std::vector<ZooTableRow> rows;  // plan order
  std::vector<ZooFamilyMeans> families;
  double meanReductionTau = 0, meanReductionEff = 0, fractionEffPositive = 0;
  std::vector<SpearmanRho> spearman;
  std::string source;
  bool synthetic = true;
  double tau = 0, epsOut = 0, eps = 0;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(ZooStudy, rows, families, meanReductionTau, meanReductionEff, fractionEffPositive, spearman, source,
               synthetic, tau, epsOut, eps, jobsDone, jobsTotal)

std::vector<Json> plan(const ParamValues& values, const Inputs& inputs) {
  const ZooParams v = params().read(values);
  const UploadedHeads up = describeUploadedHeads(inputs, v.budgetBytes());
  const std::vector<double> mults = v.betaMults;
  std::vector<Json> jobs;
  int index = 0;
  if (up.count > 0) {
    requireMemory(kRankProcessBytes + interactionBytes(up.n, up.n), v.budgetBytes(),
                  "rank-zoo with uploaded heads of n = " + std::to_string(up.n));
    for (double m : mults)
      for (int h = 0; h < up.count; ++h) jobs.push_back({{"index", index++}, {"head", h}, {"betaMult", m}});
    return jobs;
  }
  requireMemory(kRankProcessBytes + zooConfigurationBytes(), v.budgetBytes(), "rank-zoo (n = 128 tokens per head)");
  const std::string only = v.family;
  for (double m : mults)  // temperature-major: a partial result already covers every family
    for (int f = 0; f < kZooFamilies; ++f)
      for (int var = 0; var < kZooVariants; ++var)
        if (only == "all" || only == zooFamilyName(f))
          jobs.push_back({{"index", index++}, {"family", f}, {"variant", var}, {"betaMult", m}});
  return jobs;
}

ZooTableRow tableRow(const ZooRow& r) {
  return {r.family,
          r.variant,
          r.betaMult,
          r.rVis,
          r.rRawTau,
          r.rVisTau,
          r.rEffRaw,
          r.rEffVis,
          r.kSvd,
          r.lowerBound,
          r.lowerBounds.poolData,
          r.kComb,
          unlessNegative(r.combRank),
          unlessNegative(r.combDegree),
          r.nonVacuous,
          r.reductionTau,
          r.reductionEff,
          r.svdError,
          r.combError};
}

// What summarizeZoo reads of a row.
ZooRow zooRowOf(const ZooTableRow& t) {
  LowerBounds bounds;
  bounds.poolData = t.lowerBoundPoolData;
  return {t.family,        t.variant,         t.betaMult,   t.rVis,         t.rRawTau,     t.rVisTau,
          t.rEffRaw,       t.rEffVis,         t.kSvd,       t.lowerBound,   bounds,        t.kComb,
          /*combRank*/ -1, /*combDegree*/ -1, t.nonVacuous, t.reductionTau, t.reductionEff};
}

Json runJob(const Job& job, const Progress& progress) {
  const ZooParams v = params().read(job.params);
  const ZooOptions o{v.tau, v.epsOut, v.eps};
  const double mult = job.at.at("betaMult").get<double>();
  ZooTableRow table;
  int uploadedHeads = 0;
  if (job.at.contains("head")) {
    const int h = job.at.at("head").get<int>();
    const UploadedHeads up = describeUploadedHeads(*job.inputs, v.budgetBytes());
    uploadedHeads = up.count;
    progress.step(0, 1, "uploaded head " + headLabel(up, h) + " at β× " + Json(mult).dump());
    const HeadArrays a = uploadedHead(*job.inputs, h, v.scale, v.budgetBytes());
    InteractionOptions io;
    io.taus = {o.tau};
    io.epsOut = o.epsOut;
    io.eps = o.eps;
    io.curves = false;  // the zoo's rows need the residuals' decisions, not their curves
    table = tableRow(zooRowFrom(headAnalysis(a, mult, io), headLabel(up, h), h, mult));
    const HeadEnergy energy = headEnergy(a, v.bilinear);
    const int perLayer = std::max(1, up.perLayer);
    table.layer = h / perLayer;
    table.head = h % perLayer;
    table.energy90 = energy.energy90;
    table.antisymmetry = energy.antisymmetry;
  } else {
    const int f = job.at.at("family").get<int>(), var = job.at.at("variant").get<int>();
    progress.step(0, 1,
                  std::string("zoo head ") + zooFamilyName(f) + " v" + std::to_string(var) +
                      ": spectra and certificates (128 × 128)");
    table = tableRow(zooConfiguration(f, var, mult, o));
  }
  progress.step(1, 1);
  return resultJson(ZooJob(table, {job.at.at("index").get<int>(), uploadedHeads}));
}

// A row is its job's (index, temperature) with ranks >= 0 and its lower bounds below the SVD certificate.
std::string checkJobResult(const Job& job, const Json& r) {
  JobCheck check(r, job.at);
  check.same("index").same("betaMult");
  for (const char* key :
       {"rVis", "rRawTau", "rVisTau", "rEffRaw", "rEffVis", "kSvd", "lowerBound", "lowerBoundPoolData", "kComb",
        "combRank", "combDegree", "uploadedHeads", "layer", "head", "energy90"})
    check.within(key, 0, 1e9);
  check.within("antisymmetry", 0, 1);
  return check.ordered("lowerBoundPoolData", "lowerBound")
      .ordered("lowerBound", "kSvd")
      .within("svdError", 0, 1e300)
      .within("combError", 0, 1e300)
      .problem();
}

Json combine(const ZooParams& v, const Json& finished, bool uploaded, std::size_t total) {
  std::map<int, ZooTableRow> byIndex;  // plan order, whatever order the jobs finished in
  for (const auto& entry : finished) {
    const ZooJob job = readResult<ZooJob>(entry.at("result"));
    byIndex[job.index] = job;
  }
  ZooStudy out;
  std::vector<ZooRow> zoo;
  for (const auto& [index, row] : byIndex) {
    out.rows.push_back(row);
    zoo.push_back(zooRowOf(row));
  }
  const ZooSummary s = summarizeZoo(zoo);
  out.families = s.families;
  out.meanReductionTau = s.meanReductionTau;
  out.meanReductionEff = s.meanReductionEff;
  out.fractionEffPositive = s.fractionEffPositive;
  for (const auto& [name, rho] : s.spearman) out.spearman.push_back({name, rho});
  out.source = uploaded ? "uploaded heads" : "synthetic zoo (a stand-in, not BERT)";
  out.synthetic = !uploaded;
  out.tau = v.tau;
  out.epsOut = v.epsOut;
  out.eps = v.eps;
  out.jobsDone = static_cast<std::int64_t>(finished.size());
  out.jobsTotal = static_cast<std::int64_t>(total);
  return resultJson(out);
}

// Jobs a run has (the count only depends on the parameters, or on the files' head count).
std::size_t jobCount(const ZooParams& v, int uploadedHeads) {
  const std::size_t per = uploadedHeads > 0   ? uploadedHeads
                          : v.family == "all" ? kZooFamilies * kZooVariants
                                              : kZooVariants;
  return per * v.betaMults.size();
}

// Per head: ranks >= 0, lower bounds below the SVD certificate; fractions and rank correlations in range.
std::string checkResult(const Json& r) {
  JobCheck check(r);
  for (const char* key : {"rVis", "rRawTau", "rVisTau", "rEffRaw", "rEffVis", "kSvd", "lowerBound",
                          "lowerBoundPoolData", "kComb", "combRank", "combDegree"})
    check.within(std::string("rows/*/") + key, 0, 1e9);
  return check.ordered("rows/*/lowerBoundPoolData", "rows/*/lowerBound")
      .ordered("rows/*/lowerBound", "rows/*/kSvd")
      .within("rows/*/svdError", 0, std::numeric_limits<double>::max())
      .within("rows/*/combError", 0, std::numeric_limits<double>::max())
      .within("families/*/heads", 0, 1e9)
      .within("families/*/nonVacuous", 0, 1)
      .within("fractionEffPositive", 0, 1)
      .within("spearman/*/rho", -1, 1)
      .within("jobsDone", 0, 1e9)
      .ordered("jobsDone", "jobsTotal")
      .problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, 168 zoo heads: 8.8 s).
constexpr double kSecondsPerUnit = 2.5e-8;

Experiment rankZooExperiment() {
  Experiment e = declareExperiment("rank-zoo", "rank", params().decls(), shapeOf<ZooStudy>(), runJob);
  e.inputs = headInputs({"family"});  // a head replaces the zoo
  // combine sees no inputs: each job result says whether it came from uploaded heads and how many there are.
  const auto combineFinished = [](const ParamValues& values, const Json& finished) {
    const ZooParams v = params().read(values);
    int uploadedHeads = 0;
    for (const auto& entry : finished)
      uploadedHeads = std::max(uploadedHeads, entry.at("result").at("uploadedHeads").get<int>());
    return combine(v, finished, uploadedHeads > 0, jobCount(v, uploadedHeads));
  };
  declareJobs(e, plan, combineFinished, shapeOf<ZooJob>(), checkJobResult);
  e.memoryBytes = [](const ParamValues& v, const Inputs& inputs) {
    const UploadedHeads up = describeUploadedHeads(inputs, params().read(v).budgetBytes());
    // The process dominates at n = 128 (measured peak 9.4 MB in all).
    return kRankProcessBytes + (up.count > 0 ? interactionBytes(up.n, up.n) : zooConfigurationBytes());
  };
  // Time of one head: its spectra and certificates at n tokens (n³), n = 128 for the built-in zoo.
  e.jobSeconds = [](const Job& job) {
    return headJobSeconds(job, params().read(job.params).budgetBytes(), kSecondsPerUnit, kZooTokens);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"family": "broad", "betaMults": "1"}, "drawsNoRandomData": true,
                     "memory": [{"family": "broad"}],
                     "reference": [{"label": "broad heads", "params": {"family": "broad", "betaMults": "1,2"}}],
                     "engine": {"family": "lowrank", "eps": "0.4"},
                     "view": {"family": "lowrank", "eps": 0.4, "betaMults": [1]},
                     "timing": [{}, {"betaMults": "1,2"}],
                     "corrupt": {"pointer": "/fractionEffPositive", "value": 2}})json");
  return e;
}

}  // namespace attnlab
