// SPDX-License-Identifier: Apache-2.0
// The upload parser against its measured failures (hostile uploads, and the parser's part of short messages):
// sizes that wrap around, claimed shapes bigger than the file or the budget (refused before any
// allocation, checked by counting what operator new is asked for), silent substitutions, and
// messages that stay one short line. Every case here crashed, hung or lied before.
#include <catch2/catch.hpp>
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/inputs/parse_input.hpp"
#include "lab/params.hpp"
#include "numerics/sparse/pattern.hpp"
#include "inputs_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using fixture::npy;
using fixture::npyRaw;
using namespace std::string_literals;

// The largest single request made to operator new since the last reset: a parse that refuses a
// claimed shape before allocating never asks for more than its messages need. Under AddressSanitizer
// its own operator new stays (it checks more); the size checks then rest on the messages alone.
#if defined(__SANITIZE_ADDRESS__)
#define ATTNLAB_COUNT_NEW 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ATTNLAB_COUNT_NEW 0
#endif
#endif
#ifndef ATTNLAB_COUNT_NEW
#define ATTNLAB_COUNT_NEW 1
#endif

namespace {
std::atomic<std::size_t> largestRequest{0};
void noteRequest(std::size_t size) {
  std::size_t seen = largestRequest.load();
  while (size > seen && !largestRequest.compare_exchange_weak(seen, size)) {
  }
}
}  // namespace

