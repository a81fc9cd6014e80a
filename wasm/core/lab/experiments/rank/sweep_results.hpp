// SPDX-License-Identifier: Apache-2.0
// The results of rank-beta, rank-n and rank-eps (rank/experiment_sweep.cpp), declared once
// (lab/result_fields.hpp): a point is its swept value, then its certificates; a job's result is its
// point, then its index; the three sweeps differ in their swept key and in the fixed parameters they echo.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lab/experiments/rank/experiment_common.hpp"
#include "lab/result_fields.hpp"

namespace attnlab {

// A point's certificates (docs/theory/rank.md#certificates: LB <= k_eps <= upper = min(kSvd, kCheb)).
struct SweepCertificates {
  int kSvd = 0, kCheb = 0, lowerBound = 0;
  NamedLowerBounds lowerBounds;
  int upper = 0;
  std::optional<int> chebDegree;  // null when U3 is vacuous
  bool chebVacuous = false;
  std::string svdPath;
  double svdError = 0, chebError = 0;
};
ATTNLAB_FIELDS(SweepCertificates, kSvd, kCheb, lowerBound, lowerBounds, upper, chebDegree, chebVacuous, svdPath,
               svdError, chebError)

// The swept value, under its parameter's key.
struct SweptBeta {
  double beta = 0;
};
ATTNLAB_FIELDS(SweptBeta, beta)
struct SweptN {
  int n = 0;
};
ATTNLAB_FIELDS(SweptN, n)
struct SweptEps {
  double eps = 0;
};
ATTNLAB_FIELDS(SweptEps, eps)

inline double sweptValue(const SweptBeta& s) { return s.beta; }
inline double sweptValue(const SweptN& s) { return s.n; }
inline double sweptValue(const SweptEps& s) { return s.eps; }

struct JobIndex {
  int index = 0;
};
ATTNLAB_FIELDS(JobIndex, index)

template <class Swept>
using SweepPoint = Joined<Swept, SweepCertificates>;
template <class Swept>
using SweepJob = Joined<SweepPoint<Swept>, JobIndex>;

// A guide line of the plot: k against x (rank-beta: 1 + β).
struct Guide {
  std::string label;
  double slope = 0;
  std::vector<double> x, k;
};
ATTNLAB_FIELDS(Guide, label, slope, x, k)

// The fitted log-log slopes over β = 8-64 (docs/theory/rank.md#sphere-law), null below two usable points.
struct Slopes {
  std::optional<double> kSvd, lowerBound;
};
ATTNLAB_FIELDS(Slopes, kSvd, lowerBound)

struct BetaSweep {
  std::vector<SweepPoint<SweptBeta>> points;  // ascending in the swept value
  Slopes slope;
  std::optional<double> predictedSlope;  // (d−1)/2 on the sphere, d/2 for the lift, none for the ball
  std::vector<Guide> guides;
  std::string geometry;
  int d = 0, n = 0;
  double eps = 0;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(BetaSweep, points, slope, predictedSlope, guides, geometry, d, n, eps, jobsDone, jobsTotal)

struct NSweep {
  std::vector<SweepPoint<SweptN>> points;
  std::vector<Guide> guides;
  std::string geometry;
  int d = 0;
  double beta = 0, eps = 0;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(NSweep, points, guides, geometry, d, beta, eps, jobsDone, jobsTotal)

struct EpsSweep {
  std::vector<SweepPoint<SweptEps>> points;
  std::vector<Guide> guides;
  std::string geometry;
  int d = 0, n = 0;
  double beta = 0;
  std::int64_t jobsDone = 0, jobsTotal = 0;
};
ATTNLAB_FIELDS(EpsSweep, points, guides, geometry, d, n, beta, jobsDone, jobsTotal)

}  // namespace attnlab
