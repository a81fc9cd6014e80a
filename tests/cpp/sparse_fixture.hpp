// SPDX-License-Identifier: Apache-2.0
// Running paper 1's experiments in the Catch2 tests (test_sparse_approx.cpp, test_sparse_dmin.cpp): a run
// that must succeed, one that must fail naming what is wrong, both optionally with an uploaded pattern.
#pragma once
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "lab/experiment.hpp"

namespace sparse_fixture {

// Triplets as the input parser returns a CSV pattern: n is one more than the largest index.
inline attnlab::Inputs patternInputs(const std::vector<double>& t) {
  if (t.empty()) return {};
  double largest = 0;
  for (std::size_t q = 0; q + 2 < t.size(); q += 3) largest = std::max({largest, t[q], t[q + 1]});
  const auto n = static_cast<std::int64_t>(largest) + 1;
  return {{"pattern", attnlab::InputArray{{n, n}, true, t}}};
}

inline attnlab::Json run(const std::string& id, const attnlab::Json& params, const std::vector<double>& upload = {}) {
  const attnlab::Outcome out = attnlab::runExperiment(id, params, patternInputs(upload), attnlab::Progress());
  INFO(out.error);
  REQUIRE(out.ok);
  return out.value;
}

inline void fails(const std::string& id, const attnlab::Json& params, const std::string& text,
                  const std::vector<double>& upload = {}) {
  const attnlab::Outcome out = attnlab::runExperiment(id, params, patternInputs(upload), attnlab::Progress());
  CHECK_FALSE(out.ok);
  CHECK_THAT(out.error, Catch::Matchers::Contains(text));
}

}  // namespace sparse_fixture
