// SPDX-License-Identifier: Apache-2.0
// Running an experiment through its contract in the Catch2 tests: a run that must succeed (and whose
// result must conform to the experiment's declared shape), and one that must be refused as bad input
// with an error naming what is wrong. Shared by the family tests.
#pragma once
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "attnlab/experiment.hpp"
#include "attnlab/result_shape.hpp"

namespace fixture {

inline attnlab::Json run(const std::string& id, const attnlab::Json& params, const attnlab::Inputs& inputs = {}) {
  const attnlab::Outcome out = attnlab::runExperiment(id, params, inputs, attnlab::Progress());
  INFO(id << " " << params.dump() << ": " << out.error);
  REQUIRE(out.ok);
  CHECK(attnlab::shapeMismatch(attnlab::findExperiment(id)->result, out.value) == "");
  return out.value;
}

inline void refused(const std::string& id, const attnlab::Json& params, const std::string& names,
                    const attnlab::Inputs& inputs = {}) {
  const attnlab::Outcome out = attnlab::runExperiment(id, params, inputs, attnlab::Progress());
  INFO(id << " " << params.dump() << " -> " << out.error);
  CHECK_FALSE(out.ok);
  CHECK(out.badInput);
  CHECK_THAT(out.error, Catch::Matchers::Contains(names));
}

// Cheap parameters for every experiment (a new experiment must add its own here): runs of a few
// milliseconds that still exercise every job of its plan.
inline std::map<std::string, attnlab::Json> cheapParams() {
  return {
      {"attention-map", {{"n", 40}}},
      {"sparse-approx", {{"n", 32}, {"d", 300}}},
      {"sparse-dmin", {{"ns", "16,32"}, {"seeds", 2}}},
      {"rmt-spectrum", {{"d", 60}}},
      {"rmt-transition", {{"d", 40}, {"mu2", "0.5,2"}, {"seeds", 2}}},
      {"rmt-weights", {{"d", 40}, {"sequences", 20}}},
      {"rmt-ridge", {{"d", 40}, {"mu2", "0.5"}, {"ntrain", 100}, {"ntest", 100}, {"seeds", 1}}},
      {"rmt-phase", attnlab::Json::object()},
      {"rank-beta", {{"n", 32}, {"betas", "2,8"}}},
      {"rank-n", {{"n", "16,32"}}},
      {"rank-eps", {{"n", 32}, {"eps", "0.2,0.1"}}},
      {"rank-ladder", {{"n", 32}, {"refit", "1"}}},
      {"rank-interaction", {{"source", "synthetic"}, {"n", 32}}},
      {"rank-zoo", {{"family", "broad"}, {"betaMults", "1"}}},
  };
}

}  // namespace fixture
