// SPDX-License-Identifier: Apache-2.0
// Paper 3's JSON head bundle (docs/theory/rank.md#head-inputs) through the one parser: each head input reads its
// own arrays (q, k; p for attention; l for logits), one head or a stacked heads list; the bundle's scale
// comes back with the parse; malformed bundles are refused naming where, and a bundle gives the same
// analysis as the same arrays in the plain form.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "lab/experiment.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {

constexpr double kBudget = 256.0 * 1024 * 1024;

ParseOutcome read(const std::string& input, const std::string& text, const std::string& id = "rank-interaction") {
  return parseExperimentInput(id, input, "bundle.json", text, kBudget);
}

// A deterministic matrix (rows × cols) as nested JSON rows, and its values row-major.
struct Matrix {
  std::string json;
  std::vector<double> values;
};
Matrix matrix(int rows, int cols, int salt) {
  Matrix m;
  m.json = "[";
  for (int i = 0; i < rows; ++i) {
    m.json += i ? ",[" : "[";
    for (int j = 0; j < cols; ++j) {
      const double x = std::round(1000.0 * std::sin(1.7 * (i * cols + j) + 0.37 * salt)) / 1000.0;
      m.values.push_back(x);
      m.json += (j ? "," : "") + Json(x).dump();
    }
    m.json += "]";
  }
  m.json += "]";
  return m;
}

std::string plain(const std::vector<std::int64_t>& shape, const std::vector<double>& values) {
  return Json{{"shape", shape}, {"data", values}}.dump();
}

}  // namespace

TEST_CASE("a one-head qk bundle gives Q to q and K to k, and its scale", "[inputs][bundle]") {
  const Matrix q = matrix(6, 4, 1), k = matrix(6, 4, 2);
  const std::string bundle = R"({"format": "qk", "name": "L3H7", "tokens": ["a", "b"], "q": )" + q.json +
                             R"(, "scale": 0.5, "k": )" + k.json + "}";
  const ParseOutcome pq = read("q", bundle), pk = read("k", bundle);
  REQUIRE(pq.ok);
  REQUIRE(pk.ok);
  CHECK(pq.array.shape == std::vector<std::int64_t>{6, 4});
  CHECK(pq.array.values == q.values);
  CHECK(pk.array.values == k.values);
  CHECK(pq.bundleScale == 0.5);
  const ParseOutcome pa = read("attention", bundle);
  CHECK_FALSE(pa.ok);
  CHECK(pa.absent);  // another input's file, not a broken one
  CHECK_THAT(pa.error, Contains("format is 'qk': it holds no attention"));
}

TEST_CASE("a heads list stacks every head's arrays in order: (H, n, d)", "[inputs][bundle]") {
  std::string heads;
  std::vector<double> qs, ks;
  for (int h = 0; h < 3; ++h) {
    const Matrix q = matrix(5, 3, 10 + h), k = matrix(5, 3, 20 + h);
    qs.insert(qs.end(), q.values.begin(), q.values.end());
    ks.insert(ks.end(), k.values.begin(), k.values.end());
    heads += std::string(h ? "," : "") + R"({"name": "H)" + std::to_string(h) + R"(", "k": )" + k.json + R"(, "q": )" +
             q.json + "}";
  }
  const std::string bundle = R"({"format": "qk", "heads": [)" + heads + "]}";
  const ParseOutcome pq = read("q", bundle), pk = read("k", bundle);
  REQUIRE(pq.ok);
  REQUIRE(pk.ok);
  CHECK(pq.array.shape == std::vector<std::int64_t>{3, 5, 3});
  CHECK(pq.array.values == qs);
  CHECK(pk.array.values == ks);
  CHECK(pq.bundleScale == 0);
}

TEST_CASE("attention and logits bundles read p and l; square matrices only", "[inputs][bundle]") {
  const std::string p = "[[0.25, 0.75], [0.5, 0.5]]";
  const ParseOutcome pa = read("attention", R"({"format": "attn", "p": )" + p + "}");
  REQUIRE(pa.ok);
  CHECK(pa.array.values == std::vector<double>{0.25, 0.75, 0.5, 0.5});
  const ParseOutcome pl =
      read("logits", R"({"format": "logits", "heads": [{"l": [[1, 2], [3, 4]]}, {"l": [[5, 6], [7, 8]]}]})");
  REQUIRE(pl.ok);
  CHECK(pl.array.shape == std::vector<std::int64_t>{2, 2, 2});
  CHECK_THAT(read("logits", R"({"format": "logits", "l": [[1, 2, 3], [4, 5, 6]]})").error, Contains("square"));
  const ParseOutcome q = read("q", R"({"format": "attn", "p": )" + p + "}");
  CHECK(q.absent);
  CHECK_THAT(q.error, Contains("format is 'attn': it holds no q"));
}

