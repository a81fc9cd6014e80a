// SPDX-License-Identifier: Apache-2.0
// attention-map: invariants of P = row-softmax(beta X X^T) and its summaries.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "lab/experiments/attention_map.hpp"
#include "numerics/shared/geometry.hpp"
#include "numerics/kernels/softmax.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {
struct AttentionMapParams {
  int n = 256, d = 3;
  std::string geometry = "sphere";
  double beta = 8;
  bool causal = false;
  std::uint64_t seed = 1;
  NormalMethod normals = NormalMethod::Ziggurat;  // the experiment's default rng
};

RowMatrix attentionFor(const AttentionMapParams& p) {
  Rng rng(p.seed, p.normals);
  const Geometry g = parseGeometry(p.geometry);
  RowMatrix a = selfAttentionLogits(g, samplePoints(g, p.n, p.d, rng), p.beta);
  rowSoftmaxInPlace(a, p.causal);
  return a;
}
Json run(const Json& params) {
  const Outcome out = runExperiment("attention-map", params, {}, Progress());
  INFO(out.error);
  REQUIRE(out.ok);
  return out.value;
}
}  // namespace

TEST_CASE("rows of P sum to 1 and are nonnegative in every geometry", "[attention-map]") {
  for (const char* g : {"sphere", "ball", "gauss"}) {
    AttentionMapParams p;
    p.n = 120;
    p.d = 4;
    p.geometry = g;
    p.beta = 30;
    const RowMatrix a = attentionFor(p);
    CHECK(a.minCoeff() >= 0);
    CHECK((a.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12);
  }
  const Json r = run({{"n", 200}, {"beta", 50}});
  CHECK(r["rowSumError"].get<double>() < 1e-12);
}

TEST_CASE("causal rows are exactly zero above the diagonal", "[attention-map]") {
  AttentionMapParams p;
  p.n = 64;
  p.causal = true;
  p.beta = 5;
  const RowMatrix a = attentionFor(p);
  for (int i = 0; i < p.n; ++i)
    for (int j = i + 1; j < p.n; ++j) REQUIRE(a(i, j) == 0.0);
  CHECK(a(0, 0) == 1.0);
  CHECK((a.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12);
}

TEST_CASE("beta = 0 gives uniform rows, entropy ln n and effective rank 1", "[attention-map]") {
  const Json r = run({{"n", 50}, {"beta", 0}});
  for (double h : r["rowEntropy"]) CHECK_THAT(h, WithinRel(std::log(50.0), 1e-12));
  CHECK_THAT(r["singularValues"][0].get<double>(), WithinRel(1.0, 1e-12));  // P = 11^T/n has sigma_1 = 1
  CHECK(r["singularValues"][1].get<double>() < 1e-12);
  CHECK_THAT(r["effectiveRank"].get<double>(), WithinAbs(1.0, 1e-9));
  const Json causal = run({{"n", 8}, {"beta", 0}, {"causal", "1"}, {"order", "sample"}});
  for (int i = 0; i < 8; ++i) CHECK_THAT(causal["rowEntropy"][i].get<double>(), WithinAbs(std::log(i + 1.0), 1e-12));
}

TEST_CASE("singular values equal a direct Eigen SVD with vectors", "[attention-map]") {
  AttentionMapParams p;
  p.n = 90;
  p.d = 3;
  p.beta = 12;
  p.geometry = "ball";
  p.seed = 5;
  const RowMatrix a = attentionFor(p);
  Eigen::JacobiSVD<Eigen::MatrixXd> direct(a, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Json r = run({{"n", 90}, {"d", 3}, {"beta", 12}, {"geometry", "ball"}, {"seed", 5}, {"order", "sample"}});
  const auto& sv = r["singularValues"];
  REQUIRE(sv.size() == 90);
  for (int k = 0; k < 90; ++k) CHECK_THAT(sv[k].get<double>(), WithinAbs(direct.singularValues()(k), 1e-12));
  // Frobenius identity: sum sigma^2 = ||P||_F^2.
  double s2 = 0;
  for (const auto& s : sv) s2 += s.get<double>() * s.get<double>();
  CHECK_THAT(s2, WithinRel(a.squaredNorm(), 1e-12));
}

TEST_CASE("large beta on the sphere approaches the identity", "[attention-map]") {
  const Json r = run({{"n", 40}, {"d", 8}, {"beta", 1000}});
  CHECK(r["effectiveRank"].get<double>() > 39);
  for (double h : r["rowEntropy"]) CHECK(h < 1e-3);
}

TEST_CASE("effective rank of known spectra", "[attention-map]") {
  CHECK_THAT(effectiveRank({1, 1, 1, 1}), WithinRel(4.0, 1e-14));
  CHECK_THAT(effectiveRank({2, 0, 0}), WithinRel(1.0, 1e-14));
  CHECK(effectiveRank({}) == 0);
}

TEST_CASE("heatmap downsampling keeps the largest |x| in each block", "[attention-map]") {
  RowMatrix m = RowMatrix::Zero(10, 10);
  m(3, 7) = -5;
  m(9, 9) = 2;
  const Grid g = downsampleMaxAbs(m, 4);  // blocks of 3 -> 4x4 cells
  CHECK(g.rows == 4);
  CHECK(g.cols == 4);
  CHECK(g.data[1 * 4 + 2] == -5);
  CHECK(g.data[3 * 4 + 3] == 2);
  const Json r = run({{"n", 300}, {"px", 100}});
  CHECK(r["heatmap"]["rows"] == 100);
}

TEST_CASE("same seed, same numbers; different seed, different numbers", "[attention-map]") {
  const Json a = run({{"n", 30}, {"seed", 3}}), b = run({{"n", 30}, {"seed", 3}}), c = run({{"n", 30}, {"seed", 4}});
  CHECK(a == b);
  CHECK(a["singularValues"] != c["singularValues"]);
}

TEST_CASE("bad input is an error value naming the parameter", "[attention-map]") {
  const auto fails = [](const Json& params, const std::string& text) {
    const Outcome out = runExperiment("attention-map", params, {}, Progress());
    CHECK_FALSE(out.ok);
    CHECK(out.badInput);
    CHECK_THAT(out.error, Contains(text));
  };
  fails({{"n", 1}}, "n must be an integer in [2, 4096]");
  fails({{"beta", -1}}, "beta must be a number in [0, 1000]");
  fails({{"geometry", "torus"}}, "geometry must be one of sphere | ball | gauss");
  fails({{"n", 4096}, {"budget", 64}}, "budget");
  fails({{"bogus", 1}}, "unknown parameter 'bogus'");
  fails({{"mask", "causal"}}, "unknown parameter 'mask'");  // renamed: causal = 0 | 1 in every experiment
  fails({{"causal", "yes"}}, "causal must be one of 0 | 1");
  fails({{"n", "0x10"}}, "n must be an integer in [2, 4096], got '0x10'");
  fails({{"budget", 5000}}, "budget must be a number in [1, 4000]");
  CHECK_FALSE(runExperiment("no-such", Json::object(), {}, Progress()).ok);
}

TEST_CASE("progress is reported and a stop request ends the run", "[attention-map]") {
  int calls = 0;
  double last = -1;
  const Outcome ok = runExperiment("attention-map", {{"n", 600}}, {}, Progress([&](double done, double total) {
                                     ++calls;
                                     CHECK(done >= last);
                                     last = done;
                                     CHECK(done <= total);
                                     return true;
                                   }));
  CHECK(ok.ok);
  CHECK(calls >= 4);
  const Outcome stopped =
      runExperiment("attention-map", {{"n", 600}}, {}, Progress([](double, double) { return false; }));
  CHECK_FALSE(stopped.ok);
  CHECK(stopped.error == "stopped");
  CHECK_FALSE(stopped.badInput);  // a stop is not bad input: the CLI exits 1, not 2
}

TEST_CASE("the tour order is a permutation that puts neighbours next to each other", "[attention-map]") {
  for (int d : {1, 2, 3, 8}) {
    Rng rng(11, NormalMethod::BoxMuller);
    const RowMatrix x = samplePoints(Geometry::Sphere, 300, d, rng);
    std::vector<int> order = neighbourOrder(x);
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 300; ++i) REQUIRE(sorted[i] == i);
    const auto pathLength = [&](const std::vector<int>& o) {
      double s = 0;
      for (std::size_t i = 1; i < o.size(); ++i) s += (x.row(o[i]) - x.row(o[i - 1])).norm();
      return s;
    };
    std::vector<int> drawn(300);
    for (int i = 0; i < 300; ++i) drawn[i] = i;
    INFO("d = " << d);
    CHECK(pathLength(order) < 0.5 * pathLength(drawn));  // neighbours adjacent: a far shorter path
  }
  // The spectrum does not depend on the order; the entropies are the same multiset.
  const Json tour = run({{"n", 120}, {"beta", 20}}), drawn = run({{"n", 120}, {"beta", 20}, {"order", "sample"}});
  CHECK(tour["order"] == "tour");
  for (int k = 0; k < 120; ++k)
    CHECK_THAT(tour["singularValues"][k].get<double>(), WithinAbs(drawn["singularValues"][k].get<double>(), 1e-10));
  std::vector<double> a = tour["rowEntropy"], b = drawn["rowEntropy"];
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  for (int k = 0; k < 120; ++k) CHECK_THAT(a[k], WithinAbs(b[k], 1e-12));
}

TEST_CASE("the sphere-law scale comes from the core, inside [1, n] and only on the sphere", "[attention-map]") {
  const Json r = run({{"n", 200}, {"d", 3}, {"beta", 8}});
  CHECK_THAT(r["sphereLawScale"].get<double>(), WithinRel(9.0, 1e-14));  // (1+8)^((3-1)/2)
  CHECK(run({{"n", 200}, {"geometry", "ball"}})["sphereLawScale"].is_null());
  CHECK(run({{"n", 8}, {"d", 8}, {"beta", 100}})["sphereLawScale"].is_null());  // beyond n
}

TEST_CASE("long steps say what they are doing", "[attention-map]") {
  std::vector<std::string> labels;
  const Outcome ok =
      runExperiment("attention-map", {{"n", 64}}, {}, Progress([&](double, double, const std::string& label) {
                      if (!label.empty()) labels.push_back(label);
                      return true;
                    }));
  REQUIRE(ok.ok);
  CHECK(std::find(labels.begin(), labels.end(), "singular values of a 64 × 64 matrix") != labels.end());
}
