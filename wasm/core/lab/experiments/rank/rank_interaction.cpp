// SPDX-License-Identifier: Apache-2.0
// rank-interaction (docs/theory/rank.md#interaction-pipeline, #interaction-dimension, #approximate-subspaces,
// #interaction-experiment): one head — synthetic geometry, a zoo head, or the user's own (Q and K, attention or logits;
// rank/experiment_heads.cpp) — its raw and visible (row-centred) logit spectra, the tolerance-indexed dimension r(τ)
// with the guarantee 2·tanh(τ/2) against the measured output error, the residual curves e(r) <= b_osc(r) <= b_sig(r),
// the effective dimensions, and the rank certificates (U1, U5, lower bounds).
#include <limits>
#include <algorithm>
#include <cmath>
#include <optional>

#include "lab/job_checks.hpp"
#include "lab/params.hpp"
#include "lab/experiments/rank/experiment_common.hpp"
#include "numerics/rank/zoo.hpp"
#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

constexpr int kMaxResidualRank = 256;  // r-loop cap for full-rank uploaded logits (cost O(r n²))
constexpr int kCurvePoints = 80;

struct HeadParams : RankPointFields {
  std::string source, family, tauScale;
  int variant = 0, head = 0;
  double scale = 0, betaMult = 1, epsOut = 0;
  std::vector<double> taus;
};

const ParamList<HeadParams>& params() {
  using P = HeadParams;
  static const ParamList<P> list{
      {&P::source,
       ParamDecl::choice("source", "zoo", {"zoo", "synthetic"},
                         "Which head: one of the built-in zoo of made-up heads (a stand-in, not a trained model), or "
                         "β·X Xᵀ on sampled points. A chosen file replaces both.")},
      {&P::family,
       ParamDecl::choice("family", "generic", {"generic", "lowrank", "positional", "sink", "keymean", "sharp", "broad"},
                         "Family of the zoo head (when the head is a zoo head).")},
      {&P::variant,
       ParamDecl::integer("variant", 0, 0, 11,
                          "Variant 0–11 of the zoo head within its family (when the head is a zoo head).")},
      {&P::geometry, rankParam("geometry")},
      {&P::d, rankParam("d")},
      {&P::n, rankParam("n", 128)},
      {&P::beta, rankParam("beta")},
      {&P::head,
       ParamDecl::integer("head", 0, 0, 4095,
                          "Which head of an uploaded stack (H, ·) or (L, H, ·), counted layer by layer from 0.")},
      {&P::scale, ParamDecl::real("scale", 0, 0, 1000,
                                  "Uploaded Q and K: logits = (temperature multiplier) × scale × Q Kᵀ; 0 means 1/√d_h, "
                                  "d_h the width of Q and K.")},
      {&P::betaMult,
       ParamDecl::real("betaMult", 1, 0, 16, "Temperature multiplier of a zoo or uploaded head (1 = native).")
           .openBelow()},
      {&P::taus, ParamDecl::reals("taus", {0.25, 0.5, 1, 2, 4}, 0, 1e6, 12,
                                  "Tolerances τ of the dimension r(τ) = #{σ_l(L_c) > τ}, in the chosen scale.")},
      {&P::tauScale,
       ParamDecl::choice("tauScale", "nats", {"nats", "sigma1", "sqrtn"},
                         "How τ is read: raw nats (logit units), as a fraction of σ₁(L_c), or in units of √n.")},
      {&P::epsOut,
       ParamDecl::real("epsOut", 0.05, 0, 2, "Output tolerance of the effective dimensions r_eff.").openBelow()},
      {&P::eps, rankParam("eps")},
      {&P::budget, budgetParam()},
      {&P::seed, rankSeedParam()},
      {&P::rng, rngParam()}};
  return list;
}

// The result, declared once (lab/result_fields.hpp), in the order rank-interaction has always written it.
struct HeadSummary {  // which head was analysed
  std::string source, label;
  int n = 0;
  std::optional<int> width;  // d_h, null for an uploaded attention or logit matrix
  int heads = 1;
  std::string format;
};
ATTNLAB_FIELDS(HeadSummary, source, label, n, width, heads, format)

struct ToleranceCurve {  // r_raw(τ), r_vis(τ) and 2 tanh(τ/2) on a log grid of τ
  std::vector<double> tau;
  std::vector<int> raw, visible;
  std::vector<double> guaranteed;
};
ATTNLAB_FIELDS(ToleranceCurve, tau, raw, visible, guaranteed)

struct Combined {  // U5 (docs/theory/rank.md#combined-certificate)
  int k = 0;
  std::optional<int> rank, degree;  // null when vacuous
  bool vacuous = true;
  double bound = 0, verifiedError = 0;
};
ATTNLAB_FIELDS(Combined, k, rank, degree, vacuous, bound, verifiedError)

