// SPDX-License-Identifier: Apache-2.0
// rank-ladder (docs/theory/rank.md#certificate-ladder): one instance, the error of every certificate against
// the rank k it uses (U1's err_k, U3's chebErr(g) at k = D(g), optionally the ℓ1 refit U4), the line at
// eps, the lower bound and each certificate as markers, and the upper/lower ratio (the band's width).
#include <limits>
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "lab/job_checks.hpp"
#include "lab/params.hpp"
#include "lab/experiments/rank/experiment_common.hpp"
#include "numerics/rank/refit.hpp"

namespace attnlab {
namespace {

struct LadderParams : RankPointFields {
  std::string svd;
  bool refit = false;
};

const ParamList<LadderParams>& params() {
  static const ParamList<LadderParams> list{
      {&LadderParams::geometry, rankParam("geometry")},
      {&LadderParams::d, rankParam("d")},
      {&LadderParams::n, rankParam("n")},
      {&LadderParams::beta, rankParam("beta")},
      {&LadderParams::eps, rankParam("eps")},
      {&LadderParams::svd, rankParam("svd")},
      {&LadderParams::refit,
       ParamDecl::choice("refit", "0", {"0", "1"},
                         "Also runs the ℓ1 refit of the truncated SVD's rows (slower; n ≤ 512 only): it "
                         "lowers the upper certificate by about 10%.")},
      {&LadderParams::budget, budgetParam()},
      {&LadderParams::seed, rankSeedParam()},
      {&LadderParams::rng, rngParam()}};
  return list;
}

// The result, declared once (lab/result_fields.hpp), in the order the ladder has always written it.
struct ChebCurve {  // U3's chebErr(g) and D(g) for g = 0..last scanned
  std::vector<int> degree;
  std::vector<double> dim, err;
};
ATTNLAB_FIELDS(ChebCurve, degree, dim, err)

struct RefitCurve {  // U4's worst refitted row error at each k tried
  std::vector<int> k;
  std::vector<double> err;
};
ATTNLAB_FIELDS(RefitCurve, k, err)

struct Marker {
  std::string label;
  int k = 0;
};
ATTNLAB_FIELDS(Marker, label, k)

struct Ladder {
  std::vector<double> errSvd;
  ChebCurve cheb;
  std::optional<RefitCurve> refit;  // the three refit entries are null unless refit = 1
  std::optional<int> kRefit;
  std::optional<double> refitError;
  int kSvd = 0, kCheb = 0;
  std::optional<int> chebDegree;
  bool chebVacuous = false;
  int lowerBound = 0;
  NamedLowerBounds lowerBounds;
  int upper = 0;
  std::optional<double> ratio;  // upper / lowerBound, null when the lower bound is 0
  std::vector<Marker> markers;
  std::string svdPath;
  double svdError = 0, chebError = 0;
  std::string geometry;
  int d = 0, n = 0;
  double beta = 0, eps = 0;
};
ATTNLAB_FIELDS(Ladder, errSvd, cheb, refit, kRefit, refitError, kSvd, kCheb, chebDegree, chebVacuous, lowerBound,
               lowerBounds, upper, ratio, markers, svdPath, svdError, chebError, geometry, d, n, beta, eps)

constexpr int kMaxRefitN = 512;

RankPointParams ladderPoint(const LadderParams& v) {
  RankPointParams p = rankPointParams(v);
  requireRankPoint(p);
  if (v.refit && p.n > kMaxRefitN)
    throw ParamError("refit: the ℓ1 refit needs n ≤ " + std::to_string(kMaxRefitN) +
                     ", got n = " + std::to_string(p.n));
  return p;
}

// U1's err_k past the certificate (to err <= eps/4 or the computed vectors), so the curve's crossing shows.
std::vector<double> extendedCurve(const RowMatrix& p, const SvdCertificate& u1, double eps) {
  const Eigen::Index cap = std::min<Eigen::Index>(u1.spectrum.vectors.cols(), std::max(u1.k + 12, u1.k * 3 / 2));
  if (cap <= u1.k) return u1.errCurve;
  return residualErrorCurve(p, u1.spectrum.vectors.leftCols(cap), eps / 4);
}

ChebCurve chebCurve(const ChebCertificate& c) {
  ChebCurve curve{{}, c.dims, c.errors};
  for (std::size_t g = 0; g < c.errors.size(); ++g) curve.degree.push_back(static_cast<int>(g));
  return curve;
}

Json run(const Job& job, const Progress& progress) {
  const LadderParams v = params().read(job.params);
  const RankPointParams p = ladderPoint(v);
  const bool refit = v.refit;
  const double share = refit ? 0.6 : 0.95;
  progress.step(0, 1, "sampling " + std::to_string(p.n) + " points and their attention matrix");
  const RankInstance inst = makeRankInstance(p);
  const PointOutcome out = computeRankPoint(inst, p, v.svd, progress, 0, share);
  const RankPoint& r = out.point;
  Ladder result;
  result.errSvd = extendedCurve(inst.attention, out.svd, p.eps);
  result.cheb = chebCurve(out.cheb);
  result.markers = {{"lower bound", r.lowerBound}, {"U1 truncated SVD", r.kSvd}, {"U3 Chebyshev", r.kCheb}};
  result.upper = std::min(r.kSvd, r.kCheb);
  if (refit) {
    progress.step(share, 1,
                  "ℓ1 refit of the rows of the truncated SVD's rank-" + std::to_string(r.kSvd) + " approximation");
    const RefitCertificate u4 = refitCertificate(inst.attention, out.svd, p.eps, r.lowerBound);
    result.refit = RefitCurve{u4.triedK, u4.rowErrors};
    result.kRefit = u4.k;
    result.refitError = u4.verifiedError;
    result.markers.push_back({"U4 ℓ1 refit", u4.k});
    result.upper = std::min(result.upper, u4.k);
  }
  result.kSvd = r.kSvd;
  result.kCheb = r.kCheb;
  if (r.chebDegree >= 0) result.chebDegree = r.chebDegree;
  result.chebVacuous = r.chebVacuous;
  result.lowerBound = r.lowerBound;
  result.lowerBounds = namedLowerBounds(r.lowerBounds);
  if (r.lowerBound > 0) result.ratio = static_cast<double>(result.upper) / r.lowerBound;
  result.svdPath = r.svdPath;
  result.svdError = r.svdError;
  result.chebError = r.chebError;
  result.geometry = v.geometry;
  result.d = p.d;
  result.n = p.n;
  result.beta = p.beta;
  result.eps = p.eps;
  progress.step(1, 1);
  return resultJson(result);
}

// Certificates are ranks in [0, n], the lower bounds below them; errors non-negative.
std::string checkResult(const Json& r) {
  JobCheck check(r);
  check.within("n", 1, 2048)
      .within("errSvd/*", 0, std::numeric_limits<double>::max())
      .within("cheb/err/*", 0, std::numeric_limits<double>::max())
      .within("refit/err/*", 0, std::numeric_limits<double>::max());
  rankCertificateChecks(check, "", "n");
  return check.problem();
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, n = 1024: 1.34 s).
constexpr double kSecondsPerUnit = 1.25e-9;

Experiment rankLadderExperiment() {
  Experiment e = declareExperiment("rank-ladder", "rank", params().decls(), shapeOf<Ladder>(), run);
  e.sizeParams = {"n", "d"};
  e.memoryBytes = [](const ParamValues& values, const Inputs&) {
    const LadderParams v = params().read(values);
    const RankPointParams p = ladderPoint(v);
    return rankSweepPointBytes(p.n, p.d) + (v.refit ? 8.0 * p.n * p.n : 0.0);
  };
  // Time: the singular values of the n × n kernel (n³), more with svd=full; the optional l1 refit adds
  // about as much again.
  e.jobSeconds = [](const Job& job) {
    const LadderParams v = params().read(job.params);
    const RankPointParams p = ladderPoint(v);
    const double n = p.n, svd = v.svd == "full" ? kFullSvdTimeFactor : 1.0;
    return kSecondsPerUnit * (v.refit ? 2.0 : 1.0) * (svd * n * n * n + n * n * p.d);
  };
  e.checkResult = checkResult;
  declareTestSets(e, R"json({"cheap": {"n": 32, "refit": "1"},
                     "memory": [{"n": "1024"}],
                     "reference": [{"label": "with refit", "params": {"n": "40", "beta": "16", "refit": "1",
                                    "seed": "1"}}],
                     "engine": {"n": "64"},
                     "view": {"n": 64, "refit": "0"},
                     "timing": [{}, {"n": "1024"}, {"n": "1024", "svd": "full"}, {"n": "2048", "svd": "full"}],
                     "corrupt": {"pointer": "/lowerBound", "value": 1e5}})json");
  return e;
}

}  // namespace attnlab
