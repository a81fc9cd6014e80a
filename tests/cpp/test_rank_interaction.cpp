// SPDX-License-Identifier: Apache-2.0
// The interaction-dimension pipeline (docs/theory/rank.md#interaction-pipeline, #interaction-dimension,
// #approximate-subspaces), U5, the head validator (docs/theory/rank.md#head-inputs) and the memory estimates.
#include <catch2/catch.hpp>
#include <cmath>

#include "lab/experiment.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/rank/head.hpp"
#include "numerics/rank/interaction.hpp"
#include "numerics/rank/point.hpp"
#include "numerics/rank/zoo.hpp"
#include "numerics/shared/rng.hpp"

using namespace attnlab;

namespace {
RowMatrix normals(Rng& rng, int rows, int cols, double scale) {
  RowMatrix m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = scale * rng.normal();
  return m;
}

void checkInvariants(const InteractionResult& r, double eps) {
  for (std::size_t l = 0; l < r.sigmaVis.size(); ++l) REQUIRE(r.sigmaVis[l] <= r.sigmaRaw[l] * (1 + 1e-10) + 1e-10);
  for (const ToleranceDimension& t : r.tolerance) {
    REQUIRE(t.reduction >= 0);
    REQUIRE(t.measuredError <= t.guaranteedError + 1e-12);
  }
  for (std::size_t k = 0; k < r.residual.size(); ++k) {
    REQUIRE(r.residual[k] <= r.boundOsc[k] + 1e-12);
    REQUIRE(r.boundOsc[k] <= r.boundSigma[k] + 1e-12);
  }
  REQUIRE(r.svdError <= eps);
  REQUIRE(r.combined.verifiedError <= eps + 1e-12);
  REQUIRE(r.combined.verifiedError <=
          r.combined.bound + 1e-12);  // the triangle inequality of docs/theory/rank.md#approximate-subspaces
  REQUIRE(r.lowerBound <= std::min(r.kSvd, r.combined.k));
}
}  // namespace

TEST_CASE("interaction: sphere self-attention has visible rank d (docs/theory/rank.md#interaction-experiment)",
          "[rank][interaction]") {
  RankPointParams params;
  params.d = 3;
  params.n = 200;
  params.beta = 8;
  const RankInstance inst = makeRankInstance(params);
  const InteractionResult r = interactionAnalysis(inst.logits);
  CHECK(r.rVis == 3);
  CHECK(r.rankRaw == 3);
  CHECK(r.residual.size() == 4);
  CHECK(r.residual.back() < 1e-10);
  CHECK(r.rEffVis <= 3);
  checkInvariants(r, 0.1);
}

TEST_CASE("interaction: a key bias is invisible, and attention input recovers L_c exactly", "[rank][interaction]") {
  Rng rng(11, NormalMethod::BoxMuller);
  const RowMatrix q = normals(rng, 96, 8, 1), k = normals(rng, 96, 8, 1);
  RowMatrix biased = k;
  biased.rowwise() += 3 * normals(rng, 1, 8, 1).row(0);  // q_i·b is a row shift (F3)
  const RowMatrix l = bilinearLogits(q, k, 0.5), lb = bilinearLogits(q, biased, 0.5);
  CHECK(maxRowL1Difference(centerRows(l), centerRows(lb)) < 1e-10);
  const InteractionResult a = interactionAnalysis(l), b = interactionAnalysis(lb);
  CHECK(a.rVis == b.rVis);
  CHECK(a.rVis == 8);
  CHECK(b.rankRaw == 8);
  for (std::size_t t = 0; t < a.tolerance.size(); ++t) CHECK(a.tolerance[t].visible == b.tolerance[t].visible);
  checkInvariants(b, 0.1);
  const RowMatrix fromP = centerRows(logitsFromAttention(rowSoftmax(l)));
  CHECK(maxRowL1Difference(fromP, centerRows(l)) < 1e-9);
}

TEST_CASE("interaction: invariants on random heads of every zoo family", "[rank][interaction]") {
  const RowMatrix tokens = zooTokens();
  for (int f = 0; f < kZooFamilies; ++f) {
    const ZooHead h = zooHead(f, 5, tokens);
    INFO(zooFamilyName(f));
    const InteractionResult r = interactionAnalysis(h.logits);
    CHECK(r.rVis <= kZooHeadDim);
    checkInvariants(r, 0.1);
  }
}

TEST_CASE("interaction: tau normalisations", "[rank][interaction]") {
  RankPointParams params;
  params.n = 64;
  const RankInstance inst = makeRankInstance(params);
  InteractionOptions o;
  o.taus = {0.5};
  o.tauScale = TauScale::Sigma1;
  const InteractionResult a = interactionAnalysis(inst.logits, o);
  CHECK(a.tolerance[0].tauNats == Approx(0.5 * a.sigmaVis[0]));
  int above = 0;
  for (double x : a.sigmaVis) above += x > 0.5 * a.sigmaVis[0];
  CHECK(a.tolerance[0].visible == above);
  CHECK(above >= 1);
  o.tauScale = TauScale::SqrtN;
  const InteractionResult b = interactionAnalysis(inst.logits, o);
  CHECK(b.tolerance[0].tauNats == Approx(0.5 * 8));
  CHECK(parseTauScale("sqrtn") == TauScale::SqrtN);
  CHECK_THROWS_WITH(parseTauScale("x"), Catch::Contains("tauScale"));
  RowMatrix bad = inst.logits;
  bad(0, 0) = std::nan("");
  CHECK_THROWS_WITH(interactionAnalysis(bad), Catch::Contains("finite"));
}