struct InteractionReport {
  HeadSummary head;
  std::vector<std::string> warnings;
  std::vector<double> sigmaRaw, sigmaVis;
  int rankRaw = 0, rVis = 0;
  std::vector<ToleranceDimension> tolerance;
  ToleranceCurve toleranceCurve;
  double tauUnit = 1;  // nats per unit of the chosen τ scale
  std::vector<double> residual, boundOsc, boundSigma, residualRaw;
  int rEffVis = 0, rEffRaw = 0, effReduction = 0, kSvd = 0;
  double svdError = 0;
  std::string svdPath;
  Combined combined;
  int lowerBound = 0;
  NamedLowerBounds lowerBounds;
  bool nonVacuous = false;
  std::string tauScale;
  double epsOut = 0, eps = 0;
};
ATTNLAB_FIELDS(InteractionReport, head, warnings, sigmaRaw, sigmaVis, rankRaw, rVis, tolerance, toleranceCurve, tauUnit,
               residual, boundOsc, boundSigma, residualRaw, rEffVis, rEffRaw, effReduction, kSvd, svdError, svdPath,
               combined, lowerBound, lowerBounds, nonVacuous, tauScale, epsOut, eps)

struct HeadChoice {
  RowMatrix logits;
  HeadSummary head;
  std::vector<std::string> warnings;
};

HeadChoice chooseHead(const HeadParams& v, const Job& job) {
  HeadChoice c;
  const UploadedHeads up = describeUploadedHeads(*job.inputs, v.budgetBytes());
  if (up.count > 0) {
    const int index = v.head;
    const HeadArrays a = uploadedHead(*job.inputs, index, v.scale, v.budgetBytes(), &c.warnings);
    c.logits = headLogits(a, v.betaMult);
    const char* format = up.format == HeadFormat::QK ? "qk" : up.format == HeadFormat::Attention ? "attn" : "logits";
    c.head = {"upload", headLabel(up, index),
              up.n,     up.format == HeadFormat::QK ? std::optional<int>(up.width) : std::nullopt,
              up.count, format};
  } else if (v.source == "zoo") {
    const int family = zooFamilyIndex(v.family), variant = v.variant;
    c.logits = v.betaMult * zooHead(family, variant, zooTokens()).logits;
    c.head = {"zoo", v.family + " v" + std::to_string(variant), kZooTokens, kZooHeadDim, 1, "qk"};
  } else {
    RankPointParams p = rankPointParams(v);
    requireRankPoint(p);
    c.logits = makeRankInstance(p).logits;
    c.head = {"synthetic", v.geometry + " d = " + std::to_string(p.d) + ", β = " + Json(p.beta).dump(), p.n, p.d, 1,
              "logits"};
  }
  return c;
}

// r_raw(τ), r_vis(τ) and 2 tanh(τ_nats/2) on a log grid of τ spanning the spectra (in the chosen unit).
ToleranceCurve toleranceCurve(const InteractionResult& r, double unit) {
  const double top = std::max(r.sigmaRaw.empty() ? 1.0 : r.sigmaRaw[0], 1e-12) * 1.25;
  const double bottom = top * 1e-4;
  std::vector<double> tau, guaranteed;
  std::vector<int> raw, visible;
  for (int i = 0; i < kCurvePoints; ++i) {
    const double nats = bottom * std::pow(top / bottom, i / (kCurvePoints - 1.0));
    tau.push_back(unit > 0 ? nats / unit : nats);
    raw.push_back(
        static_cast<int>(std::count_if(r.sigmaRaw.begin(), r.sigmaRaw.end(), [&](double s) { return s > nats; })));
    visible.push_back(
        static_cast<int>(std::count_if(r.sigmaVis.begin(), r.sigmaVis.end(), [&](double s) { return s > nats; })));
    guaranteed.push_back(2 * std::tanh(nats / 2));
  }
  return {tau, raw, visible, guaranteed};
}

InteractionReport report(HeadChoice&& c, const InteractionResult& r, const InteractionOptions& o, int n) {
  InteractionReport out;
  out.head = std::move(c.head);
  out.warnings = std::move(c.warnings);
  out.sigmaRaw = r.sigmaRaw;
  out.sigmaVis = r.sigmaVis;
  out.rankRaw = r.rankRaw;
  out.rVis = r.rVis;
  out.tolerance = r.tolerance;
  out.tauUnit = o.tauScale == TauScale::Nats     ? 1.0
                : o.tauScale == TauScale::Sigma1 ? (r.sigmaVis.empty() ? 0.0 : r.sigmaVis[0])
                                                 : std::sqrt(double(n));
  out.toleranceCurve = toleranceCurve(r, out.tauUnit);
  out.residual = r.residual;
  out.boundOsc = r.boundOsc;
  out.boundSigma = r.boundSigma;
  out.residualRaw = r.residualRaw;
  out.rEffVis = r.rEffVis;
  out.rEffRaw = r.rEffRaw;
  out.effReduction = r.effReduction;
  out.kSvd = r.kSvd;
  out.svdError = r.svdError;
  out.svdPath = r.svdPath;
  const CombinedCertificate& u5 = r.combined;
  out.combined = {u5.k, unlessNegative(u5.rank), unlessNegative(u5.degree), u5.vacuous, u5.bound, u5.verifiedError};
  out.lowerBound = r.lowerBound;
  out.lowerBounds = namedLowerBounds(r.lowerBounds);
  out.nonVacuous = r.nonVacuous;
  out.epsOut = o.epsOut;
  out.eps = o.eps;
  return out;
}

