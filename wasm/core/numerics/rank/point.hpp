// SPDX-License-Identifier: Apache-2.0
// One point of a rank sweep (docs/theory/rank.md#experiments): a pure function of (geometry, d, n, beta, eps, seed,
// stream), so the platform can split sweeps over beta, n or eps into independent jobs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/lower_bounds.hpp"
#include "numerics/rank/svd_certificate.hpp"

namespace attnlab {

// The ranges and defaults of a rank point, one truth for the library (validateRankPointParams, the
// defaults below) and the rank experiments' schemas (rankParam, rank-n's list): tests/cpp/test_bounds.cpp.
inline constexpr int kRankMinD = 2, kRankMaxD = 16, kRankDefaultD = 3;
inline constexpr int kRankMinN = 8, kRankMaxN = 2048, kRankDefaultN = 256;
inline constexpr double kRankMaxBeta = 1e4, kRankDefaultBeta = 16, kRankDefaultEps = 0.1;

struct RankPointParams {
  Geometry geometry = Geometry::Sphere;
  int d = kRankDefaultD;           // [kRankMinD, kRankMaxD]
  int n = kRankDefaultN;           // [kRankMinN, kRankMaxN] (the lab's budget check comes from rankPointBytes)
  double beta = kRankDefaultBeta;  // (0, kRankMaxBeta], the whole inverse temperature (no 1/sqrt(d),
                                   // docs/theory/rank.md#definitions)
  double eps = kRankDefaultEps;    // (0, inf); eps >= 1 gives rank 0 (F1)
  std::uint64_t seed = 12345;      // the reference tables use 12345, stream 0 (docs/theory/rank.md#reference-tables)
  std::uint64_t stream = 0;
  NormalMethod normals = NormalMethod::Ziggurat;  // the tables: BoxMuller (docs/theory/rank.md#prng-ziggurat)
  SvdOptions svd;
  bool chebyshev = true;  // U3
  bool lower = true;      // the lower bounds
};

// Throws std::invalid_argument naming the parameter and its allowed range.
void validateRankPointParams(const RankPointParams& params);

struct RankInstance {
  RowMatrix points;     // X, n × d (self-attention: Q = K = X)
  RowMatrix logits;     // L (docs/theory/rank.md#prng; gauss includes the key log-weights)
  RowMatrix attention;  // P = softmax(L)
};
// Points from Rng(seed, stream) in order i = 0..n-1, exactly docs/theory/rank.md#prng.
RankInstance makeRankInstance(const RankPointParams& params);

struct RankPoint {
  int kSvd = 0;         // U1
  double svdError = 0;  // U1's recomputed max-row-l1 error (<= eps)
  std::string svdPath;  // "full" | "partial" | "none"
  int kCheb = 0;        // U3 (capped at n); -1 when not asked
  int chebDegree = -1;
  bool chebVacuous = false;
  double chebError = 0;     // U3's recomputed error
  LowerBounds lowerBounds;  // each by name
  int lowerBound = 0;       // their maximum
};

// k_svd, k_cheb and the lower bounds of one instance (a cell `k_svd / k_cheb / LB` of
// docs/theory/rank.md#reference-tables).
RankPoint rankPoint(const RankPointParams& params);
// The same on an instance already built (the ladder reuses it).
RankPoint rankPointOn(const RankInstance& instance, const RankPointParams& params);

// The slope of docs/theory/rank.md#sphere-law: least squares of ln k against ln beta over beta in {8, 16, 32, 64},
// keeping only points with k <= n/2; NaN with fewer than two such points. betas and ks are parallel.
double rankSlope(const std::vector<double>& betas, const std::vector<int>& ks, int n);

// Peak bytes of rankPoint: points, L, P, plus the largest of U1, U3 and the lower bounds.
double rankPointBytes(int n, int d);

}  // namespace attnlab
