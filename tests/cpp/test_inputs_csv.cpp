// SPDX-License-Identifier: Apache-2.0
// Uploads as text tables (wasm/core/lab/inputs/csv.cpp): the old Vitest cases of
// tests/web/upload-parse.test.ts (same files, same errors), the pattern rule, and dense tables.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "lab/inputs/parse_input.hpp"
#include "inputs_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {
ParseOutcome parse(const InputRule& rule, const std::string& text, const std::string& name = "t.csv") {
  return parseInput(rule, name, text, fixture::limits());
}
}  // namespace

TEST_CASE("CSV triplets: i,j,value rows, 0-based, with comments, blank lines, a header and other separators",
          "[inputs][csv]") {
  const std::string text = "# a pattern\ni,j,value\n0,0,1.5\n\n2, 1, -3e-2\n1;2;4\n3\t3\t1\n4 0 2\r\n";
  const ParseOutcome out = parse(fixture::tripletRule(), text);
  REQUIRE(out.ok);
  CHECK(out.array.sparse);
  CHECK(out.array.values == std::vector<double>{0, 0, 1.5, 2, 1, -0.03, 1, 2, 4, 3, 3, 1, 4, 0, 2});
  CHECK(out.array.shape == std::vector<std::int64_t>{5, 4});
  // The same file as a pattern: square (n = 5), and the negative weight is refused on its line.
  const ParseOutcome pattern = parse(patternRule(), text, "p.csv");
  REQUIRE_FALSE(pattern.ok);
  CHECK(pattern.error == "pattern: p.csv: line 5: field value '-3e-2' must be >= 0");
}

TEST_CASE("CSV triplets: bad rows are refused naming the line and field", "[inputs][csv]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"0,0,1\n1,x,2\n", "line 2: field j 'x' is not a finite number"},
      {"0,0,1\n1,1\n", "line 2: expected 3 fields"},
      {"0,0,1\n-1,0,2\n", "line 2: field i '-1' must be in"},
      {"0,0,1\n1.5,0,2\n", "line 2: field i '1.5' must be a whole number"},
      {"0,0,NaN\n", "line 1: field value 'NaN' is not a finite number"},
      {"0,0,abc\n", "line 1: field value 'abc'"},  // a bad first row is not mistaken for a header
      {"# only a comment\n", "no entries"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    const ParseOutcome out = parse(fixture::tripletRule(), text);
    CHECK_FALSE(out.ok);
    CHECK_THAT(out.error, StartsWith("upload: t.csv: ") && Contains(message));
    CHECK(out.array.values.empty());
  }
}

TEST_CASE("CSV pattern: n is 1 + the largest index, bounded by the rule; repeats and all-zero files refused",
          "[inputs][csv]") {
  const ParseOutcome ok = parse(patternRule(), "0,0,1\n2,1,3\n");
  REQUIRE(ok.ok);
  CHECK(ok.array.shape == std::vector<std::int64_t>{3, 3});
  CHECK(parse(patternRule(), "0,0,1\n4096,0,1\n").error ==
        "pattern: t.csv: line 2: field i '4096' must be in [0, 4096)");
  CHECK(parse(patternRule(), "i,j,v\n0,0,1\n1,1,1\n0,0,2\n").error ==
        "pattern: t.csv: line 4: entry (0, 0) repeats line 2");
  CHECK(parse(patternRule(), "0,0,0\n1,1,0\n").error ==
        "pattern: t.csv: the file has no nonzero entry (a pattern needs at least one)");
  CHECK_THAT(parse(patternRule(), "0,0,inf\n").error, Contains("line 1: field value 'inf' is not a finite number"));
  CHECK_THAT(parse(patternRule(), "0,0,1,\n").error, Contains("line 1: expected 3 fields (i, j, value), got 4"));
  CHECK_THAT(parse(patternRule(), "0,,1\n").error, Contains("line 1: field j '' is not a finite number"));
  CHECK_THAT(parse(patternRule(), "0x1,0,1\n").error, Contains("field i '0x1' is not a finite number"));
}