Json run(const Job& job, const Progress& progress) {
  const HeadParams v = params().read(job.params);
  progress.step(0, 1, "building the head's logits");
  HeadChoice c = chooseHead(v, job);
  const int n = static_cast<int>(c.logits.cols());
  InteractionOptions o;
  o.taus = v.taus;
  o.tauScale = parseTauScale(v.tauScale);
  o.epsOut = v.epsOut;
  o.eps = v.eps;
  o.maxRank = kMaxResidualRank;
  progress.step(
      0.1, 1,
      "spectra, residual curves and certificates of a " + std::to_string(n) + " × " + std::to_string(n) + " head");
  const InteractionResult r = interactionAnalysis(c.logits, o);
  const double largest = c.logits.cwiseAbs().maxCoeff();
  InteractionReport result = report(std::move(c), r, o, n);
  // docs/theory/rank.md#approximate-subspaces guarantees e(r_vis(τ)) <= 2·tanh(τ/2); a measured error above it means
  // the logits are beyond what double precision resolves (a huge entry), and the bound must not read as a guarantee.
  const auto number = [](double x) { return formatNumber(x, 4); };
  for (const ToleranceDimension& t : r.tolerance)
    if (!(t.measuredError <= t.guaranteedError * (1 + 1e-9) + 1e-12))
      result.warnings.push_back("at τ = " + number(t.tau) + " the measured error " + number(t.measuredError) +
                                " is above the guaranteed 2·tanh(τ/2) = " + number(t.guaranteedError) +
                                ": the guarantee fails for this head (logits up to " + number(largest) +
                                " in magnitude are beyond double precision); rescale its Q and K");
  result.tauScale = v.tauScale;
  progress.step(1, 1);
  return resultJson(result);
}

// interactionBytes plus the head's logits held beside the analysis and the sampling of synthetic points
// (measured: 171.7 MB at a synthetic n = 1024, where interactionBytes alone gives 134 MB).
double analysisBytes(const HeadParams& v, const Inputs& inputs) {
  const UploadedHeads up = describeUploadedHeads(inputs, v.budgetBytes());
  if (up.count > 0) return interactionBytes(up.n, up.n) + 8.0 * (5.0 * up.n * up.n + 2.0 * up.n * up.width);
  if (v.source == "zoo") return zooConfigurationBytes();
  const int n = v.n;
  return interactionBytes(n, n) + 8.0 * (5.0 * n * n + double(n) * v.d);
}

double bytes(const ParamValues& v, const Inputs& inputs) {
  return kRankProcessBytes + analysisBytes(params().read(v), inputs);
}

// Ranks and certificates in [0, n] (n the head's tokens), lower bounds below them; spectra and errors non-negative.
std::string checkResult(const Json& r) {
  JobCheck check(r);
  check.within("head/n", 1, 1e6)
      .within("sigmaRaw/*", 0, std::numeric_limits<double>::max())
      .within("sigmaVis/*", 0, std::numeric_limits<double>::max())
      .within("rankRaw", 0, 1e6)
      .ordered("rankRaw", "head/n")
      .within("rVis", 0, 1e6)
      .ordered("rVis", "head/n")
      .within("tolerance/*/raw", 0, 1e6)
      .within("tolerance/*/visible", 0, 1e6)
      .within("rEffVis", 0, 1e6)
      .within("rEffRaw", 0, 1e6)
      .within("residual/*", 0, std::numeric_limits<double>::max())
      .within("combined/k", 0, 1e6);
  rankCertificateChecks(check, "", "head/n");
  return check.problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, a synthetic n = 1024: 6.5 s).
constexpr double kSecondsPerUnit = 6.1e-9;

Experiment rankInteractionExperiment() {
  Experiment e = declareExperiment("rank-interaction", "rank", params().decls(), shapeOf<InteractionReport>(), run);
  e.inputs =
      headInputs({"source", "family", "variant", "geometry", "d", "n", "beta"});  // a head replaces the built-in one
  e.sizeParams = {"n", "d"};
  e.memoryBytes = bytes;
  // Time: the spectra of the n × n logits, raw and row-centred, and the certificates (n³ each).
  e.jobSeconds = [](const Job& job) {
    const HeadParams v = params().read(job.params);
    return headJobSeconds(job, v.budgetBytes(), kSecondsPerUnit, v.source == "zoo" ? kZooTokens : v.n);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"source": "synthetic", "n": 32},
                     "memory": [{"source": "synthetic", "n": "1024"}],
                     "reference": [
                       {"label": "zoo sink", "params": {"family": "sink", "variant": "3"}},
                       {"label": "synthetic",
                        "params": {"source": "synthetic", "n": "40", "tauScale": "sqrtn", "seed": "5"}}],
                     "engine": {"source": "synthetic", "n": "32"},
                     "view": {"n": 64},
                     "timing": [{}, {"source": "synthetic", "n": "1024"}],
                     "corrupt": {"pointer": "/rVis", "value": -2}})json");
  return e;
}

}  // namespace attnlab
