// SPDX-License-Identifier: Apache-2.0
// Uploads as JSON (wasm/core/lab/inputs/json.cpp): the old Vitest cases (same files, same errors),
// the pattern rule, dense {"shape", "data"} and nested arrays, and nesting refused early.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "lab/inputs/parse_input.hpp"
#include "inputs_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {
ParseOutcome parse(const InputRule& rule, const std::string& text) {
  return parseInput(rule, "t.json", text, fixture::limits());
}
}  // namespace

TEST_CASE("JSON entries: {\"entries\": [[i, j, value], ...]}", "[inputs][json]") {
  const ParseOutcome out = parse(fixture::tripletRule(), R"({"entries": [[0, 1, 2.5], [3, 0, -1]]})");
  REQUIRE(out.ok);
  CHECK(out.array.values == std::vector<double>{0, 1, 2.5, 3, 0, -1});
  CHECK(out.array.shape == std::vector<std::int64_t>{4, 2});
}

TEST_CASE("JSON entries: an explicit size n gives the shape; the triplet adapter carries it as a zero at (n-1, n-1)",
          "[inputs][json]") {
  const ParseOutcome four = parse(fixture::tripletRule(), R"({"n": 4, "entries": [[0, 1, 2.5]]})");
  REQUIRE(four.ok);
  CHECK(four.array.shape == std::vector<std::int64_t>{4, 4});
  CHECK(patternTriplets(four.array) == std::vector<double>{0, 1, 2.5, 3, 3, 0});
  const ParseOutcome two = parse(fixture::tripletRule(), R"({"n": 2, "entries": [[0, 1, 2.5]]})");
  REQUIRE(two.ok);
  CHECK(patternTriplets(two.array) == std::vector<double>{0, 1, 2.5});
  CHECK_THAT(parse(fixture::tripletRule(), R"({"n": 1, "entries": [[0, 1, 2.5]]})").error,
             Contains("field n must be an integer at least 1 + the largest index (2)"));
  CHECK_THAT(parse(patternRule(), R"({"n": 4097, "entries": [[0, 1, 2.5]]})").error,
             Contains("field n = 4097 is above the largest allowed, 4096"));
  CHECK_THAT(parse(patternRule(), R"({"n": "4", "entries": [[0, 1, 2.5]]})").error,
             Contains("field n must be an integer"));
}

TEST_CASE("JSON entries: bad files are refused naming the entry or key", "[inputs][json]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"entries": [[0, 1, 2.5], [3, 0]]})", "entries[1]: expected [i, j, value]"},
      {R"({"entries": [[0, "a", 2.5]]})", "entries[0][1]: expected a finite number"},
      {R"({"entries": [[0, 1.5, 2.5]]})", "entries[0][1]: must be a whole number"},
      {R"({"rows": []})", "field entries"},
      {R"({"entries": []})", "field entries: is empty"},
      {R"({"entries": [[0, 1, 2])", "not valid JSON"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    const ParseOutcome out = parse(fixture::tripletRule(), text);
    CHECK_FALSE(out.ok);
    CHECK_THAT(out.error, Contains("upload: t.json: ") && Contains(message));
  }
  CHECK_THAT(parse(patternRule(), R"({"entries": [[0, 1, 2], [0, 1, 3]]})").error,
             Contains("entries[1]: entry (0, 1) repeats entries[0]"));
  CHECK_THAT(parse(patternRule(), R"({"entries": [[0, 1, -2]]})").error, Contains("entries[0][2]: -2 must be >= 0"));
  CHECK_THAT(parse(patternRule(), R"({"entries": [[0, 1, 2, 3]]})").error,
             Contains("entries[0]: expected [i, j, value]"));
  CHECK_THAT(parse(patternRule(), R"({"entries": [[0, 1, 2]], "entries": []})").error,
             Contains("key 'entries' appears twice"));
  CHECK_THAT(parse(patternRule(), R"({"entries": [[0, 0, 1e999]]})").error, Contains("not valid JSON"));
  CHECK_THAT(parse(patternRule(), R"("just a string")").error, Contains("expected an object or an array"));
  // Keys the parser does not know are skipped, whatever they hold.
  CHECK(parse(patternRule(), R"({"note": {"a": [1, [2, {"b": null}]]}, "entries": [[0, 0, 1]]})").ok);
}

