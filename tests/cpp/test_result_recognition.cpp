// How an opened result file is recognised (resultMismatches, what the page asks the core through its
// worker): every experiment's own result fits its own declared shape and no other experiment's, and a
// mismatch is named by its path, the declared type and what was found.
#include <catch2/catch.hpp>

#include "attnlab/experiment.hpp"
#include "attnlab/result_shape.hpp"
#include "experiment_fixture.hpp"

using attnlab::Json;

TEST_CASE("every experiment's result is recognised as that experiment and no other", "[shape]") {
  for (const auto& [id, params] : fixture::cheapParams()) {
    const Json mismatches = attnlab::resultMismatches(fixture::run(id, params));
    REQUIRE(mismatches.size() == attnlab::experiments().size());
    for (const auto& e : attnlab::experiments()) {
      INFO(id << " read as " << e.id << ": " << mismatches.at(e.id));
      CHECK((mismatches.at(e.id) == "") == (e.id == id));
    }
  }
}

TEST_CASE("a mismatch names the path, the declared type and the value found", "[shape]") {
  const Json shape = Json::parse(R"({"perN": [{"n": "int", "mean": "number|null", "dmin": "(int|null)[]"}],
                                     "fit": {"a": "number", "$nullable": true}})");
  const auto check = [&](const char* value) { return attnlab::shapeMismatch(shape, Json::parse(value)); };
  CHECK(check(R"({"perN": [{"n": 1, "mean": null, "dmin": [1, null]}], "fit": null})") == "");
  CHECK(check(R"({"perN": [{"n": 1, "mean": null, "dmin": []}], "fit": {"a": 2.5}})") == "");
  CHECK(check(R"({"perN": [{"n": 1.5, "mean": 1, "dmin": []}], "fit": null})") == "perN[0].n: expected int, got 1.5");
  CHECK(check(R"({"perN": [{"n": 1, "mean": "x", "dmin": []}], "fit": null})") == R"(perN[0].mean: expected number|null, got "x")");
  CHECK(check(R"({"perN": [{"n": 1, "mean": 1, "dmin": [0.5]}], "fit": null})") == "perN[0].dmin: expected (int|null)[], got [0.5]");
  CHECK(check(R"({"perN": [], "fit": 3})") == "fit: expected an object, got 3");
  CHECK(check(R"({"perN": []})") == "result.fit: missing");
  CHECK(check(R"({"perN": [], "fit": null, "extra": 1})") == "result.extra: not declared in the result shape");
  CHECK(check(R"({"perN": {}, "fit": null})") == "perN: expected an array, got {}");
  CHECK(check("[1]") == "result: expected an object, got [1]");
}
