// SPDX-License-Identifier: Apache-2.0
// Common parameters, the point pipeline and JSON of the paper-3 experiments (see
// lab/experiments/rank/experiment_common.hpp).
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "lab/params.hpp"
#include "lab/experiments/rank/experiment_common.hpp"

namespace attnlab {

namespace {
std::string matrixText(int n) { return std::to_string(n) + " × " + std::to_string(n); }
}  // namespace

double rankSweepPointBytes(int n, int d) { return kRankProcessBytes + 8.0 * (6.5 * double(n) * n + double(n) * d); }

ParamDecl rankSeedParam() {
  ParamDecl p = seedParam();
  p.help =
      "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 "
      "with rng = box-muller draws the point sets of the published reference tables.";
  return p;
}

ParamDecl rankParam(const std::string& key, double def) {
  const auto pick = [&](double fallback) { return def >= 0 ? def : fallback; };
  if (key == "geometry")
    return ParamDecl::choice(
        "geometry", "sphere", {"sphere", "ball", "gauss"},
        "Where the n points live (self-attention, queries = keys): the unit sphere, the uniform unit "
        "ball, or the Gaussian lift (ball of radius 1/2 with key log-weights −β|x_j|²/2, equivalent to "
        "duplicated tokens).");
  if (key == "d")
    return ParamDecl::integer("d", static_cast<std::int64_t>(pick(kRankDefaultD)), kRankMinD, kRankMaxD,
                              "Dimension of the points x_i.");
  if (key == "n")
    return ParamDecl::integer("n", static_cast<std::int64_t>(pick(kRankDefaultN)), kRankMinN, kRankMaxN,
                              "Number of tokens: P is n × n; the certificates cost about n³ (the page estimates a "
                              "run's time before it starts a long one).",
                              "tokens");
  if (key == "beta")
    return ParamDecl::real("beta", pick(kRankDefaultBeta), 0, kRankMaxBeta,
                           "Inverse temperature β: logits L = β·X Xᵀ, no 1/√d factor.")
        .openBelow();
  if (key == "eps")
    return ParamDecl::real("eps", pick(kRankDefaultEps), 0, 1,
                           "Tolerance ε of the max-row-ℓ1 error ‖P − M‖: every bounded output is kept to within ε.")
        .openBelow()
        .openAbove();
  if (key == "svd")
    return ParamDecl::choice("svd", "auto", {"auto", "full", "partial"},
                             "How the truncated SVD gets its singular vectors: chosen automatically (Lanczos when the "
                             "Chebyshev certificate says "
                             "few are needed, else one full eigendecomposition), always one full eigendecomposition, "
                             "or always Lanczos with a "
                             "block grown until the tolerance is met.");
  throw std::logic_error("no common paper-3 parameter named " + key);
}

RankPointParams rankPointParams(const RankPointFields& v) {
  RankPointParams p;
  p.geometry = parseGeometry(v.geometry);
  p.d = v.d;
  p.n = v.n;
  p.beta = v.beta;
  p.eps = v.eps;
  p.seed = kRankSeedOffset + v.seed;
  p.normals = v.rng;
  p.stream = 0;  // one point set per (seed, n): every beta and eps of a sweep sees the same points
                 // (docs/theory/rank.md#reference-tables)
  return p;
}

void requireRankPoint(const RankPointParams& p) {
  if (p.geometry == Geometry::Sphere && p.d < 2)
    throw ParamError("d must be at least 2 for the sphere, got " + std::to_string(p.d));
  namingParam("n", [&] {
    validateRankPointParams(p);
    return 0;
  });
}

SvdOptions svdOptionsFor(const std::string& path, int kChebGuess, int n) {
  SvdOptions o;
  o.path = parseSvdPath(path);
  const int guess = kChebGuess > 0 && kChebGuess < n ? kChebGuess + 8 : -1;
  if (o.path == SvdPath::Partial) o.initialVectors = guess > 0 ? std::min(guess, n - 1) : 24;
  if (o.path == SvdPath::Auto) {
    // The library's doubling is slow when k is near n/4; start at U3's k or go full at once.
    if (guess > 0 && guess <= 0.2 * n) {
      o.initialVectors = guess;
    } else {
      o.path = SvdPath::Full;
    }
  }
  return o;
}

NamedLowerBounds namedLowerBounds(const LowerBounds& b) {
  return {b.frobenius, b.diagonal, b.poolGeometric >= 0 ? std::optional<int>(b.poolGeometric) : std::nullopt,
          b.poolData};
}

PointOutcome computeRankPoint(const RankInstance& inst, const RankPointParams& p, const std::string& svdPath,
                              const Progress& progress, double base, double total) {
  PointOutcome out;
  const int n = static_cast<int>(inst.attention.rows());
  progress.step(base + 0.05 * total, 1, "Chebyshev certificate: degrees on a " + matrixText(n) + " logit matrix");
  out.cheb = chebyshevCertificate(inst.logits, dimensionRuleFor(p.geometry), p.d, p.eps);
  const SvdOptions options = svdOptionsFor(svdPath, out.cheb.vacuous ? -1 : out.cheb.k, n);
  progress.step(base + 0.25 * total, 1,
                options.path == SvdPath::Full
                    ? "Truncated SVD: singular values of a " + matrixText(n) + " matrix (full eigendecomposition)"
                    : "Truncated SVD: leading singular values of a " + matrixText(n) + " matrix (Lanczos, " +
                          std::to_string(options.initialVectors) + " vectors first)");
  out.svd = svdCertificate(inst.attention, p.eps, options);
  progress.step(base + 0.8 * total, 1, "lower bounds on a " + matrixText(n) + " matrix");
  RankPoint& r = out.point;
  r.kSvd = out.svd.k;
  r.svdError = out.svd.verifiedError;
  r.svdPath = out.svd.path;
  r.kCheb = out.cheb.k;
  r.chebDegree = out.cheb.degree;
  r.chebVacuous = out.cheb.vacuous;
  r.chebError = out.cheb.verifiedError;
  r.lowerBounds =
      lowerBounds(inst.attention, out.svd.spectrum.sigma, out.svd.spectrum.frobeniusSq, &inst.points, p.beta, p.eps);
  r.lowerBound = r.lowerBounds.best;
  progress.step(base + total, 1);
  return out;
}

}  // namespace attnlab
