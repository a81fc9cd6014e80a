// rank-zoo (docs/theory/rank.md#calibration-study, #head-zoo, #interaction-pipeline): the calibration study on the built-in
// synthetic 84-head zoo (7 families × 12 variants) × temperatures — a deterministic stand-in, NOT BERT —
// or on the heads of an uploaded stack. One job per (head, temperature); combine gives the per-head
// table, per-family means, mean reductions and the Spearman association statistics over any subset.
#include <algorithm>
#include <cmath>
#include <map>

#include "attnlab/job_checks.hpp"
#include "attnlab/params.hpp"
#include "attnlab/rank/experiments.hpp"
#include "attnlab/rank/zoo.hpp"

namespace attnlab {
namespace {

std::vector<ParamDecl> schema() {
  return {ParamDecl::choice("family", "all", {"all", "generic", "lowrank", "positional", "sink", "keymean", "sharp", "broad"},
                            "Zoo heads studied: all 84, or the 12 variants of one family. A chosen file replaces the zoo."),
          ParamDecl::reals("betaMults", {1}, 0, 16, 6, "Temperature multipliers: every head is studied at each (the paper-style study uses 0.5, 1, 2).").openBelow(),
          ParamDecl::real("tau", 1, 0, 1e6, "Tolerance τ of r_raw(τ), r_vis(τ), in nats.").openBelow(),
          ParamDecl::real("epsOut", 0.05, 0, 2, "Output tolerance of the effective dimensions r_eff.").openBelow(),
          rankParam("eps"),
          ParamDecl::real("scale", 0, 0, 1000, "Uploaded Q and K: logits = betaMult·scale·Q Kᵀ; 0 means 1/√d_h."),
          budgetParam(), rankSeedParam(), rngParam()};
}

Json rowShape() {
  return {{"family", "string"}, {"variant", "int"}, {"betaMult", "number"}, {"rVis", "int"}, {"rRawTau", "int"},
          {"rVisTau", "int"}, {"rEffRaw", "int"}, {"rEffVis", "int"}, {"kSvd", "int"}, {"lowerBound", "int"},
          {"lowerBoundPoolData", "int"}, {"kComb", "int"}, {"combRank", "int|null"}, {"combDegree", "int|null"},
          {"nonVacuous", "bool"}, {"reductionTau", "int"}, {"reductionEff", "int"}, {"svdError", "number"}, {"combError", "number"}};
}

Json resultShape() {
  const Json means = {{"family", "string"}, {"betaMult", "number"}, {"heads", "int"}, {"rVis", "number"}, {"rRawTau", "number"},
                      {"rVisTau", "number"}, {"rEffRaw", "number"}, {"rEffVis", "number"}, {"kSvd", "number"},
                      {"lowerBound", "number"}, {"lowerBoundPoolData", "number"}, {"nonVacuous", "number"}};
  return {{"rows", Json::array({rowShape()})}, {"families", Json::array({means})}, {"meanReductionTau", "number"},
          {"meanReductionEff", "number"}, {"fractionEffPositive", "number"},
          {"spearman", Json::array({{{"name", "string"}, {"rho", "number"}}})},
          {"source", "string"}, {"synthetic", "bool"}, {"tau", "number"}, {"epsOut", "number"}, {"eps", "number"},
          {"jobsDone", "int"}, {"jobsTotal", "int"}};
}

std::vector<Json> plan(const ParamValues& v, const Inputs& inputs) {
  const UploadedHeads up = describeUploadedHeads(inputs, v.budgetBytes());
  const std::vector<double> mults = v.reals("betaMults");
  std::vector<Json> jobs;
  int index = 0;
  if (up.count > 0) {
    requireMemory(kRankProcessBytes + interactionBytes(up.n, up.n), v.budgetBytes(), "rank-zoo with uploaded heads of n = " + std::to_string(up.n));
    for (double m : mults)
      for (int h = 0; h < up.count; ++h) jobs.push_back({{"index", index++}, {"head", h}, {"betaMult", m}});
    return jobs;
  }
  requireMemory(kRankProcessBytes + zooConfigurationBytes(), v.budgetBytes(), "rank-zoo (n = 128 tokens per head)");
  const std::string only = v.choice("family");
  for (double m : mults)  // temperature-major: a partial result already covers every family
    for (int f = 0; f < kZooFamilies; ++f)
      for (int var = 0; var < kZooVariants; ++var)
        if (only == "all" || only == zooFamilyName(f)) jobs.push_back({{"index", index++}, {"family", f}, {"variant", var}, {"betaMult", m}});
  return jobs;
}

Json rowJson(const ZooRow& r) {
  return {{"family", r.family}, {"variant", r.variant}, {"betaMult", r.betaMult}, {"rVis", r.rVis}, {"rRawTau", r.rRawTau},
          {"rVisTau", r.rVisTau}, {"rEffRaw", r.rEffRaw}, {"rEffVis", r.rEffVis}, {"kSvd", r.kSvd}, {"lowerBound", r.lowerBound},
          {"lowerBoundPoolData", r.lowerBounds.poolData}, {"kComb", r.kComb},
          {"combRank", r.combRank >= 0 ? Json(r.combRank) : Json(nullptr)},
          {"combDegree", r.combDegree >= 0 ? Json(r.combDegree) : Json(nullptr)}, {"nonVacuous", r.nonVacuous},
          {"reductionTau", r.reductionTau}, {"reductionEff", r.reductionEff}, {"svdError", r.svdError}, {"combError", r.combError}};
}

Json runJob(const Job& job, const Progress& progress) {
  const ParamValues& v = job.params;
  ZooOptions o;
  o.tau = v.real("tau");
  o.epsOut = v.real("epsOut");
  o.eps = v.real("eps");
  const double mult = job.at.at("betaMult").get<double>();
  ZooRow row;
  int uploadedHeads = 0;
  if (job.at.contains("head")) {
    const int h = job.at.at("head").get<int>();
    const UploadedHeads up = describeUploadedHeads(*job.inputs, v.budgetBytes());
    uploadedHeads = up.count;
    progress.step(0, 1, "uploaded head " + headLabel(up, h) + " at β× " + Json(mult).dump());
    const HeadArrays a = uploadedHead(*job.inputs, h, v.real("scale"), v.budgetBytes());
    InteractionOptions io;
    io.taus = {o.tau};
    io.epsOut = o.epsOut;
    io.eps = o.eps;
    row = zooRowFrom(interactionAnalysis(headLogits(a, mult), io), headLabel(up, h), h, mult);
  } else {
    const int f = job.at.at("family").get<int>(), var = job.at.at("variant").get<int>();
    progress.step(0, 1, std::string("zoo head ") + zooFamilyName(f) + " v" + std::to_string(var) + ": spectra and certificates (128 × 128)");
    row = zooConfiguration(f, var, mult, o);
  }
  progress.step(1, 1);
  Json r = rowJson(row);
  r["index"] = job.at.at("index");
  r["uploadedHeads"] = uploadedHeads;
  return r;
}

Json jobResultShape() {
  Json row = rowShape();
  row["index"] = "int";
  row["uploadedHeads"] = "int";
  return row;
}

// A row is its job's (index, temperature) with ranks >= 0 and its lower bounds below the SVD certificate.
std::string checkJobResult(const Job& job, const Json& r) {
  JobCheck check(r, job.at);
  check.same("index").same("betaMult");
  for (const char* key : {"rVis", "rRawTau", "rVisTau", "rEffRaw", "rEffVis", "kSvd", "lowerBound", "lowerBoundPoolData", "kComb",
                          "combRank", "combDegree", "uploadedHeads"})
    check.within(key, 0, 1e9);
  return check.ordered("lowerBoundPoolData", "lowerBound").ordered("lowerBound", "kSvd")
      .within("svdError", 0, 1e300).within("combError", 0, 1e300).problem();
}

ZooRow rowFrom(const Json& j) {
  ZooRow r;
  r.family = j.at("family").get<std::string>();
  r.variant = j.at("variant").get<int>();
  r.betaMult = j.at("betaMult").get<double>();
  r.rVis = j.at("rVis").get<int>();
  r.rRawTau = j.at("rRawTau").get<int>();
  r.rVisTau = j.at("rVisTau").get<int>();
  r.rEffRaw = j.at("rEffRaw").get<int>();
  r.rEffVis = j.at("rEffVis").get<int>();
  r.kSvd = j.at("kSvd").get<int>();
  r.lowerBound = j.at("lowerBound").get<int>();
  r.lowerBounds.poolData = j.at("lowerBoundPoolData").get<int>();
  r.kComb = j.at("kComb").get<int>();
  r.nonVacuous = j.at("nonVacuous").get<bool>();
  r.reductionTau = j.at("reductionTau").get<int>();
  r.reductionEff = j.at("reductionEff").get<int>();
  return r;
}

Json combine(const ParamValues& v, const Json& finished, bool uploaded, std::size_t total) {
  std::map<int, Json> byIndex;  // plan order, whatever order the jobs finished in
  for (const auto& entry : finished) byIndex[entry.at("result").at("index").get<int>()] = entry.at("result");
  Json rows = Json::array();
  std::vector<ZooRow> zoo;
  for (auto& [index, r] : byIndex) {
    Json row = r;
    row.erase("index");
    row.erase("uploadedHeads");
    zoo.push_back(rowFrom(row));
    rows.push_back(row);
  }
  const ZooSummary s = summarizeZoo(zoo);
  Json families = Json::array(), spearman = Json::array();
  for (const ZooFamilyMeans& m : s.families)
    families.push_back({{"family", m.family}, {"betaMult", m.betaMult}, {"heads", m.heads}, {"rVis", m.rVis}, {"rRawTau", m.rRawTau},
                        {"rVisTau", m.rVisTau}, {"rEffRaw", m.rEffRaw}, {"rEffVis", m.rEffVis}, {"kSvd", m.kSvd},
                        {"lowerBound", m.lowerBound}, {"lowerBoundPoolData", m.lowerBoundPoolData}, {"nonVacuous", m.nonVacuous}});
  for (const auto& [name, rho] : s.spearman) spearman.push_back({{"name", name}, {"rho", rho}});
  return {{"rows", rows}, {"families", families}, {"meanReductionTau", s.meanReductionTau}, {"meanReductionEff", s.meanReductionEff},
          {"fractionEffPositive", s.fractionEffPositive}, {"spearman", spearman},
          {"source", uploaded ? "uploaded heads" : "synthetic zoo (a stand-in, not BERT)"}, {"synthetic", !uploaded},
          {"tau", v.real("tau")}, {"epsOut", v.real("epsOut")}, {"eps", v.real("eps")}, {"jobsDone", finished.size()},
          {"jobsTotal", total}};
}

// Jobs a run has (the count only depends on the parameters, or on the files' head count).
std::size_t jobCount(const ParamValues& v, int uploadedHeads) {
  const std::size_t per = uploadedHeads > 0 ? uploadedHeads : v.choice("family") == "all" ? kZooFamilies * kZooVariants : kZooVariants;
  return per * v.reals("betaMults").size();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, 168 zoo heads: 8.8 s).
constexpr double kSecondsPerUnit = 2.5e-8;

Experiment rankZooExperiment() {
  Experiment e = declareExperiment("rank-zoo", "rank", schema(), resultShape(), runJob);
  e.inputs = headInputs({"family"});  // a head replaces the zoo
  // combine sees no inputs: each job result says whether it came from uploaded heads and how many there are.
  const auto combineFinished = [](const ParamValues& v, const Json& finished) {
    int uploadedHeads = 0;
    for (const auto& entry : finished) uploadedHeads = std::max(uploadedHeads, entry.at("result").at("uploadedHeads").get<int>());
    return combine(v, finished, uploadedHeads > 0, jobCount(v, uploadedHeads));
  };
  declareJobs(e, plan, combineFinished, jobResultShape(), checkJobResult);
  e.memoryBytes = [](const ParamValues& v, const Inputs& inputs) {
    const UploadedHeads up = describeUploadedHeads(inputs, v.budgetBytes());
    // The process dominates at n = 128 (measured peak 9.4 MB in all).
    return kRankProcessBytes + (up.count > 0 ? interactionBytes(up.n, up.n) : zooConfigurationBytes());
  };
  // Time of one head: its spectra and certificates at n tokens (n³), n = 128 for the built-in zoo.
  e.jobSeconds = [](const Job& job) { return headJobSeconds(job, kSecondsPerUnit, kZooTokens); };
  return e;
}

}  // namespace attnlab
