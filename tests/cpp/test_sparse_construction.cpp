// SPDX-License-Identifier: Apache-2.0
// Paper 1 construction (docs/theory/sparse.md#construction): the fixed weights, the splits, the projections, and the
// log-domain check of (23)/(24) against the definitions on M itself.
#include <catch2/catch.hpp>
#include <cmath>

#include "numerics/kernels/softmax.hpp"
#include "lab/experiments/sparse/approx.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {

Eigen::MatrixXd denseB(const SparsePattern& a, const std::vector<double>& b) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(a.n, a.n);
  for (int i = 0; i < a.n; ++i)
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) m(i, a.cols[p]) = b[p];
  return m;
}

// (23) and (24) straight from docs/theory/sparse.md#criterion on M = row-softmax(S): ratios of entries, no logs.
std::vector<bool> directRowVerdicts(const SparsePattern& a, const RealMatrix& x1, const RealMatrix& x2, double eps1,
                                    double eps2, bool causal) {
  RowMatrix m = (x1 * x2.transpose()).cast<double>();
  rowSoftmaxInPlace(m, causal);
  std::vector<bool> ok(a.n, true);
  for (int i = 0; i < a.n; ++i) {
    std::vector<bool> support(a.n, false);
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) support[a.cols[p]] = true;
    for (int p = a.rowStart[i]; p < a.rowStart[i + 1]; ++p) {
      const int j1 = a.cols[p];
      for (int q = a.rowStart[i]; q < a.rowStart[i + 1]; ++q) {
        const double ratio = (m(i, j1) / m(i, a.cols[q])) / (a.values[p] / a.values[q]);
        if (ratio > (1 + eps1) * (1 + 1e-9) || ratio < 1 / (1 + eps1) / (1 + 1e-9)) ok[i] = false;
      }
      for (int j = 0; j < (causal ? i + 1 : a.n); ++j)
        if (!support[j] && m(i, j) / m(i, j1) > eps2 * (1 + 1e-9)) ok[i] = false;
    }
  }
  return ok;
}

}  // namespace

