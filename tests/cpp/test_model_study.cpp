// SPDX-License-Identifier: Apache-2.0
// Lee's energy dimensions (numerics/rank/energy.hpp) against a full SVD of the product, the antisymmetric share
// against its definition and the random-matrix null 1/√2, and a study's windows and merge (lab/model_study.hpp).
#include <catch2/catch.hpp>
#include <cmath>

#include "lab/model_study.hpp"
#include "lab/params.hpp"
#include "numerics/rank/energy.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {
Eigen::MatrixXd gaussian(int rows, int cols, std::uint64_t seed) {
  Rng rng(seed, 0, NormalMethod::BoxMuller);
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = rng.normal();
  return m;
}

// The energy rank straight from the definition: a full SVD of the d × d product.
int energyRankOfProduct(const Eigen::MatrixXd& m, double fraction) {
  const Eigen::VectorXd s = Eigen::JacobiSVD<Eigen::MatrixXd>(m).singularValues();
  const double total = s.squaredNorm();
  double sum = 0;
  for (int k = 0; k < s.size(); ++k)
    if ((sum += s[k] * s[k]) >= fraction * total) return k + 1;
  return static_cast<int>(s.size());
}
}  // namespace

TEST_CASE("energyRank: the least k holding the fraction of Σσ²", "[model-study]") {
  Eigen::VectorXd s(4);
  s << 1, 3, 1, 1;  // squares 9, 1, 1, 1 of 12: 9/12 = 0.75, 10/12 = 0.83, 11/12 = 0.92
  CHECK(energyRank(s, 0.75) == 1);
  CHECK(energyRank(s, 0.8) == 2);
  CHECK(energyRank(s, 0.9) == 3);
  CHECK(energyRank(s, 1.0) == 4);
  CHECK(energyRank(Eigen::VectorXd::Zero(3), 0.9) == 0);
}

TEST_CASE("row-centred and bilinear energy ranks equal a full SVD of the product", "[model-study]") {
  for (const auto& [n, r] : {std::pair{48, 8}, std::pair{6, 8}, std::pair{40, 40}}) {
    Eigen::MatrixXd a = gaussian(n, r, 3), b = gaussian(n, r, 4);
    a.col(0) *= 6;  // an uneven spectrum, so that the rank is not simply the width
    const Eigen::MatrixXd product = a * b.transpose();
    const Eigen::MatrixXd centred = product - product.rowwise().mean() * Eigen::RowVectorXd::Ones(n);
    INFO("n = " << n << ", r = " << r);
    CHECK(rowCentredEnergyRank(a, b, 0.9) == energyRankOfProduct(centred, 0.9));
    CHECK(rowCentredEnergyRank(RowMatrix(product), 0.9) == energyRankOfProduct(centred, 0.9));
    CHECK(bilinearMeasures(a, b, 0.9).energyRank == energyRankOfProduct(product, 0.9));
    const double direct = (0.5 * (product - product.transpose())).norm() / product.norm();
    CHECK(bilinearMeasures(a, b, 0.9).antisymmetry == Approx(direct).epsilon(1e-10));
  }
}

TEST_CASE("antisymmetry: 0 for a symmetric form, 1 for an antisymmetric one, near 1/√2 for a random one",
          "[model-study]") {
  const Eigen::MatrixXd a = gaussian(64, 64, 5);
  CHECK(bilinearMeasures(a, a, 0.9).antisymmetry == Approx(0).margin(1e-6));
  Eigen::MatrixXd j = Eigen::MatrixXd::Zero(64, 64);  // a Jᵀ with J a rotation by 90° in each plane: antisymmetric
  for (int i = 0; i < 64; i += 2) {
    j(i, i + 1) = 1;
    j(i + 1, i) = -1;
  }
  CHECK(bilinearMeasures(a, (a * j.transpose()).eval(), 0.9).antisymmetry == Approx(1).epsilon(1e-9));
  const double random = bilinearMeasures(gaussian(200, 200, 6), gaussian(200, 200, 7), 0.9).antisymmetry;
  CHECK(std::abs(random - std::sqrt(0.5)) < 0.02);
}

TEST_CASE("corpusWindows: consecutive windows of exactly n tokens with the tokenizer's specials", "[model-study]") {
  WindowRequest r;
  for (int i = 0; i < 20; ++i) r.stream.push_back(100 + i);
  r.prefix = {1};
  r.suffix = {2};
  r.lengths = {4, 6};
  r.windowsPerLength = 2;
  r.tokenLimit = 16;
  const std::vector<CorpusWindow> w = corpusWindows(r);
  REQUIRE(w.size() == 4);
  CHECK(w[0].ids == std::vector<std::int64_t>{1, 100, 101, 2});
  CHECK(w[1].ids == std::vector<std::int64_t>{1, 102, 103, 2});
  CHECK((w[2].n == 6 && w[2].window == 0));
  CHECK(w[3].ids == std::vector<std::int64_t>{1, 104, 105, 106, 107, 2});
  r.windowsPerLength = 6;  // 6 windows of 4 text tokens for n = 6: 24 > 20
  CHECK_THROWS_WITH(corpusWindows(r), Catch::Contains("corpus: 20 tokens, too short for 6 windows of n = 6"));
  r.windowsPerLength = 1;
  r.lengths = {32};
  CHECK_THROWS_WITH(corpusWindows(r), Catch::Contains("n: 32 is beyond the model's 16 positions"));
  r.lengths = {2};
  CHECK_THROWS_AS(corpusWindows(r), ParamError);
}

TEST_CASE("combineModelStudy: rows tagged, each head's spread, Spearman with its interval", "[model-study]") {
  Json runs = Json::array();
  for (int window = 0; window < 2; ++window) {
    Json rows = Json::array();
    for (int h = 0; h < 6; ++h)  // rEffVis and kSvd rise together with the head: ρ = 1
      rows.push_back({{"layer", h / 3},
                      {"head", h % 3},
                      {"rEffVis", h + window},
                      {"kSvd", 2 * h + window},
                      {"energy90", h},
                      {"antisymmetry", nullptr}});
    runs.push_back({{"n", 8}, {"window", window}, {"eps", 0.05}, {"result", {{"rows", rows}}}});
  }
  const Json study = combineModelStudy(Json::array(), runs, 1, 200);
  CHECK(study.at("rows").size() == 12);
  CHECK(study.at("rows")[7].at("window") == 1);
  REQUIRE(study.at("heads").size() == 6);
  CHECK(study.at("heads")[1].at("rEffVis").at("mean") == Approx(1.5));
  CHECK(study.at("heads")[1].at("antisymmetry").is_null());
  CHECK(study.at("association").at("spearman").get<double>() > 0.9);
  CHECK(study.at("association").at("interval")[0].get<double>() <= study.at("association").at("spearman"));
  CHECK(study.at("association").at("reference").at("spearman") == 0.574);
}
