// SPDX-License-Identifier: Apache-2.0
// Paper 1 targets: the sampler's guarantees (docs/theory/sparse.md#dmin-experiment), uploads and their validation, B
// (docs/theory/sparse.md#build-b).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "lab/params.hpp"
#include "numerics/sparse/pattern.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {
std::vector<int> columnCounts(const SparsePattern& a) {
  std::vector<int> counts(a.n, 0);
  for (int j : a.cols) ++counts[j];
  return counts;
}
}  // namespace

TEST_CASE("sampled A has 1..k nonzeros in every row and at most k in every column", "[sparse][pattern]") {
  for (int n : {8, 50, 333})
    for (int k : {1, 2, 3, 8}) {
      Rng rng(7, static_cast<std::uint64_t>(n * 100 + k), NormalMethod::BoxMuller);
      const SparsePattern a = samplePattern(n, k, 4.0, false, rng);
      REQUIRE(a.n == n);
      for (int i = 0; i < n; ++i) {
        CHECK(a.rowSize(i) >= 1);
        CHECK(a.rowSize(i) <= k);
        for (int p = a.rowStart[i] + 1; p < a.rowStart[i + 1]; ++p) CHECK(a.cols[p - 1] < a.cols[p]);
      }
      for (int c : columnCounts(a)) CHECK(c <= k);
      CHECK(a.measuredK() <= k);
      // k permutations over n >> k columns almost never all collide: the bound is reached.
      if (n >= 50) CHECK(a.measuredK() == k);
    }
}

TEST_CASE("sampled weights are log-uniform in [1, gamma]: row log-range at most ln gamma", "[sparse][pattern]") {
  Rng rng(3, NormalMethod::BoxMuller);
  const SparsePattern a = samplePattern(400, 3, 10.0, false, rng);
  for (double v : a.values) {
    CHECK(v >= 1.0);
    CHECK(v <= 10.0);
  }
  CHECK(a.rho() <= std::log(10.0) + 1e-15);
  CHECK(a.rho() > 0.5 * std::log(10.0));  // 400 rows of 3 log-uniform weights spread out
  double meanLog = 0;
  for (double v : a.values) meanLog += std::log(v) / std::log(10.0);
  CHECK_THAT(meanLog / a.values.size(), WithinAbs(0.5, 0.05));  // u = ln w / ln gamma is uniform
  Rng flat(3, NormalMethod::BoxMuller);
  const SparsePattern ones = samplePattern(100, 2, 1.0, false, flat);
  for (double v : ones.values) CHECK(v == 1.0);
  CHECK(ones.rho() == 0.0);
}

TEST_CASE("causal A is lower triangular with a full diagonal and k-sparse rows and columns", "[sparse][pattern]") {
  for (int k : {1, 2, 4}) {
    Rng rng(11, static_cast<std::uint64_t>(k), NormalMethod::BoxMuller);
    const SparsePattern a = samplePattern(300, k, 2.0, true, rng);
    CHECK(a.lowerTriangular());
    int offDiagonal = 0;
    for (int i = 0; i < a.n; ++i) {
      bool diagonal = false;
      for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) {
        diagonal = diagonal || a.cols[p] == i;
        offDiagonal += a.cols[p] != i;
      }
      CHECK(diagonal);
      CHECK(a.rowSize(i) <= k);
    }
    for (int c : columnCounts(a)) CHECK(c <= k);
    if (k == 1)
      CHECK(offDiagonal == 0);
    else
      CHECK(offDiagonal > a.n / 2);  // the greedy sampler does add earlier columns
  }
  Rng rng(1, NormalMethod::BoxMuller);
  CHECK(samplePattern(10, 2, 2.0, false, rng).lowerTriangular() == false);
}