#if ATTNLAB_COUNT_NEW
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"  // malloc/free pairs below, on purpose
#endif
void* operator new(std::size_t size) {
  noteRequest(size);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#endif

namespace {
constexpr std::size_t kSmall = 64 * 1024;  // a refused file costs at most its message and header

ParseOutcome parseCounted(const InputRule& rule, const std::string& name, const std::string& bytes,
                          double budget = 1e9) {
  largestRequest = 0;
  return parseInput(rule, name, bytes, fixture::limits(budget));
}

InputRule unbounded(InputRule rule) {  // sides only bounded by what fits, to reach the size checks
  rule.maxSide = std::int64_t{1} << 62;
  return rule;
}
}  // namespace

TEST_CASE("wrapping sizes: a |u1 file claiming (2^32, 2^32) with 16 data bytes is refused before allocating",
          "[inputs][hardening]") {
  const std::string file = npyRaw(fixture::dictText("|u1", {1ull << 32, 1ull << 32}, false), std::string(16, '\1'));
  for (const InputRule& rule : {patternRule(), unbounded(patternRule()), unbounded(fixture::denseRule(2, 2))}) {
    const ParseOutcome out = parseCounted(rule, "data.npy", file);
    CHECK_FALSE(out.ok);
    CHECK(out.error.find(
              "data.npy: header claims shape (4294967296, 4294967296) = 1.84467e+19 elements of 1 byte but the "
              "file holds 16 bytes of data") != std::string::npos);
    CHECK(largestRequest < kSmall);
    CHECK(out.array.values.empty());
  }
  CHECK(parseCounted(patternRule(), "data.npy", file).error ==
        "pattern: data.npy: header claims shape (4294967296, 4294967296) = 1.84467e+19 elements of 1 byte but the file "
        "holds 16 bytes of data");
}

TEST_CASE("wrapping sizes: a <f8 file claiming (2^31, 2^31) is refused before allocating; so is (2^62, 4)",
          "[inputs][hardening]") {
  const std::string file = npyRaw(fixture::dictText("<f8", {1ull << 31, 1ull << 31}, false), std::string(64, '\0'));
  const ParseOutcome out = parseCounted(unbounded(fixture::denseRule(2, 2)), "big.npy", file);
  CHECK_THAT(out.error, Contains("header claims shape (2147483648, 2147483648) = 4.61169e+18 elements of 8 bytes but "
                                 "the file holds 64 bytes"));
  CHECK(largestRequest < kSmall);
  // The byte count (2^62 * 4 * 8) wraps a 64-bit size twice over: refused all the same.
  const std::string wraps = npyRaw(fixture::dictText("<f8", {1ull << 62, 4}, false), std::string(8, '\0'));
  CHECK_THAT(parseCounted(unbounded(fixture::denseRule(2, 2)), "w.npy", wraps).error,
             Contains("but the file holds 8 bytes of data"));
  CHECK(largestRequest < kSmall);
}

TEST_CASE("a shape that fits the file but not the budget is refused before allocating", "[inputs][hardening]") {
  // 512 x 512 float32 = 1 MiB on disk, 2 MiB as doubles: over a 1.5 MiB budget.
  const std::string file = npyRaw(fixture::dictText("<f4", {512, 512}, false), std::string(512 * 512 * 4, '\0'));
  const ParseOutcome out = parseCounted(fixture::denseRule(2, 2), "q.npy", file, 1.5 * 1024 * 1024);
  CHECK(out.error == "q: q.npy: shape (512, 512) needs about 2 MiB to read, above the memory budget of 1.5 MiB");
  CHECK(out.estimatedBytes == 2.0 * 1024 * 1024);
  CHECK(largestRequest < kSmall);
  CHECK(parseCounted(fixture::denseRule(2, 2), "q.npy", file, 2.0 * 1024 * 1024).ok);
  CHECK(estimateInputBytes(fixture::denseRule(2, 2), "q.npy", file) == 2.0 * 1024 * 1024);
  // Text files: the estimate bounds what is allocated (the values vector never grows past it).
  std::string csv;
  for (int i = 0; i < 2000; ++i) csv += std::to_string(i) + "," + std::to_string(i) + ",1\n";
  const ParseOutcome tight = parseCounted(patternRule(), "p.csv", csv, 1000);
  CHECK_THAT(tight.error, Contains("the file needs about"));
  CHECK(largestRequest < kSmall);
  const ParseOutcome fits = parseCounted(patternRule(), "p.csv", csv);
  REQUIRE(fits.ok);
  CHECK(largestRequest <= fits.estimatedBytes);
  CHECK(fits.array.shape == std::vector<std::int64_t>{2000, 2000});
}

TEST_CASE("oversized numbers: a shape with 30 digits is refused, not thrown", "[inputs][hardening]") {
  const std::string file =
      npyRaw("{'descr': '<f8', 'fortran_order': False, 'shape': (123456789012345678901234567890, 1), }", "");
  const ParseOutcome out = parseCounted(patternRule(), "s.npy", file);
  CHECK(out.error == "pattern: s.npy: header key 'shape' element 0 '123456789012345678901234567890' is too large");
  const std::string json = R"({"shape": [123456789012345678901234567890, 1], "data": [1]})";
  CHECK_THAT(parseCounted(fixture::denseRule(), "s.json", json).error,
             Contains("field shape[0] '123456789012345678901234567890' is too large"));
}

TEST_CASE("truncated files: a 10-byte version 2 file and truncated headers are refused", "[inputs][hardening]") {
  const std::string tenBytes = "\x93NUMPY\x02\x00\x76\x00"s;
  REQUIRE(tenBytes.size() == 10);
  CHECK(parseCounted(patternRule(), "v2.npy", tenBytes).error ==
        "pattern: v2.npy: truncated header: a version 2 file needs 12 bytes before its header, this one holds 10");
  const std::string full = npy("<f8", {2, 2}, {1, 0, 0, 1}, false, 2);
  for (std::size_t cut : {0, 5, 8, 11, 12, 40, 75}) {
    INFO(cut);
    CHECK_FALSE(parseCounted(patternRule(), "v2.npy", full.substr(0, cut)).ok);
  }
  CHECK_THAT(parseCounted(patternRule(), "v2.npy", full.substr(0, 40)).error,
             Contains("truncated header: it claims 116 bytes but 28 follow"));
  // A header length field of 4 GiB - 1 on a small file (no 32-bit wraparound when it is added to 12).
  CHECK_THAT(parseCounted(patternRule(), "v2.npy", "\x93NUMPY\x02\x00\xff\xff\xff\xff{}"s).error,
             Contains("truncated header: it claims 4294967295 bytes but 2 follow"));
  // Every prefix of a good file is refused with a message, none crashes (the corpus replay runs these under ASan).
  for (std::size_t cut = 0; cut < full.size(); ++cut)
    CHECK_FALSE(parseCounted(patternRule(), "v2.npy", full.substr(0, cut)).ok);
}

TEST_CASE("no silent substitution: the header's shape is the pattern's size, never silently replaced",
          "[inputs][hardening]") {
  // All zeros: refused (it used to run the sampled n = 256 pattern under the file's name).
  CHECK(parseCounted(patternRule(), "zero.npy", npy("<f8", {3, 3}, std::vector<double>(9, 0.0))).error ==
        "pattern: zero.npy: the 3 × 3 array has no nonzero entry (a pattern needs at least one)");
  // 4097 x 4097 with one nonzero: refused against n <= 4096 (it used to run as n = 1).
  std::string data(4097ull * 4097ull, '\0');
  data[0] = 1;
  const ParseOutcome tooBig =
      parseCounted(patternRule(), "big.npy", npyRaw(fixture::dictText("|u1", {4097, 4097}, false), data));
  CHECK(tooBig.error == "pattern: big.npy: shape (4097, 4097): n = 4097 is above the largest allowed, 4096");
  // 8 x 8 with empty trailing rows: n = 8 (it used to run as n = 4); the core then names the empty row.
  std::vector<double> eight(64, 0.0);
  for (int i = 0; i < 4; ++i) eight[i * 8 + i] = 1;
  const ParseOutcome out = parseCounted(patternRule(), "eight.npy", npy("<f8", {8, 8}, eight));
  REQUIRE(out.ok);
  CHECK(out.array.shape == std::vector<std::int64_t>{8, 8});
  const std::vector<double> triplets = patternTriplets(out.array);
  CHECK(triplets.size() == 15);
  CHECK_THROWS_WITH(patternFromTriplets(triplets, 1, 4096, false),
                    Contains("row 4 of the 8 × 8 pattern has no nonzero entry"));
  // Every row filled: an 8 x 8 pattern, whatever the position of the last nonzero.
  for (int i = 4; i < 8; ++i) eight[i * 8] = 2;
  CHECK(patternFromTriplets(patternTriplets(parseCounted(patternRule(), "e.npy", npy("<f8", {8, 8}, eight)).array), 1,
                            4096, false)
            .n == 8);
  // Negative weights in a pattern are refused on the element.
  CHECK_THAT(parseCounted(patternRule(), "neg.npy", npy("<f8", {2, 2}, {1, 0, -1, 1})).error,
             Contains("data[1, 0] = -1 is negative (pattern values must be >= 0)"));
  CHECK_THAT(parseCounted(patternRule(), "sq.npy", npy("<f8", {2, 3}, {1, 0, 0, 1, 0, 0})).error,
             Contains("shape (2, 3) is not square"));
  CHECK_THAT(parseCounted(patternRule(), "z.npy", npy("<f8", {0, 0}, {})).error,
             Contains("n = 0 is below the smallest allowed, 1"));
}

TEST_CASE("short messages (parser part): every message is one line of bounded length", "[inputs][hardening]") {
  const std::string junk(100000, 'x');
  const std::vector<std::pair<std::string, std::string>> files = {
      {"a.npy", npyRaw("{'descr': '" + junk + "\n" + junk + "', 'fortran_order': False, 'shape': (1, 1)}", "")},
      {"b.npy", npyRaw("{'descr': '<f8', 'fortran_order': False, 'shape': (" + junk + ")}", "")},
      {"c.json", R"({"entries": [[0, 0, ")" + junk + R"(\n"]]})"},
      {"d.json", "{\"entries\": [[0, 0, 1]] " + junk},
      {"e.csv", "0,0,1\n" + junk + "\n"},
      {std::string(300, 'n') + ".csv", "0,0,-1\n"},
      {"f.xlsx", "0,0,1\n"},
      {"g.json", R"({"entries": [[0, 0, 1]]})" + std::string("\x01\x02\n", 3)},
  };
  for (const auto& [name, bytes] : files) {
    const ParseOutcome out = parseCounted(patternRule(), name, bytes);
    INFO(out.error);
    CHECK_FALSE(out.ok);
    CHECK(out.error.size() < 300);
    CHECK(out.error.find('\n') == std::string::npos);
    CHECK(out.error.rfind("pattern: ", 0) == 0);
  }
  CHECK(parseCounted(patternRule(), "f.xlsx", "").error ==
        "pattern: f.xlsx: unsupported file type '.xlsx' (use .csv, .tsv, .txt, .npy or .json)");
  InputRule npyOnly = patternRule();
  npyOnly.formats = {"npy"};
  CHECK(parseCounted(npyOnly, "p.csv", "0,0,1\n").error == "pattern: p.csv: unsupported file type '.csv' (use .npy)");
}

TEST_CASE("limits: a file above maxFileBytes is refused unread; the parse never throws", "[inputs][hardening]") {
  InputLimits small = fixture::limits();
  small.maxFileBytes = 4;
  CHECK(parseInput(patternRule(), "p.csv", "0,0,1\n", small).error ==
        "pattern: p.csv: the file holds 6 bytes, above the limit of 4");
  // A budget of zero refuses everything that needs memory, with a message rather than an exception.
  CHECK_THAT(parseInput(patternRule(), "p.csv", "0,0,1\n", fixture::limits(0)).error,
             Contains("above the memory budget"));
}

TEST_CASE("rules describe themselves for schemas and help", "[inputs]") {
  const Json d = patternRule().describe();
  CHECK(d.dump() ==
        R"({"name":"pattern","kind":"sparse-pattern","minRank":2,"maxRank":2,"minSide":1,"maxSide":4096,"square":true,)"
        R"("nonNegative":true,"formats":["csv","tsv","txt","npy","json"]})");
  CHECK(fixture::denseRule(2, 4).describe()["maxRank"] == 4);
}

TEST_CASE("memory budget: the JSON lexer's copy of a long string is in the estimate; refused before it is made",
          "[inputs][hardening][budget]") {
  // A one-head qk bundle whose "name" is 6 MB: the lexer holds the string whole in a buffer that doubles
  // as it grows (up to 3 times the string at once), which the estimate did not count (one file size only).
  const std::string nameText(6'000'000, 'x');
  const std::string bundle = R"({"format": "qk", "name": ")" + nameText +
                             R"(", "q": [[1, 0], [0, 1], [1, 1]], "k": [[1, 0], [0, 1], [1, -1]]})";
  const double mib = 1024.0 * 1024.0;
  largestRequest = 0;
  const ParseOutcome refused = parseExperimentInput("rank-interaction", "q", "b.json", bundle, 12 * mib);
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.error,
             Contains("q: b.json: the file needs about") && Contains("above the memory budget of 12 MiB"));
  CHECK(refused.estimatedBytes >= static_cast<double>(bundle.size()) + 3.0 * nameText.size());
