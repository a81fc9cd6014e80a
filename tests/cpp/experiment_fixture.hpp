// SPDX-License-Identifier: Apache-2.0
// Running an experiment through its contract in the Catch2 tests: a run that must succeed (and whose
// result must conform to the experiment's declared shape), and one that must be refused as bad input
// with an error naming what is wrong. Shared by the family tests.
#pragma once
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "lab/experiment.hpp"
#include "lab/result_shape.hpp"

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

// Cheap parameters of every experiment, by id: the `cheap` set each declares beside its parameters
// (lab/experiment.hpp, declareTestSets): runs of a few milliseconds that still exercise every job of its plan.
inline std::map<std::string, attnlab::Json> cheapParams() {
  std::map<std::string, attnlab::Json> cheap;
  for (const auto& e : attnlab::experiments()) cheap[e.id] = e.tests.at("cheap");
  return cheap;
}

}  // namespace fixture
