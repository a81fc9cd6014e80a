// SPDX-License-Identifier: Apache-2.0
// sparse-approx (paper 1, docs/theory/sparse.md#construction): approximate one sparse pattern A by M = softmax(X W_Q
// W_K^T X^T) with fixed W_Q, W_K, redrawing Y until (23) and (24) hold, and show A against M.
#include <cmath>
#include <functional>
#include <limits>

#include "lab/experiment.hpp"
#include "lab/job_checks.hpp"
#include "numerics/kernels/softmax.hpp"
#include "lab/experiments/sparse/approx.hpp"
#include "lab/experiments/sparse/approx_final_draw.hpp"

namespace attnlab {
namespace {

constexpr std::uint64_t kPatternStream = 0x5A11;  // A is drawn from Rng(seed, childStream(kPatternStream, 0))
constexpr std::uint64_t kTrialStream = 0x5A12;    // try t uses childStream(kTrialStream, t)

// The parameters as declared; readParams checks them across keys into ApproxParams.
struct ApproxFields : ConstructionFields {
  Given<int> n;  // an uploaded pattern replaces n unless it was given
  int k = 0, d = 0, redraws = 0, row = 0, px = 0;
  double gamma = 0, eps1 = 0, eps2 = 0;
  std::string scale;  // the page's colour scale: no part of the run
};

const ParamList<ApproxFields>& params() {
  using P = ApproxFields;
  static const ParamList<P> list{
      {&P::n, ParamDecl::integer("n", 256, 8, 4096,
                                 "Size of the n × n pattern A (an uploaded pattern brings its own n).", "tokens")},
      {&P::k, ParamDecl::integer("k", 2, 1, 16, "Sparsity: at most k nonzeros in every row and column of A.")},
      {&P::gamma,
       ParamDecl::real(
           "gamma", 2, 1, 1e6,
           "Dynamic range: within a row, largest nonzero / smallest nonzero ≤ γ (weights log-uniform in [1, γ]).")},
      {&P::eps1, ParamDecl::real("eps1", 1, 0, 10, "Spread condition: ratios of nonzeros kept within a factor 1 + ε1.")
                     .openBelow()},
      {&P::eps2, ParamDecl::real("eps2", 0.5, 0, 1,
                                 "Gap condition: every zero of A stays below ε2 times each nonzero of its row.")
                     .openBelow()
                     .openAbove()},
      {&P::d, ParamDecl::integer("d", 384, 1, 16384,
                                 "Projection width: columns of Y; the input X = [X(1) | X(2)] has hidden size 2d.")},
      {&P::causal, constructionParam("causal")},
      {&P::proj, constructionParam("proj")},
      {&P::split, constructionParam("split")},
      {&P::delta, constructionParam("delta")},
      {&P::redraws,
       ParamDecl::integer("redraws", 20, 1, 1000,
                          "Las Vegas loop: draw a fresh Y until (23) and (24) hold, at most this many times.")},
      {&P::row, ParamDecl::integer("row", 0, 0, 4095, "The row whose A and M entries are overlaid (0-based).")},
      {&P::scale, ParamDecl::choice("scale", "log", {"log", "linear"},
                                    "Colour scale shared by the A and M heatmaps; a logarithmic scale shows how small "
                                    "the zeros of A become in M.")},
      {&P::px, ParamDecl::integer("px", 256, 16, 1024,
                                  "Heatmaps larger than this are downsampled, keeping the largest entry of each block.",
                                  "cells")},
      {&P::budget, budgetParam()},
      {&P::seed, seedParam()},
      {&P::rng, rngParam()}};
  return list;
}

InputRule patternInput() {
  InputRule rule = patternRule(4096);
  rule.minSide = 8;
  rule.replaces = {"n", "k", "gamma"};  // the file's pattern replaces the sampled one and its size
  return rule;
}

ApproxParams readParams(const ParamValues& values) {
  const ApproxFields v = params().read(values);
  ApproxParams p;
  p.n = v.n.value;
  p.nGiven = v.n.given;
  p.k = v.k;
  p.gamma = v.gamma;
  p.construction.eps1 = v.eps1;
  p.construction.eps2 = v.eps2;
  p.d = v.d;
  readConstruction(v, p.construction);
  p.redraws = v.redraws;
  p.heatmapSide = v.px;
  p.row = v.row;
  p.seed = v.seed;
  p.budgetBytes = v.budgetBytes();
  if (p.k > p.n)
    throw ParamError("k = " + std::to_string(p.k) + " exceeds n = " + std::to_string(p.n) +
                     ": k must be an integer in [1, min(16, n)]");
  return p;
}

// The pattern's size: the uploaded file's (its header is authoritative), else the parameter n.
int patternSize(const ApproxParams& v, const InputArray* pattern) {
  if (!pattern) return v.n;
  const int n = static_cast<int>(pattern->shape.at(0));
  if (v.nGiven && v.n != n)
    throw ParamError("n = " + std::to_string(v.n) + " but the uploaded pattern is " + std::to_string(n) + " × " +
                     std::to_string(n) + ": leave n out when a pattern file is given");
  return n;
}

void requireApproxMemory(const ApproxParams& p, int n, std::int64_t nonzeros) {
  requireMemory(approximationBytes(n, nonzeros, p.d, p.construction, true), p.budgetBytes,
                "sparse-approx with n = " + std::to_string(n) + ", d = " + std::to_string(p.d) + " (parameters n, d)");
}

// The result, declared once (lab/result_fields.hpp); its final draw's part in
// lab/experiments/sparse/approx_final_draw.hpp.
struct Shapes {
  std::vector<int> x, wq, wk;
};
ATTNLAB_FIELDS(Shapes, x, wq, wk)

struct ApproxResult : FinalDraw {
  bool pass = false;
  int tries = 0, n = 0, d = 0;
  bool uploaded = false;
  int measuredK = 0;
  double rho = 0;
  Shapes shapes;
  double delta = 0, bound = 0;
};
ATTNLAB_FIELDS(ApproxResult, pass, tries, n, d, uploaded, measuredK, rho, shapes, spread, gap, worstRow, rowSpread,
               rowGap, heatmapA, heatmapM, row, rowA, rowM, delta, bound)

SparsePattern loadPattern(const ApproxParams& p, const InputArray* upload) {
  if (upload) return patternFromInput(*upload, p.construction.causal);
  Rng rng(p.seed, childStream(kPatternStream, 0), p.construction.normals);  // uniforms only: the same A for either rng
  return samplePattern(p.n, p.k, p.gamma, p.construction.causal, rng);
}

Json runApprox(const Job& job, const Progress& progress) {
  const ApproxParams p = readParams(job.params);
  const InputArray* upload = job.input("pattern");
  const bool uploaded = upload != nullptr;
  patternSize(p, upload);
  const SparsePattern a = loadPattern(p, upload);
  const int n = a.n, d = p.d;
  if (p.row >= n)
    throw ParamError("row must be an integer in [0, " + std::to_string(n - 1) + "] (n = " + std::to_string(n) +
                     "), got " + std::to_string(p.row));
  requireApproxMemory(p, n, a.nonzeros());
  // Theorem R for the class A belongs to: the sampler's (k, γ), or what an upload measures (first: it may refuse eps1).
  const double bound = uploaded ? theoremBoundLog(n, a.measuredK(), a.rho(), p.construction.eps1, p.construction.eps2)
                                : theoremBound(n, p.k, p.gamma, p.construction.eps1, p.construction.eps2);
  const double total = p.redraws + 3.0;
  progress.step(0.5, total);

  SparseApproximator approximator(a, p.construction);
  progress.step(1, total);
  bool pass = false;
  int used = 0;
  while (used < p.redraws && !pass) {  // Las Vegas loop of docs/theory/sparse.md#redraws
    const double at = 1.0 + used++;
    pass =
        approximator.trial(d, p.seed, childStream(kTrialStream, static_cast<std::uint64_t>(used - 1)), ScanMode::Paper,
                           [&](double f) { progress.step(at + f, total, "draw " + std::to_string(used) + " of Y"); });
  }
  ApproxResult result;
  static_cast<FinalDraw&>(result) =
      describeFinalDraw(approximator, a, p, [&](double f) { progress.step(1.0 + used + f, total); });
  result.pass = pass;
  result.tries = used;
  result.n = n;
  result.d = d;
  result.uploaded = uploaded;
  result.measuredK = a.measuredK();
  result.rho = a.rho();
  result.shapes = {{n, 2 * d}, {2 * d, d}, {2 * d, d}};
  result.delta = approximator.delta();
  result.bound = bound;
  progress.step(total, total);
  return resultJson(result);
}

// The construction's sizes and what it measures: n a pattern size, widths, entries of A and M (a softmax) in range.
std::string checkResult(const Json& r) {
  return JobCheck(r)
      .within("n", 1, 4096)
      .within("d", 1, 16384)
      .within("tries", 1, 1e9)
      .within("measuredK", 0, 4096)
      .ordered("measuredK", "n")
      .within("rho", 0, std::numeric_limits<double>::max())
      .within("row", 0, 4096)
      .ordered("row", "n")
      .within("spread/worst", 0, std::numeric_limits<double>::max())
      .within("rowSpread/*", 0, std::numeric_limits<double>::max())
      .within("rowM/*", 0, 1)
      .within("heatmapM/data/*", 0, 1)
      .within("rowA/*", 0, std::numeric_limits<double>::max())
      .within("heatmapA/data/*", 0, std::numeric_limits<double>::max())
      .within("heatmapA/rows", 0, 4096)
      .within("heatmapM/rows", 0, 4096)
      .within("delta", 0, std::numeric_limits<double>::max())
      .within("bound", 0, std::numeric_limits<double>::max())
      .problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, n = 1024, d = 640: 0.39 s).
constexpr double kSecondsPerUnit = 5.8e-10;

Experiment sparseApproxExperiment() {
  Experiment e = declareExperiment("sparse-approx", "sparse", params().decls(), shapeOf<ApproxResult>(), runApprox);
  e.inputs = {patternInput()};
  e.sizeParams = {"n", "d"};
  e.memoryBytes = [](const ParamValues& v, const Inputs& inputs) {
    const ApproxParams p = readParams(v);
    const auto found = inputs.find("pattern");
    const InputArray* pattern = found == inputs.end() ? nullptr : &found->second;
    const int n = patternSize(p, pattern);
    const std::int64_t nonzeros =
        pattern ? static_cast<std::int64_t>(pattern->values.size() / 3) : std::int64_t{p.k} * n;
    return approximationBytes(n, nonzeros, p.d, p.construction, true) + 16.0 * 1024 * 1024;  // + the process itself
  };
  // Time: each draw of Y is checked on all n² entries at width d (n² d); counted for a first draw that
  // passes, as it does at the defaults — a d below d_min redraws up to `redraws` times. split=sym adds
  // its eigendecomposition of BᵀB (n³).
  e.jobSeconds = [](const Job& job) {
    const ApproxParams p = readParams(job.params);
    const InputArray* pattern = job.input("pattern");
    const double n = patternSize(p, pattern);
    return kSecondsPerUnit * (n * n * p.d) + symmetricSplitSeconds(static_cast<int>(n), p.construction);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"n": 32, "d": 300},
                     "memory": [{"n": "1024", "d": "4096", "px": "64"},
                                {"n": "2048", "d": "2048", "split": "sym", "px": "64"}],
                     "reference": [
                       {"label": "sampled pattern", "params": {"n": "32", "k": "2", "gamma": "2", "d": "64",
                                                               "redraws": "2", "px": "16", "seed": "3"}},
                       {"label": "uploaded CSV", "params": {"d": "48", "px": "16", "seed": "5"},
                        "upload": {"input": "pattern", "file": "tests/fixtures/patterns/pattern.csv"}},
                       {"label": "uploaded JSON with n", "params": {"d": "48", "px": "16", "seed": "5"},
                        "upload": {"input": "pattern", "file": "tests/fixtures/patterns/pattern.json"}},
                       {"label": "uploaded .npy (Fortran order)", "params": {"d": "40", "seed": "6"},
                        "upload": {"input": "pattern", "file": "tests/fixtures/patterns/pattern.npy"}}],
                     "engine": {"n": "64"},
                     "view": {"n": 64, "d": 160},
                     "timing": [{}, {"n": "1024", "d": "640"}, {"n": "1024", "d": "640", "split": "sym"},
                                {"n": "2048", "d": "640", "split": "sym"}],
                     "corrupt": {"pointer": "/rowM/0", "value": -0.1}})json");
  return e;
}

}  // namespace attnlab
