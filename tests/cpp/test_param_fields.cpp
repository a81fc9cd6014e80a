// SPDX-License-Identifier: Apache-2.0
// Parameters declared as a struct (lab/param_fields.hpp): one list gives the schema validate() checks and
// the typed values an experiment reads; a field of the wrong type for its declaration, or a key declared
// twice, is refused when the list is built.
#include <catch2/catch.hpp>

#include "lab/param_fields.hpp"

using namespace attnlab;

namespace {

struct Shared : RunParams {  // a family's shared fields, read through a base struct
  std::string geometry;
};

struct Demo : Shared {
  Given<int> n;
  double beta = 0;
  bool causal = false;
  std::vector<double> betas;
  std::vector<std::int64_t> ns;
  std::int64_t big = 0;
};

const ParamList<Demo>& demo() {
  static const ParamList<Demo> list{
      {&Demo::n, ParamDecl::integer("n", 8, 2, 4096, "points")},
      {&Demo::geometry, ParamDecl::choice("geometry", "sphere", {"sphere", "ball"}, "geometry")},
      {&Demo::beta, ParamDecl::real("beta", 1, 0, 10, "temperature").openBelow()},
      {&Demo::causal, ParamDecl::choice("causal", "0", {"0", "1"}, "mask")},
      {&Demo::betas, ParamDecl::reals("betas", {1, 2}, 0, 100, 4, "temperatures")},
      {&Demo::ns, ParamDecl::integers("ns", {16}, 1, 4096, 3, "lengths")},
      {&Demo::big, ParamDecl::integer("big", 5, 0, 1000, "an int64")},
      {&Demo::budget, budgetParam()},
      {&Demo::seed, seedParam()},
      {&Demo::rng, rngParam()}};
  return list;
}

}  // namespace

TEST_CASE("param fields: the list is the schema, in declaration order", "[params][fields]") {
  std::vector<std::string> keys;
  for (const ParamDecl& d : demo().decls()) keys.push_back(d.key);
  CHECK(keys ==
        std::vector<std::string>{"n", "geometry", "beta", "causal", "betas", "ns", "big", "budget", "seed", "rng"});
  CHECK(paramJson(demo().decls()[2]) == paramJson(ParamDecl::real("beta", 1, 0, 10, "temperature").openBelow()));
}

TEST_CASE("param fields: validated values read into typed fields", "[params][fields]") {
  const Json given = {{"geometry", "ball"}, {"beta", "2.5"}, {"causal", 1},         {"betas", "3,4,5"},
                      {"ns", "8,32"},       {"seed", 7},     {"rng", "box-muller"}, {"budget", 2}};
  const Demo p = demo().read(validate(demo().decls(), given));
  CHECK(p.n.value == 8);
  CHECK_FALSE(p.n.given);
  CHECK(p.geometry == "ball");
  CHECK(p.beta == 2.5);
  CHECK(p.causal);
  CHECK(p.betas == std::vector<double>{3, 4, 5});
  CHECK(p.ns == std::vector<std::int64_t>{8, 32});
  CHECK(p.big == 5);
  CHECK(p.seed == 7);
  CHECK(p.rng == NormalMethod::BoxMuller);
  CHECK(p.budgetBytes() == 2.0 * 1024 * 1024);

  const Demo q = demo().read(validate(demo().decls(), {{"n", "64"}}));
  CHECK(q.n.value == 64);
  CHECK(q.n.given);
  CHECK_FALSE(q.causal);
  CHECK(q.rng == NormalMethod::Ziggurat);
}

TEST_CASE("param fields: a field of another kind or a repeated key is refused when the list is built",
          "[params][fields]") {
  using List = ParamList<Demo>;
  CHECK_THROWS_AS(List({{&Demo::beta, ParamDecl::choice("beta", "a", {"a", "b"}, "not a number")}}), std::logic_error);
  CHECK_THROWS_AS(List({{&Demo::causal, ParamDecl::choice("causal", "x", {"x", "y"}, "not 0 | 1")}}), std::logic_error);
  CHECK_THROWS_AS(List({{&Demo::ns, ParamDecl::reals("ns", {1.5}, 0, 2, 2, "not integers")}}), std::logic_error);
  CHECK_THROWS_AS(List({{&Demo::rng, ParamDecl::choice("rng", "a", {"a"}, "not rngParam")}}), std::logic_error);
  CHECK_THROWS_AS(List({{&Demo::beta, ParamDecl::real("beta", 1, 0, 2, "x")},
                        {&Demo::big, ParamDecl::integer("beta", 1, 0, 2, "x")}}),
                  std::logic_error);
}