TEST_CASE("X W_Q W_K^T X^T equals X(1) X(2)^T for the fixed weights", "[sparse][construction]") {
  Rng rng(2, NormalMethod::BoxMuller);
  const SparsePattern a = samplePattern(20, 2, 2.0, false, rng);
  Construction c;
  SparseApproximator ap(a, c);
  ap.draw(7, 1, 99);
  const RealMatrix x1 = ap.x1(), x2 = ap.x2();
  const RealMatrix x = assembleInput(x1, x2), wq = queryWeights(7), wk = keyWeights(7);
  CHECK(x.rows() == 20);
  CHECK(x.cols() == 14);
  const RealMatrix viaWeights = x * wq * wk.transpose() * x.transpose();
  const RealMatrix direct = x1 * x2.transpose();
  CHECK((viaWeights - direct).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((x * wq - x1).cwiseAbs().maxCoeff() == 0.0);
  CHECK((x * wk - x2).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("asym split: X(1) = B Y, X(2) = Y, so E[S] = B", "[sparse][construction]") {
  Rng rng(4, NormalMethod::BoxMuller);
  const SparsePattern a = samplePattern(30, 2, 2.0, false, rng);
  const std::vector<double> b = logOffsetValues(a, proofOffset(1, 0.5));
  Construction c;
  SparseApproximator ap(a, c);
  ap.draw(4000, 1, 5);
  const RealMatrix y = ap.x2();
  CHECK((RealMatrix(ap.x1()) - denseB(a, b) * y).cwiseAbs().maxCoeff() < 1e-12);
  // Y Y^T -> I with entries N(0, 1/d): S - B has entries of size |B_i| / sqrt(d).
  const RealMatrix s = ap.x1() * ap.x2().transpose();
  CHECK((s - denseB(a, b)).cwiseAbs().maxCoeff() < 0.25);
  CHECK_THAT(y.array().square().mean(), WithinAbs(1.0 / 4000, 0.02 / 4000));
  CHECK_THAT(y.mean(), WithinAbs(0.0, 5.0 / std::sqrt(30.0 * 4000) / std::sqrt(4000.0)));
}

TEST_CASE("sym split factor satisfies P R^T = B, also for a rank-deficient B", "[sparse][construction]") {
  Rng rng(6, NormalMethod::BoxMuller);
  const SparsePattern a = samplePattern(40, 3, 3.0, false, rng);
  const std::vector<double> b = logOffsetValues(a, 1.2);
  const SymmetricFactor f = symmetricFactor(a, b);
  CHECK(f.rank == 40);
  CHECK((RealMatrix(f.p * f.r.transpose()) - denseB(a, b)).cwiseAbs().maxCoeff() < 1e-10);
  // Rows 0 and 1 identical: B has rank 3, the zero eigenvalue is dropped and P R^T is still B.
  const SparsePattern d = patternFromTriplets({0, 0, 1, 0, 1, 2, 1, 0, 1, 1, 1, 2, 2, 2, 1, 3, 3, 1}, 1, 4096, false);
  const std::vector<double> bd = logOffsetValues(d, 1.0);
  const SymmetricFactor g = symmetricFactor(d, bd);
  CHECK(g.rank == 3);
  CHECK((RealMatrix(g.p * g.r.transpose()) - denseB(d, bd)).cwiseAbs().maxCoeff() < 1e-10);
  // Symmetric norms (docs/theory/sparse.md#theorem-r): |u_i|^2 <= |B_i,:|_2 and |v_j|^2 <= |B_:,j|_2.
  const Eigen::MatrixXd bdense = denseB(a, b);
  for (int i = 0; i < 40; ++i) {
    CHECK(f.p.row(i).squaredNorm() <= bdense.row(i).norm() * (1 + 1e-9));
    CHECK(f.r.row(i).squaredNorm() <= bdense.col(i).norm() * (1 + 1e-9));
  }
}

TEST_CASE("orthogonal projection is exact at d = n (Y Y^T = I) and the check then passes", "[sparse][construction]") {
  for (int d : {48, 96}) {  // d = n, and d = 2n built from two Haar frames
    const RealMatrix y = orthogonalProjection(48, d, 3, 17, NormalMethod::Ziggurat);
    CHECK((y * y.transpose() - RealMatrix::Identity(48, 48)).cwiseAbs().maxCoeff() < 1e-12);
  }
  const RealMatrix thin =
      orthogonalProjection(48, 12, 3, 17, NormalMethod::Ziggurat);  // d < n: orthogonal columns of norm^2 n/d
  CHECK((thin.transpose() * thin - 4.0 * RealMatrix::Identity(12, 12)).cwiseAbs().maxCoeff() < 1e-12);
  for (bool causal : {false, true}) {
    Rng rng(8, NormalMethod::BoxMuller);
    const SparsePattern a = samplePattern(48, 3, 5.0, causal, rng);
    Construction c;
    c.proj = Projection::Orth;
    c.causal = causal;
    c.eps1 = 0.01;  // tight: only an exact S = B passes
    c.eps2 = 0.5;
    SparseApproximator ap(a, c);
    ap.draw(48, 1, 2);
    CheckOptions all;
    all.stopEarly = false;
    const CheckSummary s = ap.check(all);
    CHECK(s.pass);
    CHECK(s.worstSpread < 1e-12);
    CHECK_THAT(s.worstGap, WithinAbs(-proofOffset(0.01, 0.5), 1e-12));  // off-support 0, min support Delta
  }
}

TEST_CASE("the log-domain check agrees with the ratio definitions on M", "[sparse][construction]") {
  int passes = 0, fails = 0, rowFails = 0;
  for (bool causal : {false, true})
    for (int seed = 0; seed < 12; ++seed)
      for (int d : {3, 12, 48, 200, 800}) {
        Rng rng(21, static_cast<std::uint64_t>(seed), NormalMethod::BoxMuller);
        const SparsePattern a = samplePattern(14, 1 + seed % 3, 3.0, causal, rng);
        Construction c;
        c.causal = causal;
        c.eps1 = 0.5 + 0.1 * (seed % 4);
        c.eps2 = 0.3 + 0.05 * (seed % 5);
        c.split = seed % 2 ? Split::Sym : Split::Asym;
        SparseApproximator ap(a, c);
        ap.draw(d, 3, static_cast<std::uint64_t>(seed * 1000 + d));
        const RealMatrix x1 = ap.x1(), x2 = ap.x2();
        const std::vector<bool> direct = directRowVerdicts(a, x1, x2, c.eps1, c.eps2, causal);
        std::vector<RowStat> rows;
        CheckOptions all;
        all.stopEarly = false;
        all.rows = &rows;
        const CheckSummary s = ap.check(all);
        bool allOk = true;
        for (int i = 0; i < a.n; ++i) {
          const bool logOk = ap.criterion().spreadOk(rows[i].spread) && ap.criterion().gapOk(rows[i].gap);
          CHECK(logOk == direct[i]);
          allOk = allOk && direct[i];
          rowFails += !direct[i];
        }
        CHECK(s.pass == allOk);
        for (bool risk : {false, true}) {  // early stopping, either order, float GEMM: same verdict
          CheckOptions quick;
          quick.riskFirst = risk;
          CHECK(ap.check(quick).pass == allOk);
        }
        (allOk ? passes : fails) += 1;
      }
  CHECK(passes >= 10);  // both outcomes are exercised
  CHECK(fails >= 10);
  CHECK(rowFails >= 50);
}

TEST_CASE("float32 GEMM with its error band gives the double verdict even a hair from the threshold",
          "[sparse][construction]") {
  Rng rng(31, NormalMethod::BoxMuller);
  const SparsePattern a = samplePattern(200, 2, 2.0, false, rng);
  Construction wide;
  wide.eps1 = 10;  // (23) never binds here; (24) decides
  SparseApproximator ap(a, wide);
  ap.draw(300, 1, 8);
  std::vector<RowStat> rows;
  CheckOptions exact;
  exact.stopEarly = false;
  exact.exact = true;
  exact.rows = &rows;
  const double worstGap = ap.check(exact).worstGap;
  for (double offset : {-1e-9, 1e-9, -1e-7, 1e-7}) {
    // eps2 a hair above or below the worst row's gap: float32 alone (error ~1e-6) cannot tell.
    const double eps2 = std::exp(worstGap + offset);
    LogDomainCheck check(a, 10.0, eps2, false);
    CheckOptions quick;
    CHECK(check.run(ap.x1(), ap.x2(), quick).pass == (offset > 0));
    quick.riskFirst = true;
    CHECK(check.run(ap.x1(), ap.x2(), quick).pass == (offset > 0));
  }
}

TEST_CASE("Gaussian projection rows depend only on (seed, stream, normals, row)", "[sparse][construction]") {
  for (NormalMethod m : {NormalMethod::BoxMuller, NormalMethod::Ziggurat}) {
    const RealMatrix y = gaussianProjection(10, 32, 4, 77, m);
    std::vector<Real> row(32);
    gaussianRow(4, 77, m, 6, 1.0 / std::sqrt(32.0), row.data(), 32);
    for (int c = 0; c < 32; ++c) CHECK(row[c] == y(6, c));
    const RealMatrix taller = gaussianProjection(20, 32, 4, 77, m);
    CHECK(taller.topRows(10) == y);
    CHECK(gaussianProjection(10, 32, 4, 78, m) != y);
  }
  CHECK(gaussianProjection(10, 32, 4, 77, NormalMethod::BoxMuller) !=
        gaussianProjection(10, 32, 4, 77, NormalMethod::Ziggurat));
  CHECK(childStream(5, 1) != childStream(5, 2));
  CHECK(childStream(5, 1) != childStream(6, 1));
}
