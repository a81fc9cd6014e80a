// SPDX-License-Identifier: Apache-2.0
// A result struct declared once with ATTNLAB_FIELDS: its shape and its JSON come from the one field list,
// in the order declared, and what it writes always has the shape it declares.
#include <catch2/catch.hpp>

#include "lab/result_fields.hpp"
#include "lab/result_shape.hpp"

using attnlab::Json;

namespace {

struct Stat {
  std::optional<double> mean;
  int n = 0;
};
ATTNLAB_FIELDS(Stat, mean, n)

struct Point {
  std::string name;
  std::vector<std::optional<int>> ranks;
  Eigen::VectorXd weights;
  std::optional<Stat> fit;
  std::vector<Stat> stats;
  bool capped = false;
  std::int64_t seed = 0;
};
ATTNLAB_FIELDS(Point, name, ranks, weights, fit, stats, capped, seed)

}  // namespace

TEST_CASE("result fields: the shape comes from the field list", "[result-shape]") {
  CHECK(attnlab::shapeOf<Stat>() == Json{{"mean", "number|null"}, {"n", "int"}});
  const Json point = attnlab::shapeOf<Point>();
  CHECK(point == Json{{"name", "string"},
                      {"ranks", "(int|null)[]"},
                      {"weights", "number[]"},
                      {"fit", {{"mean", "number|null"}, {"n", "int"}, {"$nullable", true}}},
                      {"stats", Json::array({{{"mean", "number|null"}, {"n", "int"}}})},
                      {"capped", "bool"},
                      {"seed", "int"}});
  CHECK(attnlab::shapeOf<std::vector<Point>>() == Json::array({point}));
  CHECK(attnlab::shapeOf<std::vector<std::string>>() == "string[]");
}

TEST_CASE("result fields: what a struct writes has the shape it declares", "[result-shape]") {
  Point p;
  p.name = "causal";
  p.ranks = {3, std::nullopt, 5};
  p.weights = Eigen::VectorXd::LinSpaced(3, 0.25, 0.75);
  p.stats = {Stat{1.5, 2}, Stat{std::nullopt, 0}};
  p.seed = 7;
  const Json written = attnlab::resultJson(p);
  CHECK(
      written.dump() ==
      R"({"name":"causal","ranks":[3,null,5],"weights":[0.25,0.5,0.75],"fit":null,"stats":[{"mean":1.5,"n":2},{"mean":null,"n":0}],"capped":false,"seed":7})");
  CHECK(attnlab::shapeMismatch(attnlab::shapeOf<Point>(), written) == "");
  p.fit = Stat{0.5, 1};
  CHECK(attnlab::resultJson(p)["fit"] == Json{{"mean", 0.5}, {"n", 1}});
  CHECK(attnlab::shapeMismatch(attnlab::shapeOf<Point>(), attnlab::resultJson(p)) == "");
}

namespace {

struct Bounds {
  int frobenius = 0;
  std::optional<int> pooled;
};
ATTNLAB_NAMED_FIELDS(Bounds, (frobenius, "LB-F"), (pooled, "LB-POOL"))

struct Index {
  int index = 0;
};
ATTNLAB_FIELDS(Index, index)

}  // namespace

TEST_CASE("result fields: named keys, joined structs, and reading a result back", "[result-shape]") {
  CHECK(attnlab::shapeOf<Bounds>() == Json{{"LB-F", "int"}, {"LB-POOL", "int|null"}});
  using Job = attnlab::Joined<Stat, Index>;  // Stat's fields, then Index's
  CHECK(attnlab::shapeOf<Job>().dump() == R"({"mean":"number|null","n":"int","index":"int"})");
  const Job job(Stat{2.5, 3}, Index{7});
  const Json written = attnlab::resultJson(job);
  CHECK(written.dump() == R"({"mean":2.5,"n":3,"index":7})");
  CHECK(attnlab::shapeMismatch(attnlab::shapeOf<Job>(), written) == "");

  // What a struct writes reads back to the same value, and writes the same bytes again.
  Point p;
  p.name = "sink";
  p.ranks = {1, std::nullopt};
  p.weights = Eigen::VectorXd::LinSpaced(2, 0.5, 1.0);
  p.fit = Stat{std::nullopt, 4};
  p.stats = {Stat{0.25, 1}};
  p.seed = 9007199254740991;
  const Json text = attnlab::resultJson(p);
  const Point back = attnlab::readResult<Point>(text);
  CHECK(back.ranks == p.ranks);
  CHECK(back.weights == p.weights);
  CHECK(back.seed == p.seed);
  CHECK(attnlab::resultJson(back).dump() == text.dump());
  CHECK(attnlab::resultJson(attnlab::readResult<Job>(written)).dump() == written.dump());
  CHECK(attnlab::resultJson(attnlab::readResult<Bounds>(Json{{"LB-F", 4}, {"LB-POOL", nullptr}})).dump() ==
        R"({"LB-F":4,"LB-POOL":null})");
  CHECK_THROWS(attnlab::readResult<Stat>(Json{{"mean", 1.0}}));  // a missing key
}
