// SPDX-License-Identifier: Apache-2.0
// sparse-dmin's sweep, apart from its declarations (src/experiments/sparse-dmin.cpp): the parameters as one
// job reads them, the job streams and scan caps, and the per-n statistics combine draws
// (docs/theory/sparse.md#dmin-experiment).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/result_fields.hpp"
#include "lab/experiments/sparse/approx.hpp"

namespace attnlab {

// The values that may differ between curves.
struct CurveSetting {
  int k = 2;
  double gamma = 2, eps1 = 1, eps2 = 0.5;
  int draws = 1;
};
ATTNLAB_FIELDS(CurveSetting, k, gamma, eps1, eps2, draws)

struct DminParams {
  std::vector<int> ns;
  std::vector<std::int64_t> k, draws;
  std::vector<double> gamma, eps1, eps2;
  std::string curveParam;  // "" when no parameter lists several values
  int curveCount = 1;
  int step = 16, dmax = 16384, seeds = 3;
  Construction construction;
  std::uint64_t seed = 1;
  double budgetBytes = 0;
  // One job's coordinates (set only when reading a job's params).
  int curve = 0, nIndex = 0, seedIndex = 0;
  std::uint64_t stream = 0;

  CurveSetting setting(int c) const {
    const auto pick = [&](const auto& list) { return list.size() > 1 ? list[c] : list[0]; };
    return {static_cast<int>(pick(k)), pick(gamma), pick(eps1), pick(eps2), static_cast<int>(pick(draws))};
  }
  std::optional<double> curveValue(int c) const {
    if (curveParam.empty()) return std::nullopt;
    const CurveSetting s = setting(c);
    if (curveParam == "k") return s.k;
    if (curveParam == "gamma") return s.gamma;
    if (curveParam == "eps1") return s.eps1;
    if (curveParam == "eps2") return s.eps2;
    return s.draws;
  }
};

// sparse-dmin's parameters as it declares them (experiments/sparse-dmin.cpp).
struct DminFields : ConstructionFields {
  std::vector<std::int64_t> ns, k, draws;
  std::vector<double> gamma, eps1, eps2;
  int step = 0, dmax = 0, seeds = 0;
};
// The validated parameters, checked across keys (one list at most, k within every n).
DminParams readDminParams(const DminFields& v);
// A job's coordinates, as plan wrote them (never user input: the platform keeps them apart).
void readDminCoordinates(const Json& at, DminParams& p);
// Stream of job (n, seed index), kept below 2^53 so it survives JSON in JS.
std::uint64_t dminJobStream(int n, int seedIndex);
// The construction of one curve: the shared one with the curve's eps1, eps2.
Construction curveConstruction(const DminParams& p, const CurveSetting& s);
// The scan's cap: dmax, or less when the budget cannot hold X(1), X(2) that wide.
int scanCap(const DminParams& p, const Construction& c, int n, std::int64_t nonzeros);

// Least squares of the per-n mean d_min against ln n: d = a + b ln n, r2 null when the means do not vary.
struct LogFit {
  double a = 0, b = 0;
  std::optional<double> r2;
};
ATTNLAB_FIELDS(LogFit, a, b, r2)
// The fit, or none below two distinct n.
std::optional<LogFit> fitLogLaw(const std::vector<std::pair<double, double>>& points);

// One point of a curve: every finished seed's d_min (null where capped) and their mean ± sample sd.
struct DminPoint {
  int n = 0;
  std::vector<std::optional<int>> dmin;
  std::vector<int> seeds;
  int seedsDone = 0;
  std::optional<double> mean, sd;
  bool capped = false;
  int cappedSeeds = 0, dcap = 0;
  double bound = 0;
};
ATTNLAB_FIELDS(DminPoint, n, dmin, seeds, seedsDone, mean, sd, capped, cappedSeeds, dcap, bound)
// One perN entry from the finished seeds of a point (seedIndex -> job result), in seed order; adds the
// (n, mean d_min) pair to `points` for the fit.
DminPoint summarisePoint(const std::map<int, Json>& seeds, int n, double bound,
                         std::vector<std::pair<double, double>>& points);

}  // namespace attnlab