#if ATTNLAB_COUNT_NEW
  CHECK(largestRequest.load() < kSmall);  // refused before the lexer copied any of the string
#endif
  largestRequest = 0;
  const ParseOutcome read = parseExperimentInput("rank-interaction", "q", "b.json", bundle, 64 * mib);
  REQUIRE(read.ok);
  CHECK(read.array.values == std::vector<double>{1, 0, 0, 1, 1, 1});
#if ATTNLAB_COUNT_NEW
  CHECK(largestRequest.load() >= nameText.size());  // the copy the estimate now counts is real
  // Its growth holds the old buffer (half the largest request) beside the new one: 1.5 times it at once.
  CHECK(1.5 * static_cast<double>(largestRequest.load()) <= read.estimatedBytes);
#endif
  // Escapes are counted as written; the longest of keys and values decides.
  const std::string escaped =
      R"({"format": "qk", "k\"ey": ")" + std::string(3'000'000, 'y') + R"(\"\\", "q": [[1]], "k": [[1]]})";
  const ParseOutcome withEscapes = parseExperimentInput("rank-interaction", "q", "e.json", escaped, 64 * mib);
  REQUIRE(withEscapes.ok);
  CHECK(withEscapes.estimatedBytes >= static_cast<double>(escaped.size()) + 3.0 * 3'000'000);
}
