// SPDX-License-Identifier: Apache-2.0
// Running paper 3's experiments in the Catch2 tests (test_rank_experiments.cpp, test_rank_heads_experiments.cpp): a
// sweep's finished jobs, each run once, the check that combining them is order free, and uploaded Q, K stacks.
#pragma once
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "numerics/shared/rng.hpp"

namespace rank_fixture {

// The finished jobs of a sweep's plan, each run once, as combine reads them.
inline attnlab::Json finishedJobs(const std::string& id, const attnlab::Json& params,
                                  const attnlab::Inputs& inputs = {}) {
  const attnlab::Outcome planned = attnlab::planExperiment(id, params, inputs);
  REQUIRE(planned.ok);
  attnlab::Json finished = attnlab::Json::array();
  int index = 0;
  for (const auto& job : planned.value["jobs"]) {
    const attnlab::Outcome out = attnlab::runExperimentJob(id, job, inputs, attnlab::Progress());
    INFO(out.error);
    REQUIRE(out.ok);
    finished.push_back({{"index", index++}, {"result", out.value}});
  }
  return finished;
}

// Reversed and shuffled job orders combine to the same result.
inline void checkOrderFree(const std::string& id, const attnlab::Json& params, const attnlab::Json& finished,
                           const attnlab::Json& whole) {
  attnlab::Json reversed = attnlab::Json::array();
  for (auto it = finished.rbegin(); it != finished.rend(); ++it) reversed.push_back(*it);
  CHECK(attnlab::combineExperiment(id, params, reversed).value == whole);
  attnlab::Json shuffled = finished;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(11));
  CHECK(attnlab::combineExperiment(id, params, shuffled).value == whole);
}

// count standard normals of seed (Box–Muller).
inline std::vector<double> normals(int count, std::uint64_t seed) {
  attnlab::Rng rng(seed, attnlab::NormalMethod::BoxMuller);
  std::vector<double> x(count);
  for (double& v : x) v = rng.normal();
  return x;
}

// Q and K stacks of normals with the given shape, as uploads.
inline attnlab::Inputs qkInputs(std::vector<std::int64_t> shape, std::uint64_t seed = 3) {
  std::int64_t size = 1;
  for (auto s : shape) size *= s;
  return {{"q", attnlab::InputArray{shape, false, normals(static_cast<int>(size), seed)}},
          {"k", attnlab::InputArray{shape, false, normals(static_cast<int>(size), seed + 1)}}};
}

}  // namespace rank_fixture
