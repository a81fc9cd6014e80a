// SPDX-License-Identifier: Apache-2.0
// Uploads as .npy (wasm/core/lab/inputs/npy.cpp): the old Vitest cases (same files, same errors),
// then versions, dtypes, Fortran order at every rank, and the header read as what it is.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "lab/inputs/parse_input.hpp"
#include "inputs_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using fixture::npy;
using namespace std::string_literals;

namespace {
ParseOutcome parse(const InputRule& rule, const std::string& bytes, const std::string& name = "t.npy") {
  return parseInput(rule, name, bytes, fixture::limits());
}
const std::vector<double> kDense = {1, 0, 2, 0, 0, 3};  // 2 x 3, row-major
const std::vector<double> kTriplets = {0, 0, 1, 0, 2, 2, 1, 2, 3};
}  // namespace

TEST_CASE(".npy: the nonzeros of a 2-D float64 array become triplets, row-major", "[inputs][npy]") {
  const ParseOutcome out = parse(fixture::tripletRule(), npy("<f8", {2, 3}, kDense));
  REQUIRE(out.ok);
  CHECK(out.array.sparse);
  CHECK(out.array.values == kTriplets);
  CHECK(out.array.shape == std::vector<std::int64_t>{2, 3});
}

TEST_CASE(".npy: float32, int32, format version 2 and Fortran order read the same", "[inputs][npy]") {
  CHECK(parse(fixture::tripletRule(), npy("<f4", {2, 3}, kDense)).array.values == kTriplets);
  CHECK(parse(fixture::tripletRule(), npy("<i4", {2, 3}, kDense)).array.values == kTriplets);
  CHECK(parse(fixture::tripletRule(), npy("<f8", {2, 3}, kDense, false, 2)).array.values == kTriplets);
  CHECK(parse(fixture::tripletRule(), npy("<f8", {2, 3}, kDense, false, 3)).array.values == kTriplets);
  const std::vector<double> columnMajor = {1, 0, 0, 0, 2, 3};  // the same matrix stored column by column
  CHECK(parse(fixture::tripletRule(), npy("<f8", {2, 3}, columnMajor, true)).array.values == kTriplets);
  for (const char* descr : {"<i8", "<u2", "|u1", "|i1"}) {
    INFO(descr);
    CHECK(parse(fixture::tripletRule(), npy(descr, {2, 3}, kDense)).array.values == kTriplets);
  }
  CHECK(parse(fixture::tripletRule(), npy("|b1", {2, 3}, {1, 0, 7, 0, 0, 1})).array.values ==
        std::vector<double>{0, 0, 1, 0, 2, 1, 1, 2, 1});
  CHECK(parse(fixture::tripletRule(), npy("|i1", {1, 2}, {-1, -128})).array.values ==
        std::vector<double>{0, 0, -1, 0, 1, -128});
}

TEST_CASE(".npy: float16 (1.0 = 0x3c00, -2.5 = 0xc100, subnormal 0x0001, inf 0x7c00 refused)", "[inputs][npy]") {
  CHECK(parse(fixture::tripletRule(), npy("<f2", {1, 2}, {0x3c00, 0xc100})).array.values ==
        std::vector<double>{0, 0, 1, 0, 1, -2.5});
  CHECK(parse(fixture::tripletRule(), npy("<f2", {1, 1}, {0x0001})).array.values == std::vector<double>{0, 0, 0x1p-24});
  CHECK_THAT(parse(fixture::tripletRule(), npy("<f2", {1, 2}, {0x3c00, 0x7c00})).error,
             Contains("data[0, 1] = inf is not a finite number"));
  CHECK_THAT(parse(fixture::tripletRule(), npy("<f2", {1, 2}, {0x7e00, 0})).error,
             Contains("data[0, 0] = nan is not a finite number"));
}

