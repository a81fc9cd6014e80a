// Parameter validation: every error names the parameter and its allowed range.
#include <catch2/catch.hpp>

#include "attnlab/params.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

TEST_CASE("numbers arrive as strings or numbers", "[params]") {
  Json p = {{"n", "512"}, {"beta", 2.5}, {"ns", "128,256"}, {"eps", Json::array({0.1, 0.2})}};
  ParamReader r(p);
  CHECK(r.integer("n", 1, 2, 4096) == 512);
  CHECK(r.real("beta", 0, 0, 10) == 2.5);
  CHECK(r.integerList("ns", {}, 8, 4096, 10) == std::vector<std::int64_t>{128, 256});
  CHECK(r.realList("eps", {}, 0, 1, 4) == std::vector<double>{0.1, 0.2});
  CHECK(r.integer("missing", 7, 0, 10) == 7);
}

TEST_CASE("out of range and malformed values name the parameter and range", "[params]") {
  Json p = {{"n", "5000"}, {"d", "abc"}, {"e", "1"}, {"g", "cube"}, {"ns", "1,x"}, {"k", "2.5"}};
  ParamReader r(p);
  CHECK_THROWS_WITH(r.integer("n", 1, 2, 4096), Contains("n must be an integer in [2, 4096]") && Contains("5000"));
  CHECK_THROWS_WITH(r.integer("d", 1, 1, 256), Contains("d must be an integer") && Contains("'abc'"));
  CHECK_THROWS_WITH(r.real("e", 0.5, 0, 1, false, true), Contains("e must be a number in [0, 1)"));
  CHECK_THROWS_WITH(r.choice("g", "sphere", {"sphere", "ball"}), Contains("g must be one of sphere | ball"));
  CHECK_THROWS_WITH(r.integerList("ns", {}, 1, 9, 3), Contains("ns must be a comma-separated list"));
  CHECK_THROWS_WITH(r.integer("k", 1, 1, 16), Contains("k must be an integer"));
}

TEST_CASE("non-finite and empty values are rejected", "[params]") {
  Json p = {{"a", "nan"}, {"b", "inf"}, {"c", ""}};
  ParamReader r(p);
  CHECK_THROWS_AS(r.real("a", 0, -1e9, 1e9), ParamError);
  CHECK_THROWS_AS(r.real("b", 0, -1e9, 1e9), ParamError);
  CHECK_THROWS_AS(r.real("c", 0, -1e9, 1e9), ParamError);
}

TEST_CASE("unknown keys are refused by name", "[params]") {
  Json p = {{"n", 4}, {"typo", 1}};
  ParamReader r(p);
  r.integer("n", 1, 1, 10);
  CHECK_THROWS_WITH(r.rejectUnknown(), Contains("unknown parameter 'typo'"));
}

TEST_CASE("memory budget refuses before allocating", "[params]") {
  CHECK_NOTHROW(requireMemory(1e6, 2e6, "x"));
  CHECK_THROWS_WITH(requireMemory(3e9, 1024.0 * 1024 * 1024, "big run"),
                    Contains("big run needs about") && Contains("budget"));
}
