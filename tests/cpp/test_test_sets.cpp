// SPDX-License-Identifier: Apache-2.0
// The parameter sets each experiment declares beside its parameters (lab/experiment.hpp, declareTestSets): every
// test and bench runs them, so each must be a valid parameter set of its experiment, and each upload a fixture.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/schema.hpp"

#ifdef ATTNLAB_SOURCE_DIR
#include <fstream>
#endif

using attnlab::Json;

namespace {

// Every parameter object of an experiment's test sets, named by where it is ("memory[1]").
std::vector<std::pair<std::string, Json>> parameterSets(const Json& tests) {
  std::vector<std::pair<std::string, Json>> sets;
  for (const char* one : {"cheap", "view", "engine", "sharded"})
    if (tests.contains(one)) sets.emplace_back(one, tests[one]);
  if (tests.contains("showingData")) {
    Json shown = tests["cheap"];
    for (const auto& item : tests["showingData"].items()) shown[item.key()] = item.value();
    sets.emplace_back("showingData", shown);
  }
  for (const char* list : {"memory", "timing"})
    for (std::size_t i = 0; tests.contains(list) && i < tests[list].size(); ++i)
      sets.emplace_back(std::string(list) + "[" + std::to_string(i) + "]", tests[list][i]);
  for (std::size_t i = 0; tests.contains("reference") && i < tests["reference"].size(); ++i)
    sets.emplace_back("reference[" + std::to_string(i) + "]", tests["reference"][i].at("params"));
  return sets;
}

}  // namespace

TEST_CASE("every experiment's test sets are valid parameters of it", "[params][test-sets]") {
  for (const auto& e : attnlab::experiments()) {
    REQUIRE(e.tests.contains("cheap"));
    CHECK(e.tests.contains("memory"));
    CHECK(e.tests.contains("reference"));
    for (const auto& [where, params] : parameterSets(e.tests)) {
      INFO(e.id << " " << where << ": " << params.dump());
      CHECK_NOTHROW(attnlab::validate(e.params, params));
    }
  }
}

#ifdef ATTNLAB_SOURCE_DIR
TEST_CASE("every reference upload is a file under tests/fixtures/ naming one of the experiment's inputs",
          "[params][test-sets]") {
  for (const auto& e : attnlab::experiments()) {
    for (const auto& set : e.tests.value("reference", Json::array())) {
      if (!set.contains("upload")) continue;
      const auto file = set["upload"].at("file").get<std::string>();
      const auto input = set["upload"].at("input").get<std::string>();
      INFO(e.id << " " << set.at("label") << ": " << file);
      CHECK(file.rfind("tests/fixtures/", 0) == 0);
      CHECK(std::ifstream(std::string(ATTNLAB_SOURCE_DIR) + "/" + file).good());
      bool named = false;
      for (const auto& rule : e.inputs) named = named || rule.name == input;
      CHECK(named);
    }
  }
}
#endif