TEST_CASE("CSV dense: a 2-D numeric table with an optional header, rectangular", "[inputs][csv]") {
  const ParseOutcome out = parse(fixture::denseRule(2, 2), "a,b,c\n1,2,3\n# note\n4;5;6\n", "q.tsv");
  REQUIRE(out.ok);
  CHECK_FALSE(out.array.sparse);
  CHECK(out.array.shape == std::vector<std::int64_t>{2, 3});
  CHECK(out.array.values == std::vector<double>{1, 2, 3, 4, 5, 6});
  CHECK(parse(fixture::denseRule(2, 2), "1 2 3\n4 5\n", "q.txt").error ==
        "q: q.txt: line 2: expected 3 values (as line 1), got 2");
  CHECK(parse(fixture::denseRule(2, 2), "1 2\n3 nan\n").error ==
        "q: t.csv: line 2, column 2: 'nan' is not a finite number");
  CHECK_THAT(parse(fixture::denseRule(3, 4), "1 2\n3 4\n").error, Contains("a text table is 2-D but q needs 3"));
  CHECK_THAT(parse(fixture::denseRule(2, 2, 2), "1 2 3\n").error,
             Contains("dimension 1 = 3 is above the largest allowed, 2"));
}

TEST_CASE("CSV: messages stay on one line and cut long values", "[inputs][csv]") {
  const std::string longCell(100000, 'z');
  const ParseOutcome out = parse(patternRule(), "0,0,1\n0,1," + longCell + "\n");
  REQUIRE_FALSE(out.ok);
  CHECK(out.error.size() < 200);
  CHECK_THAT(out.error, Contains("line 2: field value 'zzz") && Contains("...'"));
  const ParseOutcome control = parse(patternRule(), std::string("0,0,1\n0,1,a\x01\x7f\n"));
  CHECK(control.error.find('\x7f') == std::string::npos);
  CHECK(control.error.find('\x01') == std::string::npos);
  CHECK_THAT(control.error, Contains("\\x01"));
}

TEST_CASE("CSV: a first row is a header only when none of its fields is a number; quoted fields read",
          "[inputs][csv][header]") {
  // A quoted numeric first row is data: the pattern keeps all three entries, with the first row's value.
  const ParseOutcome quoted = parse(patternRule(), "\"0\",\"0\",\"7\"\n\"1\",\"1\",\"2\"\n\"2\",\"0\",\"1\"\n");
  REQUIRE(quoted.ok);
  CHECK(quoted.array.values == std::vector<double>{0, 0, 7, 1, 1, 2, 2, 0, 1});
  CHECK(quoted.array.shape == std::vector<std::int64_t>{3, 3});
  // The same file unquoted gives the same array: quoting changes nothing.
  CHECK(parse(patternRule(), "0,0,7\n1,1,2\n2,0,1\n").array.values == quoted.array.values);
  // A quoted header of names is still a header; one number makes a row data (and then a bad row).
  const ParseOutcome named = parse(patternRule(), "\"i\",\"j\",\"value\"\n0,0,1\n");
  REQUIRE(named.ok);
  CHECK(named.array.values == std::vector<double>{0, 0, 1});
  CHECK_THAT(parse(patternRule(), "i,j,3\n0,0,1\n").error, Contains("line 1: field i 'i' is not a finite number"));
  CHECK_THAT(parse(patternRule(), "\"i\",\"j\",\"3\"\n0,0,1\n").error, Contains("line 1: field i 'i'"));
  // Dense tables: a quoted numeric first row is the first row of the matrix.
  const ParseOutcome dense = parse(fixture::denseRule(2, 2), "\"1\",\"2\",\"3\"\n4,5,6\n");
  REQUIRE(dense.ok);
  CHECK(dense.array.shape == std::vector<std::int64_t>{2, 3});
  CHECK(dense.array.values == std::vector<double>{1, 2, 3, 4, 5, 6});
  // A lone quote is no quoting: the field stays what it was and is refused.
  CHECK_THAT(parse(patternRule(), "0,0,\"1\n").error, Contains("field value '\"1'"));
}
