// SPDX-License-Identifier: Apache-2.0
// How an opened result file is recognised (resultMismatches, what the page asks the core through its
// worker): every experiment's own result fits its own declared shape and no other experiment's, and a
// mismatch is named by its path, the declared type and what was found.
#include <catch2/catch.hpp>

#include <string>

#include "lab/experiment.hpp"
#include "lab/result_shape.hpp"
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
  const auto check = [&](const std::string& value) { return attnlab::shapeMismatch(shape, Json::parse(value)); };
  CHECK(check(R"({"perN": [{"n": 1, "mean": null, "dmin": [1, null]}], "fit": null})") == "");
  CHECK(check(R"({"perN": [{"n": 1, "mean": null, "dmin": []}], "fit": {"a": 2.5}})") == "");
  CHECK(check(R"({"perN": [{"n": 1.5, "mean": 1, "dmin": []}], "fit": null})") == "perN[0].n: expected int, got 1.5");
  CHECK(check(R"({"perN": [{"n": 1, "mean": "x", "dmin": []}], "fit": null})") ==
        R"(perN[0].mean: expected number|null, got "x")");
  CHECK(check(R"({"perN": [{"n": 1, "mean": 1, "dmin": [0.5]}], "fit": null})") ==
        "perN[0].dmin: expected (int|null)[], got [0.5]");
  CHECK(check(R"({"perN": [], "fit": 3})") == "fit: expected an object, got 3");
  CHECK(check(R"({"perN": []})") == "result.fit: missing");
  CHECK(check(R"({"perN": [], "fit": null, "extra": 1})") == "result.extra: not declared in the result shape");
  // The file's own keys and values stay on one line, bounded, cut on a character boundary.
  CHECK(check(R"({"perN": [], "fit": null, "evil\nsecond line": 1})") ==
        "result.evil\\x0asecond line: not declared in the result shape");
  CHECK(check(R"({"perN": [], "fit": null, ")" + std::string(100000, 'k') + R"(": 1})") ==
        "result." + std::string(60, 'k') + "...: not declared in the result shape");
  std::string e;  // 40 × "é": the value's text is 83 bytes, and byte 57 falls inside a character
  for (int i = 0; i < 40; ++i) e += "\xc3\xa9";
  CHECK(check(R"({"perN": [{"n": "x)" + e + R"("}], "fit": null})") ==
        "perN[0].n: expected int, got \"x" + e.substr(0, 54) + "...");
  CHECK(check(R"({"perN": {}, "fit": null})") == "perN: expected an array, got {}");
  CHECK(check("[1]") == "result: expected an object, got [1]");
}

TEST_CASE("an opened result is judged by its experiment's result checks, naming the value at fault", "[shape]") {
  // The values of a sparse-dmin result that combine's shard checks refuse, in a file that fits the shape.
  Json dmin = fixture::run("sparse-dmin", fixture::cheapParams().at("sparse-dmin"));
  Json bad = dmin;
  bad["perN"][0]["n"] = 1e308;
  CHECK(attnlab::resultMismatches(bad).at("sparse-dmin") == "result.perN[0].n = 1e+308 is outside [1, 4096]");
  bad = dmin;
  bad["perN"][0]["dmin"] = Json::array({-5, 1e300});
  CHECK(attnlab::resultMismatches(bad).at("sparse-dmin") == "result.perN[0].dmin[0] = -5 is outside [1, 16384]");
  bad = dmin;
  bad["curves"][0]["perN"][1]["dcap"] = 8;  // below every d_min of the scan
  CHECK_THAT(attnlab::resultMismatches(bad).at("sparse-dmin"),
             Catch::Matchers::StartsWith("result.curves[0].perN[1].dmin[0] = ") &&
                 Catch::Matchers::EndsWith("is above result.curves[0].perN[1].dcap = 8"));

  // One value out of its range in each experiment's result (the corrupt set it declares beside its parameters, a
  // path and a value): refused by that experiment's checks.
  for (const auto& e : attnlab::experiments()) {
    if (!e.tests.contains("corrupt")) continue;
    const std::string id = e.id, pointer = e.tests["corrupt"].at("pointer").get<std::string>();
    const Json value = e.tests["corrupt"].at("value");
    Json result = fixture::run(id, fixture::cheapParams().at(id));
    REQUIRE(attnlab::resultMismatches(result).at(id) == "");
    REQUIRE(result.contains(Json::json_pointer(pointer)));  // a value it has, not a key added
    result[Json::json_pointer(pointer)] = value;
    const std::string problem = attnlab::resultMismatches(result).at(id);
    INFO(id << " with " << pointer << " = " << value.dump() << ": " << problem);
    CHECK_THAT(problem, Catch::Matchers::StartsWith("result."));
  }
}