TEST_CASE("malformed bundles are refused naming where", "[inputs][bundle]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"q": [[1, 2]], "k": [[1, 2]]})", "has no format"},
      {R"({"format": "QK", "q": [[1]]})", "format: expected \"qk\", \"attn\" or \"logits\", got 'QK'"},
      {R"({"format": "qk", "q": [[1, 2], [3]]})", "q[1]: has 1 numbers, the rows before 2"},
      {R"({"format": "qk", "q": [[1, 2], [3, 4, 5]]})", "q[1, 2]: has more numbers than the rows before (2)"},
      {R"({"format": "qk", "q": [[1, "x"]]})", "q[0, 1]: expected a number, got the string 'x'"},
      {R"({"format": "qk", "q": [1, 2]})", "q[0]: expected an array of rows, got a number"},
      {R"({"format": "qk", "q": [[[1]]]})", "expected a number, got an array"},
      {R"({"format": "qk", "q": [[]]})", "is an empty row"},
      {R"({"format": "qk", "q": []})", "holds no rows"},
      {R"({"format": "qk", "q": [[1]], "heads": [{"q": [[1]]}]})", "not both"},
      {R"({"format": "qk", "heads": [{"q": [[1, 2]]}, {"k": [[1, 2]]}]})", "heads[1] has no \"q\" array"},
      {R"({"format": "qk", "heads": [{"q": [[1, 2]]}, {"q": [[1, 2], [3, 4]]}]})",
       "heads[1].q has shape (2, 2), the heads before (1, 2)"},
      {R"({"format": "qk", "heads": [{"q": [[1]], "q": [[2]]}]})", "heads[0]: key 'q' appears twice"},
      {R"({"format": "qk", "heads": [{"format": "attn", "q": [[1]]}]})",
       "heads[0].format 'attn' differs from the bundle's format 'qk'"},
      {R"({"format": "qk", "heads": [[1]]})", "heads[0]: expected an object, got an array"},
      {R"({"format": "qk", "heads": 3})", "heads: expected a list of head objects, got a number"},
      {R"({"format": "qk", "heads": []})", "heads list is empty"},
      {R"({"format": "qk", "scale": -1, "q": [[1]]})", "scale: expected a positive number, got -1"},
      {R"({"format": "qk", "q": [[1]]} trailing)", "not valid JSON"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    const ParseOutcome out = read("q", text);
    CHECK_FALSE(out.ok);
    CHECK_THAT(out.error, Contains("q: bundle.json: ") && Contains(message));
  }
  // Deep nesting inside a skipped field is bounded like everywhere else.
  CHECK_THAT(
      read("q", R"({"format": "qk", "tokens": )" + std::string(100, '[') + std::string(100, ']') + R"(, "q": [[1]]})")
          .error,
      Contains("nested more than 64 levels deep"));
}

TEST_CASE("every prefix of a bundle is refused, none crashes", "[inputs][bundle]") {
  const std::string bundle =
      R"({"format": "qk", "scale": 0.25, "heads": [{"name": "a", "q": [[1, 2], [3, 4]], "k": [[5, 6], [7, 8]]}, {"q": [[1, 2], [3, 4]], "k": [[5, 6], [7, 8]]}]})";
  REQUIRE(read("q", bundle).ok);
  for (std::size_t n = 0; n < bundle.size(); ++n) {
    INFO(bundle.substr(0, n));
    CHECK_FALSE(read("q", bundle.substr(0, n)).ok);
  }
}

TEST_CASE("the plain JSON forms still read for head inputs", "[inputs][bundle]") {
  CHECK(read("q", "[[1, 2], [3, 4]]").ok);
  const ParseOutcome out = read("q", R"({"shape": [2, 2], "data": [1, 2, 3, 4]})");
  REQUIRE(out.ok);
  CHECK(out.array.values == std::vector<double>{1, 2, 3, 4});
  CHECK_FALSE(read("q", R"({"shape": [2, 2], "data": [1, 2, 3, 4]})").absent);
}

TEST_CASE("a bundle gives the analysis of the same heads in the plain form", "[inputs][bundle][experiments]") {
  const int n = 24, d = 6;
  std::string heads;
  std::vector<double> qs, ks;
  for (int h = 0; h < 2; ++h) {
    const Matrix q = matrix(n, d, 30 + h), k = matrix(n, d, 40 + h);
    qs.insert(qs.end(), q.values.begin(), q.values.end());
    ks.insert(ks.end(), k.values.begin(), k.values.end());
    heads += std::string(h ? "," : "") + R"({"q": )" + q.json + R"(, "k": )" + k.json + "}";
  }
  const std::string bundle = R"({"format": "qk", "heads": [)" + heads + "]}";
  const auto inputsOf = [&](const std::string& qText, const std::string& kText) {
    Inputs in;
    const ParseOutcome pq = read("q", qText), pk = read("k", kText);
    REQUIRE(pq.ok);
    REQUIRE(pk.ok);
    in["q"] = pq.array;
    in["k"] = pk.array;
    return in;
  };
  const Inputs fromBundle = inputsOf(bundle, bundle);
  const Inputs fromPlain = inputsOf(plain({2, n, d}, qs), plain({2, n, d}, ks));
  const Json params = {{"head", 1}};
  const Outcome a = runExperiment("rank-interaction", params, fromBundle, Progress());
  const Outcome b = runExperiment("rank-interaction", params, fromPlain, Progress());
  INFO(a.error);
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  CHECK(a.value.dump() == b.value.dump());
  CHECK(a.value["head"]["heads"] == 2);
  const Outcome zoo = runExperiment("rank-zoo", {{"betaMults", "1,2"}}, fromBundle, Progress());
  INFO(zoo.error);
  REQUIRE(zoo.ok);
  CHECK(zoo.value["jobsTotal"] == 4);  // 2 heads × 2 temperatures
}