TEST_CASE(".npy: bad files are refused with a message naming the header key or element", "[inputs][npy]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {npy(">f8", {2, 3}, kDense), "big-endian"},
      {npy("|O", {2, 3}, kDense), "unsupported dtype"},
      {npy("<f8", {6}, kDense), "shape (6,): expected a 2-D array"},
      {npy("<f8", {2, 3}, {1, 0, HUGE_VAL, 0, 0, 3}), "data[0, 2] = inf is not a finite number"},
      {npy("<f8", {2, 3}, kDense).substr(0, 100), "truncated"},
      {"i,j,value\n", "not a .npy file"},
  };
  for (const auto& [bytes, message] : cases) {
    INFO(message);
    const ParseOutcome out = parse(fixture::tripletRule(), bytes);
    CHECK_FALSE(out.ok);
    CHECK_THAT(out.error, Contains("upload: t.npy: ") && Contains(message));
  }
  CHECK(parse(fixture::tripletRule(), npy(">f8", {2, 3}, kDense)).error ==
        "upload: t.npy: header key 'descr' '>f8': big-endian data is not supported (save as little-endian, '<f8')");
}

TEST_CASE(".npy dense: shapes of rank 2 to 4 in C and Fortran order come out row-major", "[inputs][npy]") {
  // A 2 x 3 x 2 array a[i][j][k] = 100 i + 10 j + k, written in both orders.
  std::vector<double> c, f;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) c.push_back(100 * i + 10 * j + k);
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 2; ++i) f.push_back(100 * i + 10 * j + k);
  const ParseOutcome fromC = parse(fixture::denseRule(), npy("<f8", {2, 3, 2}, c));
  const ParseOutcome fromF = parse(fixture::denseRule(), npy("<f4", {2, 3, 2}, f, true));
  REQUIRE(fromC.ok);
  REQUIRE(fromF.ok);
  CHECK_FALSE(fromC.array.sparse);
  CHECK(fromC.array.shape == std::vector<std::int64_t>{2, 3, 2});
  CHECK(fromC.array.values == c);
  CHECK(fromF.array.values == c);
  CHECK_THAT(parse(fixture::denseRule(2, 3), npy("<f8", {1, 1, 1, 1}, {1})).error,
             Contains("expected an array of 2 to 3 dimensions, got 4-D"));
  CHECK_THAT(parse(fixture::denseRule(2, 4), npy("<f8", {2, 2, 1}, {1, 2, 3, std::nan("")})).error,
             Contains("data[1, 1, 0] = nan is not a finite number"));
}

TEST_CASE(".npy header: read as the dict numpy writes, every key checked", "[inputs][npy]") {
  const std::string data8(8, '\0');
  const auto header = [&](const std::string& dict) {
    return parse(fixture::tripletRule(), fixture::npyRaw(dict, data8)).error;
  };
  CHECK_THAT(header("{'descr': '<f8', 'shape': (1, 1), }"), Contains("header has no key 'fortran_order'"));
  CHECK_THAT(header("{'descr': '<f8', 'fortran_order': False, }"), Contains("header has no key 'shape'"));
  CHECK_THAT(header("{'fortran_order': False, 'shape': (1, 1), }"), Contains("header has no key 'descr'"));
  CHECK_THAT(header("{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (1, 1)}"),
             Contains("header repeats key 'descr'"));
  CHECK_THAT(header("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1, 1)}"),
             Contains("header key 'fortran_order': expected True or False"));
  CHECK_THAT(header("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1, 1)}"),
             Contains("structured dtypes are not supported"));
  CHECK_THAT(header("{'descr': '<c16', 'fortran_order': False, 'shape': (1, 1)}"),
             Contains("header key 'descr' '<c16': unsupported dtype"));
  CHECK_THAT(header("{'descr': '<f8', 'fortran_order': False, 'shape': (1, -1)}"),
             Contains("header key 'shape' element 1: expected a whole number"));
  CHECK_THAT(header("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1), 'x': 1}"),
             Contains("header key 'x' is not one of"));
  CHECK_THAT(header("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1)} trailing"),
             Contains("unexpected text after the dict"));
  // Python 2's long suffix, and the header's spacing variants numpy has written over the years.
  CHECK(parse(fixture::tripletRule(),
              fixture::npyRaw("{'descr':'<f8','fortran_order':False,'shape':(1L, 1L)}", "\0\0\0\0\0\0\xf0\x3f"s))
            .ok);
  CHECK_THAT(parse(fixture::tripletRule(), "\x93NUMPY\x04\x00\x10\x00"s + std::string(16, ' ')).error,
             Contains("format version 4.0 is not supported"));
  CHECK_THAT(parse(fixture::tripletRule(), npy("<f8", {2, 3}, {1, 2, 3, 4, 5, 6, 7})).error,
             Contains("= 48 bytes but the file holds 56 bytes of data (wrong shape or trailing bytes)"));
}