TEST_CASE("spearman uses average ranks for ties", "[rank][interaction]") {
  CHECK(spearman({1, 2, 3, 4}, {10, 20, 30, 40}) == Approx(1));
  CHECK(spearman({1, 2, 3, 4}, {4, 3, 2, 1}) == Approx(-1));
  CHECK(spearman({1, 1, 2, 2}, {0, 0, 1, 1}) == Approx(1));
  CHECK(spearman({1, 2, 3}, {5, 5, 5}) == 0);
}

TEST_CASE("head validator: accepted and refused uploads (docs/theory/rank.md#head-inputs)", "[rank][head]") {
  const double budget = 256.0 * 1048576;
  Rng rng(5, NormalMethod::BoxMuller);
  HeadArrays qk;
  qk.shape = {HeadFormat::QK, 40, 16, 40, 16, 0, 0};
  for (int i = 0; i < 640; ++i) {
    qk.q.push_back(rng.normal());
    qk.k.push_back(rng.normal());
  }
  HeadValidation v = validateHead(qk, budget);
  CHECK(v.ok);
  CHECK(v.n == 40);
  const RowMatrix l = headLogits(qk, 2.0);
  CHECK(l.rows() == 40);
  CHECK(
      l(0, 1) ==
      Approx(2.0 / 4.0 *
             Eigen::Map<RowMatrix>(qk.q.data(), 40, 16).row(0).dot(Eigen::Map<RowMatrix>(qk.k.data(), 40, 16).row(1))));

  HeadArrays bad = qk;
  bad.shape.kCols = 8;
  CHECK(validateHead(bad, budget).field == "k");
  bad = qk;
  bad.q.pop_back();
  CHECK_FALSE(validateHead(bad, budget).ok);  // truncated
  bad = qk;
  bad.k[7] = std::nan("");
  CHECK(validateHead(bad, budget).message.find("finite") != std::string::npos);

  HeadArrays attn;
  attn.shape = {HeadFormat::Attention, 0, 0, 0, 0, 40, 40};
  const RowMatrix p = rowSoftmax(l);
  attn.matrix.assign(p.data(), p.data() + p.size());
  v = validateHead(attn, budget);
  CHECK(v.ok);
  CHECK(maxRowL1Difference(headLogits(attn), centerRows(l)) < 1e-8);
  attn.matrix[3] += 0.01;  // row 0 no longer sums to 1
  v = validateHead(attn, budget);
  CHECK_FALSE(v.ok);
  CHECK(v.message.find("sum to 1") != std::string::npos);
  attn.matrix[3] -= 0.01;
  attn.matrix[5] = 0;  // a mask: accepted, with a warning (entries < 1e-30)
  attn.matrix[6] += p(0, 5);
  v = validateHead(attn, budget);
  CHECK(v.ok);
  CHECK(v.tinyEntries == 1);
  CHECK(v.warnings.size() == 1);

  HeadShape huge{HeadFormat::Logits, 0, 0, 0, 0, 2000, 2000};
  CHECK(validateHeadShape(huge, budget).field == "n");
  HeadShape big{HeadFormat::Logits, 0, 0, 0, 0, 1000, 1000};
  CHECK(validateHeadShape(big, 1e6).message.find("budget") != std::string::npos);
  CHECK(validateHeadShape(big, 1e12).warnings.size() == 1);  // n > 512
  HeadShape rect{HeadFormat::Logits, 0, 0, 0, 0, 10, 12};
  CHECK(validateHeadShape(rect, budget).field == "l");
  CHECK_THROWS_WITH(parseHeadFormat("npz"), Catch::Contains("qk | attn | logits"));
}

TEST_CASE("memory estimates grow like n^2 and cover the dense matrices", "[rank][memory]") {
  CHECK(rankPointBytes(1024, 3) > 8 * 8.0 * 1024 * 1024);
  CHECK(rankPointBytes(1024, 3) < 200e6);
  CHECK(rankPointBytes(1024, 3) == Approx(4 * rankPointBytes(512, 3)).epsilon(0.01));
  CHECK(interactionBytes(128, 128) > 0);
  CHECK(zooConfigurationBytes() > interactionBytes(128, 128));
  CHECK(svdCertificateBytes(256, 256) < svdCertificateBytes(512, 512));
}

TEST_CASE("rank-interaction: a guarantee the measured error contradicts is a warning, never silent",
          "[rank][interaction]") {
  // Issue 17: q[0][0] = 1e20 puts the logits beyond double precision; e(r_vis) then exceeds 2·tanh(τ/2).
  Rng rng(5, 0, NormalMethod::BoxMuller);
  std::vector<double> q(16 * 4), k(16 * 4);
  for (double& x : q) x = rng.normal();
  for (double& x : k) x = rng.normal();
  q[0] = 1e20;
  const Inputs inputs = {{"q", InputArray{{16, 4}, false, q}}, {"k", InputArray{{16, 4}, false, k}}};
  const Outcome out = runExperiment("rank-interaction", {{"taus", "1"}}, inputs, Progress());
  REQUIRE(out.ok);
  bool contradicted = false;
  for (const auto& t : out.value["tolerance"])
    contradicted = contradicted || t["measuredError"].get<double>() > t["guaranteedError"].get<double>();
  REQUIRE(contradicted);
  bool warned = false;
  for (const auto& w : out.value["warnings"])
    warned = warned || w.get<std::string>().find("the guarantee fails") != std::string::npos;
  CHECK(warned);
}
