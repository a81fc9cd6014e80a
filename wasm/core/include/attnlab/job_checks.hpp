// The invariants an experiment states about one job's result (Experiment::checkJobResult), written as
// a chain that keeps the first problem: JobCheck(result, job.at).same("seedIndex").within("dmin", 1, cap).problem().
// Keys may be paths ("lowerBounds/LB-F"); a null value passes a range check (shapes say where null may be).
#pragma once
#include <string>

#include "attnlab/json.hpp"

namespace attnlab {

class JobCheck {
 public:
  JobCheck(const Json& result, const Json& at) : result_(result), at_(at) {}
  // result[key] equals the job's at[atKey] (atKey defaults to key): the result is this job's.
  JobCheck& same(const std::string& key, const std::string& atKey = "");
  // lo <= result[key] <= hi.
  JobCheck& within(const std::string& key, double lo, double hi);
  // result[low] <= result[high] (a lower bound below an upper certificate).
  JobCheck& ordered(const std::string& low, const std::string& high);
  JobCheck& require(bool holds, const std::string& problem);
  // "" when every check held, else the first problem ("result.dmin = -7 is outside [16, 16384]").
  const std::string& problem() const { return problem_; }

 private:
  const Json* find(const std::string& key) const;
  const Json& result_;
  const Json& at_;
  std::string problem_;
};

}  // namespace attnlab
