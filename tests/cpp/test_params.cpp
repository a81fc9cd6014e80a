// SPDX-License-Identifier: Apache-2.0
// Parameter schemas: one declaration per parameter, validate() the only reader; every error names the
// parameter and its allowed range; results conform to their declared shapes.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "lab/experiment.hpp"
#include "lab/result_shape.hpp"
#include "experiment_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {
const std::vector<ParamDecl> kSchema = {
    ParamDecl::integer("n", 1, 2, 4096, "points"),
    ParamDecl::real("beta", 0, 0, 10, "temperature"),
    ParamDecl::real("e", 0.5, 0, 1, "open").openAbove(),
    ParamDecl::choice("g", "sphere", {"sphere", "ball"}, "geometry"),
    ParamDecl::integers("ns", {8}, 1, 4096, 3, "lengths"),
    ParamDecl::reals("eps", {0.1}, 0, 1, 4, "tolerances").openBelow(),
    seedParam(),
    budgetParam(),
};
}  // namespace

TEST_CASE("numbers arrive as strings or numbers; defaults fill the rest", "[params]") {
  const ParamValues v =
      validate(kSchema, {{"n", "512"}, {"beta", 2.5}, {"ns", "128,256"}, {"eps", Json::array({0.1, 0.2})}});
  CHECK(v.integer("n") == 512);
  CHECK(v.real("beta") == 2.5);
  CHECK(v.integers("ns") == std::vector<std::int64_t>{128, 256});
  CHECK(v.reals("eps") == std::vector<double>{0.1, 0.2});
  CHECK(v.choice("g") == "sphere");
  CHECK(v.seed() == 1);
  CHECK(v.budgetBytes() == 1024.0 * 1024 * 1024);
  CHECK(v.given("n"));
  CHECK_FALSE(v.given("g"));
  CHECK(validate(kSchema, Json::object()).json()["ns"] == Json::array({8}));
}

TEST_CASE("out of range and malformed values name the parameter and range", "[params]") {
  const auto fails = [](const Json& p, const std::string& text) {
    CHECK_THROWS_WITH(validate(kSchema, p), Contains(text));
  };
  fails({{"n", "5000"}}, "n must be an integer in [2, 4096], got '5000'");
  fails({{"n", 5000}}, "n must be an integer in [2, 4096], got 5000");
  fails({{"n", "abc"}}, "got 'abc'");
  fails({{"n", "2.5"}}, "n must be an integer");
  fails({{"e", "1"}}, "e must be a number in [0, 1)");
  fails({{"g", "cube"}}, "g must be one of sphere | ball");
  fails({{"ns", "1,x"}}, "ns must be a comma-separated list of 1 to 3 integers in [1, 4096], got 'x'");
  fails({{"ns", "1,2,3,4"}}, "ns must be a comma-separated list of 1 to 3");
  fails({{"eps", "0"}}, "eps must be a comma-separated list of 1 to 4 numbers in (0, 1]");
  fails({{"seed", "-1"}}, "seed must be an integer in [0, 9007199254740991]");
  fails({{"budget", "8000"}}, "budget must be a number in [1, 4000]");
}

TEST_CASE("one number syntax: plain decimal only, as the page accepts", "[params]") {
  for (const char* bad : {"0x10", "+16", " 16", "16 ", "16,", "", "1e999", "nan", "inf", "1_0", "١٦"}) {
    INFO(bad);
    CHECK_THROWS_AS(validate(kSchema, {{"n", bad}}), ParamError);
  }
  CHECK_THROWS_AS(validate(kSchema, {{"ns", "16,"}}), ParamError);
  CHECK_THROWS_AS(validate(kSchema, {{"ns", ",16"}}), ParamError);
  for (const char* good : {"16", "16.0", "1.6e1", "160e-1"}) CHECK(validate(kSchema, {{"n", good}}).integer("n") == 16);
  CHECK(validate(kSchema, {{"beta", ".5"}}).real("beta") == 0.5);
  CHECK(validate(kSchema, {{"beta", "-0"}}).real("beta") == 0.0);
}

TEST_CASE("unknown keys are refused by name; messages are one short line", "[params]") {
  CHECK_THROWS_WITH(validate(kSchema, {{"n", 4}, {"typo", 1}}), Contains("unknown parameter 'typo'"));
  const std::string huge(100000, 'x');
  try {
    validate(kSchema, {{"g", huge + "\nsecond line"}});
    FAIL("accepted");
  } catch (const ParamError& e) {
    const std::string message = e.what();
    CHECK(message.size() < 200);
    CHECK(message.find('\n') == std::string::npos);
  }
  try {
    validate(kSchema, {{huge, 1}});
    FAIL("accepted");
  } catch (const ParamError& e) {
    CHECK(std::string(e.what()).size() < 200);
  }
}

