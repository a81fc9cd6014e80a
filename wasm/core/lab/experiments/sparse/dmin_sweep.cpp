// SPDX-License-Identifier: Apache-2.0
// sparse-dmin's sweep: parameters, job streams and caps, per-n statistics (docs/theory/sparse.md#dmin-experiment).
#include "lab/experiments/sparse/dmin_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "numerics/shared/rng.hpp"  // childStream

namespace attnlab {
namespace {

constexpr std::uint64_t kDminStream = 0xD314;
constexpr const char* kListable[] = {"k", "gamma", "eps1", "eps2", "draws"};

}  // namespace

DminParams readDminParams(const DminFields& v) {
  DminParams p;
  for (std::int64_t n : v.ns) p.ns.push_back(static_cast<int>(n));
  if (std::set<int>(p.ns.begin(), p.ns.end()).size() != p.ns.size())
    throw ParamError("ns must list distinct sequence lengths, got a repeated value");
  p.k = v.k;
  p.gamma = v.gamma;
  p.eps1 = v.eps1;
  p.eps2 = v.eps2;
  p.draws = v.draws;
  const std::size_t sizes[] = {p.k.size(), p.gamma.size(), p.eps1.size(), p.eps2.size(), p.draws.size()};
  std::vector<std::string> lists;
  for (int q = 0; q < 5; ++q)
    if (sizes[q] > 1) {
      lists.emplace_back(kListable[q]);
      p.curveCount = static_cast<int>(sizes[q]);
    }
  if (lists.size() > 1)
    throw ParamError(lists[0] + " and " + lists[1] +
                     " are both lists: at most one of k, gamma, eps1, eps2, draws may list several values "
                     "(one curve per value)");
  if (!lists.empty()) p.curveParam = lists[0];
  p.step = v.step;
  p.dmax = v.dmax;
  // dmax < step is allowed: the scan has no grid point and every job reports capped.
  p.seeds = v.seeds;
  readConstruction(v, p.construction);
  p.seed = v.seed;
  p.budgetBytes = v.budgetBytes();
  const int kMax = static_cast<int>(*std::max_element(p.k.begin(), p.k.end()));
  const int nMin = *std::min_element(p.ns.begin(), p.ns.end());
  if (kMax > nMin)
    throw ParamError("k = " + std::to_string(kMax) + " exceeds the smallest n = " + std::to_string(nMin) +
                     ": k must be at most every n in ns");
  return p;
}

void readDminCoordinates(const Json& at, DminParams& p) {
  p.curve = at.at("curve").get<int>();
  p.nIndex = at.at("nIndex").get<int>();
  p.seedIndex = at.at("seedIndex").get<int>();
  p.stream = at.at("stream").get<std::uint64_t>();
  if (p.curve < 0 || p.curve >= p.curveCount || p.nIndex < 0 || p.nIndex >= static_cast<int>(p.ns.size()) ||
      p.seedIndex < 0 || p.seedIndex >= p.seeds)
    throw ParamError("job coordinates " + quoteValue(at.dump()) + " do not belong to these parameters");
}

std::uint64_t dminJobStream(int n, int seedIndex) {
  const std::uint64_t s =
      childStream(childStream(kDminStream, static_cast<std::uint64_t>(n)), static_cast<std::uint64_t>(seedIndex)) &
      ((std::uint64_t{1} << 53) - 1);
  return s == 0 ? 1 : s;
}

Construction curveConstruction(const DminParams& p, const CurveSetting& s) {
  Construction c = p.construction;
  c.eps1 = s.eps1;
  c.eps2 = s.eps2;
  return c;
}

int scanCap(const DminParams& p, const Construction& c, int n, std::int64_t nonzeros) {
  const int cap = affordableWidth(n, nonzeros, p.step, p.dmax, c, p.budgetBytes);
  if (cap == 0)
    requireMemory(approximationBytes(n, nonzeros, p.step, c, false), p.budgetBytes,
                  "sparse-dmin with n = " + std::to_string(n) + " at d = step = " + std::to_string(p.step) +
                      " (parameters ns, step)");
  return cap;
}

// Least squares of the per-n mean d_min against ln n: d = a + b ln n. With the same number of seeds at
// every n this is exactly the fit through all points; r2 is that of the means, so it measures how well
// the log law explains the trend rather than the seed-to-seed scatter (shown by the error bars).
std::optional<LogFit> fitLogLaw(const std::vector<std::pair<double, double>>& points) {  // (n, mean dmin)
  std::set<double> distinct;
  for (const auto& pt : points) distinct.insert(pt.first);
  if (distinct.size() < 2) return std::nullopt;
  double sx = 0, sy = 0;
  for (const auto& [n, d] : points) {
    sx += std::log(n);
    sy += d;
  }
  const double m = static_cast<double>(points.size()), mx = sx / m, my = sy / m;
  double sxx = 0, sxy = 0, syy = 0;
  for (const auto& [n, d] : points) {
    const double x = std::log(n) - mx, y = d - my;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const double b = sxy / sxx, a = my - b * mx;
  const double residual = std::max(0.0, syy - b * sxy);
  return LogFit{a, b, syy > 0 ? std::optional<double>(1.0 - residual / syy) : std::nullopt};
}

DminPoint summarisePoint(const std::map<int, Json>& seeds, int n, double bound,
                         std::vector<std::pair<double, double>>& points) {
  DminPoint out;
  out.n = n;
  out.bound = bound;
  out.seedsDone = static_cast<int>(seeds.size());
  std::vector<double> values;
  for (const auto& [seedIndex, r] : seeds) {
    out.seeds.push_back(seedIndex);
    out.dcap = r.at("dcap").get<int>();
    if (r.at("dmin").is_null()) {
      out.dmin.push_back(std::nullopt);
      ++out.cappedSeeds;
    } else {
      out.dmin.push_back(r.at("dmin").get<int>());
      values.push_back(r.at("dmin").get<double>());
    }
  }
  out.capped = out.cappedSeeds > 0;
  if (!values.empty()) {
    const double mu = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
    double ss = 0;
    for (double v : values) ss += (v - mu) * (v - mu);
    out.mean = mu;
    points.emplace_back(n, mu);
    out.sd = values.size() > 1 ? std::sqrt(ss / (values.size() - 1)) : 0.0;  // sample sd
  }
  return out;
}

}  // namespace attnlab
