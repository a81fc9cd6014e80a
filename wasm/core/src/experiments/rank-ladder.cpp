// rank-ladder (docs/theory/rank.md#certificate-ladder): one instance, the error of every certificate against
// the rank k it uses (U1's err_k, U3's chebErr(g) at k = D(g), optionally the ℓ1 refit U4), the line at
// eps, the lower bound and each certificate as markers, and the upper/lower ratio (the band's width).
#include <algorithm>
#include <cmath>

#include "attnlab/params.hpp"
#include "attnlab/rank/experiments.hpp"
#include "attnlab/rank/refit.hpp"

namespace attnlab {
namespace {

std::vector<ParamDecl> schema() {
  return {rankParam("geometry"), rankParam("d"), rankParam("n"), rankParam("beta"), rankParam("eps"), rankParam("svd"),
          ParamDecl::choice("refit", "0", {"0", "1"},
                            "1 also runs the ℓ1 refit of the truncated SVD's rows (slower; n ≤ 512 only): it lowers the upper certificate by about 10%."),
          budgetParam(), rankSeedParam(), rngParam()};
}

Json resultShape() {
  return {{"errSvd", "number[]"},
          {"cheb", {{"degree", "int[]"}, {"dim", "number[]"}, {"err", "number[]"}}},
          {"refit", {{"k", "int[]"}, {"err", "number[]"}, {"$nullable", true}}},
          {"kSvd", "int"}, {"kCheb", "int"}, {"kRefit", "int|null"}, {"chebDegree", "int|null"}, {"chebVacuous", "bool"},
          {"lowerBound", "int"}, {"lowerBounds", lowerBoundsShape()}, {"upper", "int"}, {"ratio", "number|null"},
          {"markers", Json::array({{{"label", "string"}, {"k", "int"}}})},
          {"svdPath", "string"}, {"svdError", "number"}, {"chebError", "number"}, {"refitError", "number|null"},
          {"geometry", "string"}, {"d", "int"}, {"n", "int"}, {"beta", "number"}, {"eps", "number"}};
}

constexpr int kMaxRefitN = 512;

RankPointParams ladderPoint(const ParamValues& v) {
  RankPointParams p = rankPointParams(v);
  requireRankPoint(p);
  if (v.flag("refit") && p.n > kMaxRefitN)
    throw ParamError("refit: the ℓ1 refit needs n ≤ " + std::to_string(kMaxRefitN) + ", got n = " + std::to_string(p.n));
  return p;
}

// U1's err_k past the certificate (to err <= eps/4 or the computed vectors), so the curve's crossing shows.
std::vector<double> extendedCurve(const RowMatrix& p, const SvdCertificate& u1, double eps) {
  const Eigen::Index cap = std::min<Eigen::Index>(u1.spectrum.vectors.cols(), std::max(u1.k + 12, u1.k * 3 / 2));
  if (cap <= u1.k) return u1.errCurve;
  return residualErrorCurve(p, u1.spectrum.vectors.leftCols(cap), eps / 4);
}

Json chebJson(const ChebCertificate& c) {
  std::vector<int> degree;
  for (std::size_t g = 0; g < c.errors.size(); ++g) degree.push_back(static_cast<int>(g));
  return {{"degree", degree}, {"dim", c.dims}, {"err", c.errors}};
}

Json run(const Job& job, const Progress& progress) {
  const ParamValues& v = job.params;
  const RankPointParams p = ladderPoint(v);
  const bool refit = v.flag("refit");
  const double share = refit ? 0.6 : 0.95;
  progress.step(0, 1, "sampling " + std::to_string(p.n) + " points and their attention matrix");
  const RankInstance inst = makeRankInstance(p);
  const PointOutcome out = computeRankPoint(inst, p, v.choice("svd"), progress, 0, share);
  const RankPoint& r = out.point;
  Json result;
  result["errSvd"] = extendedCurve(inst.attention, out.svd, p.eps);
  result["cheb"] = chebJson(out.cheb);
  Json markers = Json::array({{{"label", "lower bound"}, {"k", r.lowerBound}}, {{"label", "U1 truncated SVD"}, {"k", r.kSvd}},
                              {{"label", "U3 Chebyshev"}, {"k", r.kCheb}}});
  int upper = std::min(r.kSvd, r.kCheb);
  result["refit"] = nullptr;
  result["kRefit"] = nullptr;
  result["refitError"] = nullptr;
  if (refit) {
    progress.step(share, 1, "ℓ1 refit of the rows of the truncated SVD's rank-" + std::to_string(r.kSvd) + " approximation");
    const RefitCertificate u4 = refitCertificate(inst.attention, out.svd, p.eps, r.lowerBound);
    result["refit"] = {{"k", u4.triedK}, {"err", u4.rowErrors}};
    result["kRefit"] = u4.k;
    result["refitError"] = u4.verifiedError;
    markers.push_back({{"label", "U4 ℓ1 refit"}, {"k", u4.k}});
    upper = std::min(upper, u4.k);
  }
  result["kSvd"] = r.kSvd;
  result["kCheb"] = r.kCheb;
  result["chebDegree"] = r.chebDegree >= 0 ? Json(r.chebDegree) : Json(nullptr);
  result["chebVacuous"] = r.chebVacuous;
  result["lowerBound"] = r.lowerBound;
  result["lowerBounds"] = lowerBoundsJson(r.lowerBounds);
  result["upper"] = upper;
  result["ratio"] = r.lowerBound > 0 ? Json(static_cast<double>(upper) / r.lowerBound) : Json(nullptr);
  result["markers"] = markers;
  result["svdPath"] = r.svdPath;
  result["svdError"] = r.svdError;
  result["chebError"] = r.chebError;
  result["geometry"] = v.choice("geometry");
  result["d"] = p.d;
  result["n"] = p.n;
  result["beta"] = p.beta;
  result["eps"] = p.eps;
  progress.step(1, 1);
  return result;
}

}  // namespace

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, n = 1024: 1.34 s).
constexpr double kSecondsPerUnit = 1.25e-9;

Experiment rankLadderExperiment() {
  Experiment e = declareExperiment("rank-ladder", "rank", schema(), resultShape(), run);
  e.sizeParams = {"n", "d"};
  e.memoryBytes = [](const ParamValues& v, const Inputs&) {
    const RankPointParams p = ladderPoint(v);
    return rankSweepPointBytes(p.n, p.d) + (v.flag("refit") ? 8.0 * p.n * p.n : 0.0);
  };
  // Time: the singular values of the n × n kernel (n³), more with svd=full; the optional l1 refit adds
  // about as much again.
  e.jobSeconds = [](const Job& job) {
    const RankPointParams p = ladderPoint(job.params);
    const double n = p.n, svd = job.params.choice("svd") == "full" ? kFullSvdTimeFactor : 1.0;
    return kSecondsPerUnit * (job.params.flag("refit") ? 2.0 : 1.0) * (svd * n * n * n + n * n * p.d);
  };
  return e;
}

}  // namespace attnlab
