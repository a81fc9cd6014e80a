// SPDX-License-Identifier: Apache-2.0
// The invariants an experiment states about one job's result (Experiment::checkJobResult), written as
// a chain that keeps the first problem: JobCheck(result, job.at).same("seedIndex").within("dmin", 1, cap).problem().
// Keys may be paths ("lowerBounds/LB-F") with "*" for every element of an array ("perN/*/dmin/*"); in ordered(),
// the high key's "*"s take the low key's indices in order ("perN/*/dmin/*" <= "perN/*/dcap"). A null value passes
// a range check (shapes say where null may be). The same chain judges a whole result (Experiment::checkResult).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "lab/json.hpp"

namespace attnlab {

// The largest squared cosine (overlap) a result may hold: 1, plus the rounding of a computed cosine.
constexpr double kOverlapMax = 1 + 1e-12;

class JobCheck {
 public:
  JobCheck(const Json& result, const Json& at) : result_(result), at_(at) {}
  // A whole result's check: no job coordinates.
  explicit JobCheck(const Json& result) : result_(result), at_(noCoordinates()) {}
  // result[key] equals the job's at[atKey] (atKey defaults to key): the result is this job's.
  JobCheck& same(const std::string& key, const std::string& atKey = "");
  // lo <= result[key] <= hi.
  JobCheck& within(const std::string& key, double lo, double hi);
  // result[low] <= result[high] (a lower bound below an upper certificate), up to `relative` × |result[high]|
  // for two values computed in floating point that may tie (an entropy at its maximum ln n).
  JobCheck& ordered(const std::string& low, const std::string& high, double relative = 0);
  JobCheck& require(bool holds, const std::string& problem);
  // "" when every check held, else the first problem ("result.dmin = -7 is outside [16, 16384]").
  const std::string& problem() const { return problem_; }

 private:
  static const Json& noCoordinates();
  const Json* find(const std::string& key) const;
  // The concrete keys a pattern names, each with the indices its "*"s took.
  std::vector<std::pair<std::string, std::vector<std::string>>> expand(const std::string& pattern) const;
  const Json& result_;
  const Json& at_;
  std::string problem_;
};

}  // namespace attnlab