TEST_CASE("the same stream gives the same pattern", "[sparse][pattern]") {
  Rng r1(5, 9, NormalMethod::BoxMuller), r2(5, 9, NormalMethod::BoxMuller), r3(5, 10, NormalMethod::BoxMuller);
  const SparsePattern a = samplePattern(64, 2, 2.0, false, r1), b = samplePattern(64, 2, 2.0, false, r2),
                      c = samplePattern(64, 2, 2.0, false, r3);
  CHECK(a.cols == b.cols);
  CHECK(a.values == b.values);
  CHECK(a.values != c.values);
}

TEST_CASE("B keeps zeros at 0 and puts each row's smallest nonzero at Delta", "[sparse][pattern]") {
  const SparsePattern a = patternFromTriplets({0, 0, 2.0, 0, 2, 8.0, 1, 1, 5.0, 2, 0, 1.0}, 1, 4096, false);
  const std::vector<double> b = logOffsetValues(a, 1.5);
  REQUIRE(b.size() == 4);
  CHECK_THAT(b[0], WithinAbs(1.5, 1e-15));                  // A_00 = 2 is row 0's minimum
  CHECK_THAT(b[1], WithinAbs(1.5 + std::log(4.0), 1e-15));  // A_02 = 8 = 4 × min
  CHECK_THAT(b[2], WithinAbs(1.5, 1e-15));
  CHECK_THAT(b[3], WithinAbs(1.5, 1e-15));
  CHECK_THAT(a.rho(), WithinAbs(std::log(4.0), 1e-15));
  const std::vector<double> row = normalisedRow(a, 0);
  CHECK_THAT(row[0], WithinAbs(0.2, 1e-15));
  CHECK_THAT(row[2], WithinAbs(0.8, 1e-15));
  CHECK(row[1] == 0.0);
}

TEST_CASE("uploaded triplets: size from the largest index, zeros ignored, minimum size honoured", "[sparse][upload]") {
  const SparsePattern a = patternFromTriplets({0, 1, 1.0, 1, 0, 2.0, 2, 2, 3.0, 2, 1, 0.0}, 1, 4096, false);
  CHECK(a.n == 3);
  CHECK(a.nonzeros() == 3);
  CHECK(a.measuredK() == 1);
  CHECK_THROWS_WITH(patternFromTriplets({0, 0, 1.0, 1, 1, 1.0}, 4, 4096, false),
                    Contains("row 2 of the 4 × 4 pattern has no nonzero"));
}

TEST_CASE("upload validation names the triplet at fault", "[sparse][upload]") {
  const auto fails = [](const std::vector<double>& t, const std::string& text, bool causal = false) {
    CHECK_THROWS_WITH(patternFromTriplets(t, 1, 4096, causal), Contains(text));
  };
  fails({0, 0, 1, 1, 1}, "not a multiple of 3");
  fails({}, "no entries");
  fails({0, 0, 1, -1, 0, 1}, "upload triplet 2 (line 2): row index i = -1 must be an integer >= 0");
  fails({0, 0, 1, 1, 0.5, 1}, "upload triplet 2 (line 2): column index j = 0.5 must be an integer");
  fails({0, 0, 1, 1, 5000, 1}, "upload triplet 2 (line 2): column index j = 5000 is outside [0, 4096)");
  fails({0, 0, 1, 1, 1, 2, 2, 2, -3}, "upload triplet 3 (line 3): value -3 must be finite and >= 0");
  fails({0, 0, 1, 1, 1, std::nan("")}, "upload triplet 2 (line 2): value nan must be finite");
  fails({0, 0, 1, 1, 1, 1, 0, 0, 2}, "upload triplet 3 (line 3): entry (0, 0) repeats upload triplet 1");
  fails({0, 0, 1, 0, 1, 1, 1, 1, 1}, "upload triplet 2 (line 2): entry (0, 1) lies above the diagonal", true);
  fails({0, 0, 1, 2, 2, 1}, "row 1 of the 3 × 3 pattern has no nonzero");
  CHECK_NOTHROW(patternFromTriplets({0, 0, 1, 0, 1, 0.0, 1, 1, 1}, 1, 4096, true));  // an explicit zero is fine
}