TEST_CASE("memory budget refuses before allocating", "[params]") {
  CHECK_NOTHROW(requireMemory(1e6, 2e6, "x"));
  CHECK_THROWS_WITH(requireMemory(3e9, 1024.0 * 1024 * 1024, "big run"),
                    Contains("big run needs about") && Contains("budget"));
}

TEST_CASE("every experiment declares seed and budget, valid defaults and help for every parameter",
          "[params][schema]") {
  for (const auto& e : experiments()) {
    INFO(e.id);
    std::set<std::string> keys;
    for (const auto& p : e.params) {
      INFO(p.key);
      CHECK(keys.insert(p.key).second);  // declared once
      CHECK_FALSE(p.help.empty());
      // Help says the thing itself and never cites internal documents (a section sign or a paper number after "spec").
      CHECK(p.help.find("spec "
                        "§") == std::string::npos);
      CHECK(p.help.find("spec "
                        "paper") == std::string::npos);
    }
    CHECK(keys.count("seed"));
    CHECK(keys.count("budget"));
    // Every default validates, so the defaults of the page, the headless runner and the CLI are one thing.
    Json defaults = Json::object();
    for (const auto& p : e.params) defaults[p.key] = p.defaultValue;
    CHECK(validate(e.params, defaults).json() == validate(e.params, Json::object()).json());
    const Json schema = experimentJson(e);
    CHECK(schema["params"].size() == e.params.size());
    CHECK(schema["singleJob"] == e.singleJob());
    CHECK_FALSE(helpTable(e.params).empty());
  }
}

TEST_CASE("the result-shape checker", "[params][schema]") {
  const Json shape = {{"n", "int"},
                      {"xs", "number[]"},
                      {"m", "number|null"},
                      {"p", Json::array({{{"a", "(int|null)[]"}}})},
                      {"fit", {{"b", "number"}, {"$nullable", true}}}};
  CHECK(shapeMismatch(shape, {{"n", 3},
                              {"xs", {1.5, 2}},
                              {"m", nullptr},
                              {"p", Json::array({{{"a", {1, nullptr}}}})},
                              {"fit", nullptr}}) == "");
  CHECK_THAT(
      shapeMismatch(shape, {{"n", 3.5}, {"xs", Json::array()}, {"m", 1}, {"p", Json::array()}, {"fit", nullptr}}),
      Contains("n: expected int"));
  CHECK_THAT(shapeMismatch(shape, {{"n", 3}, {"xs", Json::array()}, {"m", 1}, {"p", Json::array()}}),
             Contains("fit: missing"));
  CHECK_THAT(
      shapeMismatch(shape,
                    {{"n", 3}, {"xs", Json::array()}, {"m", 1}, {"p", Json::array()}, {"fit", nullptr}, {"extra", 1}}),
      Contains("extra: not declared"));
  CHECK_THAT(shapeMismatch(shape, {{"n", 3}, {"xs", {"a"}}, {"m", 1}, {"p", Json::array()}, {"fit", nullptr}}),
             Contains("xs: expected number[]"));
}

#ifndef ATTNLAB_WASM_TESTS
// The declared shapes are a public interface: changing one must be deliberate (update the fixture).
TEST_CASE("result shapes equal the pinned fixture", "[params][schema]") {
  std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/tests/fixtures/result-shapes.json");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const Json pinned = Json::parse(text.str());
  Json declared = Json::object();
  for (const auto& e : experiments()) declared[e.id] = e.result;
  CHECK(declared.dump(2) == pinned.dump(2));
}
#endif

// Cheap parameters per experiment: every experiment's result must conform to its declared shape.
TEST_CASE("every experiment's result conforms to its declared shape", "[params][schema]") {
  const std::map<std::string, attnlab::Json> cheap = fixture::cheapParams();
  for (const auto& e : experiments()) {
    INFO(e.id);
    const auto found = cheap.find(e.id);
    REQUIRE(found != cheap.end());  // its declared cheap set
    const Outcome out = runExperiment(e.id, found->second, {}, Progress());
    INFO(out.error);
    REQUIRE(out.ok);
    CHECK(shapeMismatch(e.result, out.value) == "");
  }
}
