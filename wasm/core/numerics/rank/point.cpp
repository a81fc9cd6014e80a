// SPDX-License-Identifier: Apache-2.0
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/rank/error.hpp"
#include "numerics/rank/point.hpp"
#include "numerics/shared/rng.hpp"
#include "numerics/kernels/softmax.hpp"

namespace attnlab {

void validateRankPointParams(const RankPointParams& p) {
  const auto range = [](int lo, int hi) { return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]"; };
  if (p.d < kRankMinD || p.d > kRankMaxD)
    throw std::invalid_argument("d must be an integer in " + range(kRankMinD, kRankMaxD) + ", got " +
                                std::to_string(p.d));
  if (p.n < kRankMinN || p.n > kRankMaxN)
    throw std::invalid_argument("n must be an integer in " + range(kRankMinN, kRankMaxN) + ", got " +
                                std::to_string(p.n));
  if (!std::isfinite(p.beta) || p.beta <= 0 || p.beta > kRankMaxBeta)
    throw std::invalid_argument("beta must be in (0, 10000], got " + std::to_string(p.beta));
  requireEps(p.eps);
}

RankInstance makeRankInstance(const RankPointParams& params) {
  validateRankPointParams(params);
  Rng rng(params.seed, params.stream, params.normals);
  RankInstance inst;
  inst.points = samplePoints(params.geometry, params.n, params.d, rng);
  inst.logits = selfAttentionLogits(params.geometry, inst.points, params.beta);
  inst.attention = rowSoftmax(inst.logits);
  return inst;
}

RankPoint rankPointOn(const RankInstance& inst, const RankPointParams& params) {
  RankPoint out;
  const SvdCertificate u1 = svdCertificate(inst.attention, params.eps, params.svd);
  out.kSvd = u1.k;
  out.svdError = u1.verifiedError;
  out.svdPath = u1.path;
  out.kCheb = -1;
  if (params.chebyshev) {
    const ChebCertificate u3 =
        chebyshevCertificate(inst.logits, dimensionRuleFor(params.geometry), params.d, params.eps);
    out.kCheb = u3.k;
    out.chebDegree = u3.degree;
    out.chebVacuous = u3.vacuous;
    out.chebError = u3.verifiedError;
  }
  if (params.lower) {
    out.lowerBounds =
        lowerBounds(inst.attention, u1.spectrum.sigma, u1.spectrum.frobeniusSq, &inst.points, params.beta, params.eps);
    out.lowerBound = out.lowerBounds.best;
  }
  return out;
}

RankPoint rankPoint(const RankPointParams& params) { return rankPointOn(makeRankInstance(params), params); }

double rankSlope(const std::vector<double>& betas, const std::vector<int>& ks, int n) {
  if (betas.size() != ks.size()) throw std::invalid_argument("rankSlope: betas and ks must have the same length");
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int m = 0;
  for (std::size_t i = 0; i < betas.size(); ++i) {
    const bool fitted = betas[i] == 8 || betas[i] == 16 || betas[i] == 32 || betas[i] == 64;
    if (!fitted || ks[i] <= 0 || ks[i] > n / 2.0) continue;
    const double x = std::log(betas[i]), y = std::log(static_cast<double>(ks[i]));
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    ++m;
  }
  if (m < 2) return std::nan("");
  return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

double rankPointBytes(int n, int d) {
  const double base = 8.0 * n * d + 2 * 8.0 * n * n;  // X, L, P
  return base + std::max({svdCertificateBytes(n, n), chebyshevCertificateBytes(n, n), lowerBoundsBytes(n, n)});
}

}  // namespace attnlab
