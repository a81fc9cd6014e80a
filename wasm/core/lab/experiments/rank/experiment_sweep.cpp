// SPDX-License-Identifier: Apache-2.0
// The sweep behind rank-beta, rank-n and rank-eps (docs/theory/rank.md#sphere-law, #rank-vs-n, #rank-vs-eps): one job
// per listed value of the swept parameter, each a pure function of (geometry, d, n, beta, eps, seed, stream) through
// rankPoint's pipeline. Every job uses stream 0 of the seed: all betas and eps of a sweep see the same
// points, and a smaller n sees a prefix of a larger n's points (docs/theory/rank.md#prng: points drawn in order), so
// differences between points come from the swept parameter, never from sampling noise or job order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

#include "lab/job_checks.hpp"
#include "lab/params.hpp"
#include "lab/experiments/rank/experiment_common.hpp"
#include "lab/experiments/rank/sweep_results.hpp"

namespace attnlab {
namespace {

const char* axisKey(RankAxis a) { return a == RankAxis::Beta ? "beta" : a == RankAxis::N ? "n" : "eps"; }
const char* listKey(RankAxis a) { return a == RankAxis::Beta ? "betas" : a == RankAxis::N ? "n" : "eps"; }

// The swept values in the order listed (duplicates refused: each point is one job).
std::vector<double> sweptValues(RankAxis a, const RankSweepParams& v) {
  const std::vector<double>& values = v.swept;
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw ParamError(std::string(listKey(a)) + " must list distinct values, got a repeated one");
  return values;
}

// The point of swept value x: the fixed parameters with the swept one replaced.
RankPointParams pointAt(RankAxis a, const RankSweepParams& v, double x) {
  RankPointParams p = rankPointParams(v);
  if (a == RankAxis::N) p.n = static_cast<int>(x);
  if (a == RankAxis::Beta) p.beta = x;
  if (a == RankAxis::Eps) p.eps = x;
  return p;
}

int largestN(RankAxis a, const RankSweepParams& v) {
  if (a != RankAxis::N) return v.n;
  int most = 0;
  for (double n : v.swept) most = std::max(most, static_cast<int>(n));
  return most;
}

std::string sizeText(RankAxis a, const RankSweepParams& v) {
  return std::string(a == RankAxis::N ? "the largest n = " : "n = ") + std::to_string(largestN(a, v)) +
         ", d = " + std::to_string(v.d) + " (parameters n, d)";
}

std::vector<Json> plan(RankAxis a, const std::string& id, const RankSweepParams& v) {
  const std::vector<double> values = sweptValues(a, v);
  for (double x : values) requireRankPoint(pointAt(a, v, x));
  requireMemory(rankSweepPointBytes(largestN(a, v), v.d), v.budgetBytes(), id + " with " + sizeText(a, v));
  std::vector<Json> jobs;
  for (std::size_t i = 0; i < values.size(); ++i)
    jobs.push_back({{"index", i}, {axisKey(a), values[i]}, {"stream", 0}});
  return jobs;
}

SweepCertificates certificates(const RankPoint& r) {
  return {r.kSvd,
          r.kCheb,
          r.lowerBound,
          namedLowerBounds(r.lowerBounds),
          std::min(r.kSvd, r.kCheb),
          r.chebDegree >= 0 ? std::optional<int>(r.chebDegree) : std::nullopt,
          r.chebVacuous,
          r.svdPath,
          r.svdError,
          r.chebError};
}

template <class Swept>
Json jobJson(Swept swept, int index, const RankPoint& r) {
  return resultJson(SweepJob<Swept>({swept, certificates(r)}, {index}));
}

Json runJob(RankAxis a, const RankSweepParams& v, const Job& job, const Progress& progress) {
  const std::vector<double> values = sweptValues(a, v);
  const int index = job.at.at("index").get<int>();
  if (index < 0 || index >= static_cast<int>(values.size()) || job.at.at(axisKey(a)).get<double>() != values[index])
    throw ParamError("job coordinates " + quoteValue(job.at.dump()) + " do not belong to these parameters");
  const RankPointParams p = pointAt(a, v, values[index]);
  requireRankPoint(p);
  progress.step(0, 1, "sampling " + std::to_string(p.n) + " points and their attention matrix");
  const RankInstance inst = makeRankInstance(p);
  const RankPoint r = computeRankPoint(inst, p, v.svd, progress).point;
  const double x = values[index];
  if (a == RankAxis::Beta) return jobJson(SweptBeta{x}, index, r);
  if (a == RankAxis::N) return jobJson(SweptN{static_cast<int>(x)}, index, r);
  return jobJson(SweptEps{x}, index, r);
}

// The finished points, ascending in the swept value whatever order the jobs finished in.
template <class Swept>
std::vector<SweepPoint<Swept>> finishedPoints(const Json& finished) {
  std::map<double, SweepPoint<Swept>> byValue;
  for (const auto& entry : finished) {
    const SweepJob<Swept> job = readResult<SweepJob<Swept>>(entry.at("result"));
    byValue[sweptValue(job)] = job;
  }
  std::vector<SweepPoint<Swept>> points;
  for (const auto& [x, point] : byValue) points.push_back(point);
  return points;
}

std::optional<double> finite(double x) { return std::isfinite(x) ? std::optional<double>(x) : std::nullopt; }

// Guide lines k = k0·((1+β)/(1+β0))^slope through the kSvd point nearest β = 16 (docs/theory/rank.md#sphere-law), over
// the betas.
std::vector<Guide> betaGuides(const std::vector<SweepPoint<SweptBeta>>& points, int d) {
  std::vector<Guide> guides;
  if (points.empty()) return guides;
  const SweepPoint<SweptBeta>* anchor = &points[0];
  for (const auto& pt : points)
    if (std::fabs(std::log(pt.beta / 16)) < std::fabs(std::log(anchor->beta / 16))) anchor = &pt;
  const double b0 = anchor->beta, k0 = std::max(1, anchor->kSvd);
  const std::vector<std::pair<std::string, double>> slopes{{"sphere law (d−1)/2", (d - 1) / 2.0},
                                                           {"ball and lift law d/2", d / 2.0}};
  for (const auto& [label, slope] : slopes) {
    Guide guide{label, slope, {}, {}};
    for (const auto& pt : points) {
      guide.x.push_back(1 + pt.beta);
      guide.k.push_back(k0 * std::pow(guide.x.back() / (1 + b0), slope));
    }
    guides.push_back(guide);
  }
  return guides;
}

// The ceiling k = n at each point (rank-n: the diagonal, n = 0; rank-eps: the horizontal line at n).
template <class Swept>
std::vector<Guide> ceilingGuide(const std::vector<SweepPoint<Swept>>& points, int n) {
  Guide guide{"k = n", n == 0 ? 1.0 : 0.0, {}, {}};
  for (const auto& pt : points) {
    guide.x.push_back(sweptValue(pt));
    guide.k.push_back(n == 0 ? sweptValue(pt) : n);
  }
  return {guide};
}

Json combine(RankAxis a, const RankSweepParams& v, const Json& finished) {
  const auto done = static_cast<std::int64_t>(finished.size()),
             total = static_cast<std::int64_t>(sweptValues(a, v).size());
  const std::string geometry = v.geometry;
  const int d = v.d;
  if (a == RankAxis::N) {
    NSweep out{finishedPoints<SweptN>(finished), {}, geometry, d, v.beta, v.eps, done, total};
    out.guides = ceilingGuide(out.points, 0);
    return resultJson(out);
  }
  const int n = v.n;
  if (a == RankAxis::Eps) {
    EpsSweep out{finishedPoints<SweptEps>(finished), {}, geometry, d, n, v.beta, done, total};
    out.guides = ceilingGuide(out.points, n);
    return resultJson(out);
  }
  BetaSweep out;
  out.points = finishedPoints<SweptBeta>(finished);
  std::vector<double> betas;
  std::vector<int> svd, lb;
  for (const auto& pt : out.points) {
    betas.push_back(pt.beta);
    svd.push_back(pt.kSvd);
    lb.push_back(pt.lowerBound);
  }
  out.slope = {finite(rankSlope(betas, svd, n)), finite(rankSlope(betas, lb, n))};
  // docs/theory/rank.md#laws: (d−1)/2 on the sphere, d/2 for the lift; the uniform ball follows neither
  // (docs/theory/rank.md#ball-vs-lift).
  const Geometry g = parseGeometry(geometry);
  if (g != Geometry::Ball) out.predictedSlope = g == Geometry::Sphere ? (d - 1) / 2.0 : d / 2.0;
  out.guides = betaGuides(out.points, d);
  out.geometry = geometry;
  out.d = d;
  out.n = n;
  out.eps = v.eps;
  out.jobsDone = done;
  out.jobsTotal = total;
  return resultJson(out);
}

// Every lower bound at most the upper certificates (docs/theory/rank.md#certificates: LB <= k_eps <= min(kSvd, kCheb)),
// upper = min(kSvd, kCheb), errors non-negative.
void certificateOrder(JobCheck& check, const std::string& at) {
  for (const char* key :
       {"lowerBounds/LB-F", "lowerBounds/LB-DD", "lowerBounds/LB-POOL-GEO", "lowerBounds/LB-POOL-DATA"})
    check.ordered(at + key, at + "lowerBound");
  check.ordered(at + "lowerBound", at + "kSvd")
      .ordered(at + "lowerBound", at + "upper")
      .ordered(at + "upper", at + "kSvd")
      .ordered(at + "upper", at + "kCheb")
      .within(at + "svdError", 0, std::numeric_limits<double>::max())
      .within(at + "chebError", 0, std::numeric_limits<double>::max());
}

// A point is its job's (index and swept value) with rank certificates in [0, n].
std::string checkJobResult(RankAxis a, const RankSweepParams& v, const Job& job, const Json& r) {
  const double n = a == RankAxis::N ? job.at.at("n").get<double>() : v.n;
  JobCheck check(r, job.at);
  check.same("index").same(axisKey(a));
  rankCertificateChecks(check, "", n);
  return check.problem();
}

// A whole sweep: every point's certificates in [0, n] (n the point's own in rank-n), job counts consistent.
std::string checkResult(RankAxis a, const Json& r) {
  JobCheck check(r);
  check.within(a == RankAxis::N ? "points/*/n" : "n", 1, 2048);
  rankCertificateChecks(check, "points/*/", a == RankAxis::N ? "points/*/n" : "n");
  return check.within("jobsDone", 0, 1e9).ordered("jobsDone", "jobsTotal").problem();
}

// The declared shapes of a sweep's result and of its jobs' results.
Json sweepShape(RankAxis a) {
  return a == RankAxis::Beta ? shapeOf<BetaSweep>() : a == RankAxis::N ? shapeOf<NSweep>() : shapeOf<EpsSweep>();
}

Json sweepJobShape(RankAxis a) {
  return a == RankAxis::Beta ? shapeOf<SweepJob<SweptBeta>>()
         : a == RankAxis::N  ? shapeOf<SweepJob<SweptN>>()
                             : shapeOf<SweepJob<SweptEps>>();
}

}  // namespace

void rankCertificateChecks(JobCheck& check, const std::string& at, double n) {
  for (const char* key : {"kSvd", "kCheb", "lowerBound", "upper", "lowerBounds/LB-F", "lowerBounds/LB-DD",
                          "lowerBounds/LB-POOL-GEO", "lowerBounds/LB-POOL-DATA"})
    check.within(at + key, 0, n);
  certificateOrder(check, at);
}

void rankCertificateChecks(JobCheck& check, const std::string& at, const std::string& nKey) {
  for (const char* key : {"kSvd", "kCheb", "lowerBound", "upper", "lowerBounds/LB-F", "lowerBounds/LB-DD",
                          "lowerBounds/LB-POOL-GEO", "lowerBounds/LB-POOL-DATA"})
    check.within(at + key, 0, 1e6).ordered(at + key, nKey);
  certificateOrder(check, at);
}

// Seconds per unit of jobSeconds' operation count on the reference machine (docs/cost-model.md;
// set from `npm run bench -- cost-model`, rank-beta n = 768: 3.57 s, rank-n to 1024: 1.28 s, rank-eps n = 640: 1.98 s).
constexpr double kSecondsPerUnit = 1.2e-9;

Experiment rankSweepExperiment(RankAxis axis, std::string id, ParamList<RankSweepParams> params) {
  const auto list = std::make_shared<const ParamList<RankSweepParams>>(std::move(params));
  Experiment e = declareExperiment(std::move(id), "rank", list->decls(), sweepShape(axis),
                                   [axis, list](const Job& job, const Progress& progress) {
                                     return runJob(axis, list->read(job.params), job, progress);
                                   });
  const std::string name = e.id;
  declareJobs(
      e, [axis, name, list](const ParamValues& v, const Inputs&) { return plan(axis, name, list->read(v)); },
      [axis, list](const ParamValues& v, const Json& finished) { return combine(axis, list->read(v), finished); },
      sweepJobShape(axis),
      [axis, list](const Job& job, const Json& result) {
        return checkJobResult(axis, list->read(job.params), job, result);
      });
  e.checkResult = [axis](const Json& result) { return checkResult(axis, result); };
  e.memoryBytes = [axis, list](const ParamValues& v, const Inputs&) {
    const RankSweepParams p = list->read(v);
    return rankSweepPointBytes(largestN(axis, p), p.d);
  };
  e.sizeParams = {"n", "d"};
  // Time of one point: the kernel (n² d) and its singular values (n³) dominate; svd=full costs more.
  e.jobSeconds = [axis, list](const Job& job) {
    const RankSweepParams p = list->read(job.params);
    const double n = axis == RankAxis::N ? job.at.at("n").get<double>() : p.n;
    const double svd = p.svd == "full" ? kFullSvdTimeFactor : 1.0;
    return kSecondsPerUnit * (svd * n * n * n + n * n * p.d);
  };
  return e;
}

}  // namespace attnlab