TEST_CASE("JSON dense: {\"shape\", \"data\"} flat or nested, and bare nested arrays, rectangular", "[inputs][json]") {
  const InputRule q = fixture::denseRule(2, 4);
  const ParseOutcome flat = parse(q, R"({"shape": [2, 1, 3], "data": [1, 2, 3, 4, 5, 6]})");
  REQUIRE(flat.ok);
  CHECK(flat.array.shape == std::vector<std::int64_t>{2, 1, 3});
  CHECK(flat.array.values == std::vector<double>{1, 2, 3, 4, 5, 6});
  const ParseOutcome nested = parse(q, "[[1, 2, 3], [4, 5, 6]]");
  REQUIRE(nested.ok);
  CHECK(nested.array.shape == std::vector<std::int64_t>{2, 3});
  CHECK(nested.array.values == std::vector<double>{1, 2, 3, 4, 5, 6});
  CHECK_THAT(parse(q, "[[1, 2, 3], [4, 5]]").error,
             Contains("data[1]: expected 3 entries (as the first at this level), got 2"));
  CHECK_THAT(parse(q, "[[1, 2], [3, [4]]]").error, Contains("data[1, 1]: expected a number, got an array"));
  CHECK_THAT(parse(q, "[[1, 2], [3, NaN]]").error, Contains("not valid JSON"));
  // An empty array before the first number, one level deeper (found by libFuzzer: it read as shape (1, 2) with 1
  // number).
  CHECK_THAT(parse(q, "[[[], 2]]").error, Contains("data[0, 1]: expected an array, got a number"));
  CHECK_THAT(parse(q, "[[[]], [2]]").error, Contains("data[1, 0]: expected an array, got a number"));
  CHECK_THAT(parse(q, "[1, 2, 3]").error, Contains("expected an array of 2 to 4 dimensions, got 1-D"));
  CHECK_THAT(parse(q, R"({"shape": [4294967296, 4294967296], "data": [1, 2]})").error,
             Contains("field shape (4294967296, 4294967296) = 1.84467e+19 elements but data holds 2 numbers"));
  CHECK_THAT(parse(q, R"({"shape": [3, 2], "data": [[1, 2, 3], [4, 5, 6]]})").error,
             Contains("does not match the nesting of data (2, 3)"));
  CHECK_THAT(parse(q, R"({"entries": [[0, 0, 1]]})").error, Contains("q takes a dense array"));
  // Nesting deeper than the rule's rank is refused at the first bracket too many, not after reading it all.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK_THAT(parse(q, deep).error, Contains("data: nested deeper than 4 levels"));
  CHECK_THAT(parse(patternRule(), R"({"x": )" + deep + "}").error, Contains("nested more than 64 levels deep"));
}

TEST_CASE("JSON dense grid as a pattern: its nonzeros, the grid's shape authoritative", "[inputs][json]") {
  const ParseOutcome out = parse(patternRule(), "[[0, 2, 0], [0, 0, 0], [0, 0, 0]]");
  REQUIRE(out.ok);
  CHECK(out.array.shape == std::vector<std::int64_t>{3, 3});
  CHECK(out.array.values == std::vector<double>{0, 1, 2});
  CHECK(patternTriplets(out.array) == std::vector<double>{0, 1, 2, 2, 2, 0});
  CHECK_THAT(parse(patternRule(), "[[0, 0], [0, 0]]").error, Contains("the 2 × 2 array has no nonzero entry"));
  CHECK_THAT(parse(patternRule(), "[[0, 1, 0], [0, 0, 1]]").error, Contains("shape (2, 3) is not square"));
}
