// rank-interaction (docs/theory/rank.md#interaction-pipeline, #interaction-dimension, #approximate-subspaces, #interaction-experiment): one head — synthetic geometry, a
// zoo head, or the user's own (Q and K, attention or logits; rank/experiment_heads.cpp) — its raw and
// visible (row-centred) logit spectra, the tolerance-indexed dimension r(τ) with the guarantee
// 2·tanh(τ/2) against the measured output error, the residual curves e(r) <= b_osc(r) <= b_sig(r),
// the effective dimensions, and the rank certificates (U1, U5, lower bounds).
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "attnlab/params.hpp"
#include "attnlab/rank/experiments.hpp"
#include "attnlab/rank/zoo.hpp"

namespace attnlab {
namespace {

constexpr int kMaxResidualRank = 256;  // r-loop cap for full-rank uploaded logits (cost O(r n²))
constexpr int kCurvePoints = 80;

std::vector<ParamDecl> schema() {
  return {ParamDecl::choice("source", "zoo", {"zoo", "synthetic"},
                            "Which head: one of the built-in synthetic zoo (a stand-in, not a trained model), or β·X Xᵀ "
                            "on sampled points. A chosen file replaces both."),
          ParamDecl::choice("family", "generic", {"generic", "lowrank", "positional", "sink", "keymean", "sharp", "broad"},
                            "Zoo family of the head (source = zoo)."),
          ParamDecl::integer("variant", 0, 0, 11, "Zoo variant 0–11 within the family (source = zoo)."),
          rankParam("geometry"), rankParam("d"), rankParam("n", 128), rankParam("beta"),
          ParamDecl::integer("head", 0, 0, 4095, "Which head of an uploaded stack (H, ·) or (L, H, ·), counted layer by layer from 0."),
          ParamDecl::real("scale", 0, 0, 1000, "Uploaded Q and K: logits = betaMult·scale·Q Kᵀ; 0 means 1/√d_h."),
          ParamDecl::real("betaMult", 1, 0, 16, "Temperature multiplier of a zoo or uploaded head (1 = native).").openBelow(),
          ParamDecl::reals("taus", {0.25, 0.5, 1, 2, 4}, 0, 1e6, 12, "Tolerances τ of the dimension r(τ) = #{σ_l(L_c) > τ}, in the chosen scale."),
          ParamDecl::choice("tauScale", "nats", {"nats", "sigma1", "sqrtn"},
                            "How τ is read: raw nats (logit units), as a fraction of σ₁(L_c), or in units of √n."),
          ParamDecl::real("epsOut", 0.05, 0, 2, "Output tolerance of the effective dimensions r_eff.").openBelow(),
          rankParam("eps"), budgetParam(), rankSeedParam(), rngParam()};
}

Json resultShape() {
  return {{"head", {{"source", "string"}, {"label", "string"}, {"n", "int"}, {"width", "int|null"}, {"heads", "int"}, {"format", "string"}}},
          {"warnings", "string[]"}, {"sigmaRaw", "number[]"}, {"sigmaVis", "number[]"}, {"rankRaw", "int"}, {"rVis", "int"},
          {"tolerance", Json::array({{{"tau", "number"}, {"tauNats", "number"}, {"raw", "int"}, {"visible", "int"},
                                      {"reduction", "int"}, {"guaranteedError", "number"}, {"measuredError", "number"}}})},
          {"toleranceCurve", {{"tau", "number[]"}, {"raw", "int[]"}, {"visible", "int[]"}, {"guaranteed", "number[]"}}},
          {"tauScale", "string"}, {"tauUnit", "number"},
          {"residual", "number[]"}, {"boundOsc", "number[]"}, {"boundSigma", "number[]"}, {"residualRaw", "number[]"},
          {"rEffVis", "int"}, {"rEffRaw", "int"}, {"effReduction", "int"},
          {"kSvd", "int"}, {"svdError", "number"}, {"svdPath", "string"},
          {"combined", {{"k", "int"}, {"rank", "int|null"}, {"degree", "int|null"}, {"vacuous", "bool"}, {"bound", "number"},
                        {"verifiedError", "number"}}},
          {"lowerBound", "int"}, {"lowerBounds", lowerBoundsShape()}, {"nonVacuous", "bool"}, {"epsOut", "number"}, {"eps", "number"}};
}

struct HeadChoice {
  RowMatrix logits;
  Json head;
  std::vector<std::string> warnings;
};

HeadChoice chooseHead(const Job& job) {
  const ParamValues& v = job.params;
  HeadChoice c;
  const UploadedHeads up = describeUploadedHeads(*job.inputs, v.budgetBytes());
  if (up.count > 0) {
    const int index = v.smallInt("head");
    const HeadArrays a = uploadedHead(*job.inputs, index, v.real("scale"), v.budgetBytes(), &c.warnings);
    c.logits = headLogits(a, v.real("betaMult"));
    const char* format = up.format == HeadFormat::QK ? "qk" : up.format == HeadFormat::Attention ? "attn" : "logits";
    c.head = {{"source", "upload"}, {"label", headLabel(up, index)}, {"n", up.n},
              {"width", up.format == HeadFormat::QK ? Json(up.width) : Json(nullptr)}, {"heads", up.count}, {"format", format}};
  } else if (v.choice("source") == "zoo") {
    const int family = zooFamilyIndex(v.choice("family")), variant = v.smallInt("variant");
    c.logits = v.real("betaMult") * zooHead(family, variant, zooTokens()).logits;
    c.head = {{"source", "zoo"}, {"label", v.choice("family") + " v" + std::to_string(variant)}, {"n", kZooTokens},
              {"width", kZooHeadDim}, {"heads", 1}, {"format", "qk"}};
  } else {
    RankPointParams p = rankPointParams(v);
    requireRankPoint(p);
    c.logits = makeRankInstance(p).logits;
    c.head = {{"source", "synthetic"}, {"label", v.choice("geometry") + " d = " + std::to_string(p.d) + ", β = " + Json(p.beta).dump()},
              {"n", p.n}, {"width", p.d}, {"heads", 1}, {"format", "logits"}};
  }
  return c;
}

// r_raw(τ), r_vis(τ) and 2 tanh(τ_nats/2) on a log grid of τ spanning the spectra (in the chosen unit).
Json toleranceCurve(const InteractionResult& r, double unit) {
  const double top = std::max(r.sigmaRaw.empty() ? 1.0 : r.sigmaRaw[0], 1e-12) * 1.25;
  const double bottom = top * 1e-4;
  std::vector<double> tau, guaranteed;
  std::vector<int> raw, visible;
  for (int i = 0; i < kCurvePoints; ++i) {
    const double nats = bottom * std::pow(top / bottom, i / (kCurvePoints - 1.0));
    tau.push_back(unit > 0 ? nats / unit : nats);
    raw.push_back(static_cast<int>(std::count_if(r.sigmaRaw.begin(), r.sigmaRaw.end(), [&](double s) { return s > nats; })));
    visible.push_back(static_cast<int>(std::count_if(r.sigmaVis.begin(), r.sigmaVis.end(), [&](double s) { return s > nats; })));
    guaranteed.push_back(2 * std::tanh(nats / 2));
  }
  return {{"tau", tau}, {"raw", raw}, {"visible", visible}, {"guaranteed", guaranteed}};
}

Json interactionJson(const InteractionResult& r, const InteractionOptions& o, int n) {
  Json tolerance = Json::array();
  for (const ToleranceDimension& t : r.tolerance)
    tolerance.push_back({{"tau", t.tau}, {"tauNats", t.tauNats}, {"raw", t.raw}, {"visible", t.visible}, {"reduction", t.reduction},
                         {"guaranteedError", t.guaranteedError}, {"measuredError", t.measuredError}});
  const double unit = o.tauScale == TauScale::Nats ? 1.0
                      : o.tauScale == TauScale::Sigma1 ? (r.sigmaVis.empty() ? 0.0 : r.sigmaVis[0]) : std::sqrt(double(n));
  const CombinedCertificate& c = r.combined;
  return {{"sigmaRaw", r.sigmaRaw}, {"sigmaVis", r.sigmaVis}, {"rankRaw", r.rankRaw}, {"rVis", r.rVis}, {"tolerance", tolerance},
          {"toleranceCurve", toleranceCurve(r, unit)}, {"tauUnit", unit},
          {"residual", r.residual}, {"boundOsc", r.boundOsc}, {"boundSigma", r.boundSigma}, {"residualRaw", r.residualRaw},
          {"rEffVis", r.rEffVis}, {"rEffRaw", r.rEffRaw}, {"effReduction", r.effReduction},
          {"kSvd", r.kSvd}, {"svdError", r.svdError}, {"svdPath", r.svdPath},
          {"combined", {{"k", c.k}, {"rank", c.rank >= 0 ? Json(c.rank) : Json(nullptr)},
                        {"degree", c.degree >= 0 ? Json(c.degree) : Json(nullptr)}, {"vacuous", c.vacuous}, {"bound", c.bound},
                        {"verifiedError", c.verifiedError}}},
          {"lowerBound", r.lowerBound}, {"lowerBounds", lowerBoundsJson(r.lowerBounds)}, {"nonVacuous", r.nonVacuous}};
}

Json run(const Job& job, const Progress& progress) {
  const ParamValues& v = job.params;
  progress.step(0, 1, "building the head's logits");
  HeadChoice c = chooseHead(job);
  const int n = static_cast<int>(c.logits.cols());
  InteractionOptions o;
  o.taus = v.reals("taus");
  o.tauScale = parseTauScale(v.choice("tauScale"));
  o.epsOut = v.real("epsOut");
  o.eps = v.real("eps");
  o.maxRank = kMaxResidualRank;
  progress.step(0.1, 1, "spectra, residual curves and certificates of a " + std::to_string(n) + " × " + std::to_string(n) + " head");
  const InteractionResult r = interactionAnalysis(c.logits, o);
  Json result;
  result["head"] = c.head;
  result["warnings"] = c.warnings;
  const Json analysis = interactionJson(r, o, n);
  for (auto it = analysis.begin(); it != analysis.end(); ++it) result[it.key()] = it.value();
  // docs/theory/rank.md#approximate-subspaces guarantees e(r_vis(τ)) <= 2·tanh(τ/2); a measured error above it means the logits are
  // beyond what double precision resolves (a huge entry), and the bound must not read as a guarantee.
  const auto number = [](double x) {
    std::ostringstream text;
    text << std::setprecision(4) << x;
    return text.str();
  };
  for (const ToleranceDimension& t : r.tolerance)
    if (!(t.measuredError <= t.guaranteedError * (1 + 1e-9) + 1e-12))
      result["warnings"].push_back("at τ = " + number(t.tau) + " the measured error " + number(t.measuredError) +
                                   " is above the guaranteed 2·tanh(τ/2) = " + number(t.guaranteedError) +
                                   ": the guarantee fails for this head (logits up to " + number(c.logits.cwiseAbs().maxCoeff()) +
                                   " in magnitude are beyond double precision); rescale its Q and K");
  result["tauScale"] = v.choice("tauScale");
  result["epsOut"] = o.epsOut;
  result["eps"] = o.eps;
  progress.step(1, 1);
  return result;
}

// interactionBytes plus the head's logits held beside the analysis and the sampling of synthetic points
// (measured: 171.7 MB at a synthetic n = 1024, where interactionBytes alone gives 134 MB).
double analysisBytes(const ParamValues& v, const Inputs& inputs) {
  const UploadedHeads up = describeUploadedHeads(inputs, v.budgetBytes());
  if (up.count > 0) return interactionBytes(up.n, up.n) + 8.0 * (5.0 * up.n * up.n + 2.0 * up.n * up.width);
  if (v.choice("source") == "zoo") return zooConfigurationBytes();
  const int n = v.smallInt("n");
  return interactionBytes(n, n) + 8.0 * (5.0 * n * n + double(n) * v.smallInt("d"));
}

double bytes(const ParamValues& v, const Inputs& inputs) { return kRankProcessBytes + analysisBytes(v, inputs); }

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, a synthetic n = 1024: 6.5 s).
constexpr double kSecondsPerUnit = 6.1e-9;

Experiment rankInteractionExperiment() {
  Experiment e = declareExperiment("rank-interaction", "rank", schema(), resultShape(), run);
  e.inputs = headInputs({"source", "family", "variant", "geometry", "d", "n", "beta"});  // a head replaces the built-in one
  e.sizeParams = {"n", "d"};
  e.memoryBytes = bytes;
  // Time: the spectra of the n × n logits, raw and row-centred, and the certificates (n³ each).
  e.jobSeconds = [](const Job& job) {
    return headJobSeconds(job, kSecondsPerUnit, job.params.choice("source") == "zoo" ? kZooTokens : job.params.smallInt("n"));
  };
  return e;
}

}  // namespace attnlab
