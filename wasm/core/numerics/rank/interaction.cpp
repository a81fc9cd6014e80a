// SPDX-License-Identifier: Apache-2.0
// Interaction dimension (docs/theory/rank.md#interaction-pipeline) and U5 (docs/theory/rank.md#combined-certificate,
// #approximate-subspaces).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/rank/interaction.hpp"
#include "numerics/rank/svd_certificate.hpp"
#include "numerics/kernels/softmax.hpp"

namespace attnlab {

TauScale parseTauScale(const std::string& name) {
  if (name == "nats") return TauScale::Nats;
  if (name == "sigma1") return TauScale::Sigma1;
  if (name == "sqrtn") return TauScale::SqrtN;
  throw std::invalid_argument("tauScale must be one of nats | sigma1 | sqrtn, got '" + name + "'");
}

RowMatrix logitsFromAttention(const RowMatrix& p, int* tinyEntries) {
  if (tinyEntries) *tinyEntries = static_cast<int>((p.array() < 1e-30).count());
  return p.array().max(1e-300).log().matrix();
}

RowMatrix bilinearLogits(const RowMatrix& q, const RowMatrix& k, double scale) {
  if (q.cols() != k.cols()) throw std::invalid_argument("Q and K must have the same number of columns d_h");
  return scale * (q * k.transpose());
}

namespace {

struct Truncations {  // thin SVD of a logit matrix: L^(r) = U_r S_r V_r^T
  Eigen::MatrixXd u, v;
  Eigen::VectorXd s;
  explicit Truncations(const RowMatrix& l) {
    Eigen::BDCSVD<Eigen::MatrixXd> svd(l, Eigen::ComputeThinU | Eigen::ComputeThinV);
    u = svd.matrixU();
    v = svd.matrixV();
    s = svd.singularValues();
  }
  // L = A Bᵀ with A: n_q × k, B: n_k × k, k <= n_q, n_k: A = Q_a R_a, B = Q_b R_b (thin QR), R_a R_bᵀ = U_c S V_cᵀ, so
  // U = Q_a U_c, V = Q_b V_c; the singular values past k are exact zeros.
  Truncations(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    const Eigen::Index k = a.cols();
    const Eigen::HouseholderQR<Eigen::MatrixXd> qa(a), qb(b);
    const Eigen::MatrixXd ra = qa.matrixQR().topRows(k).triangularView<Eigen::Upper>();
    const Eigen::MatrixXd rb = qb.matrixQR().topRows(k).triangularView<Eigen::Upper>();
    Eigen::BDCSVD<Eigen::MatrixXd> core(ra * rb.transpose(), Eigen::ComputeThinU | Eigen::ComputeThinV);
    u = qa.householderQ() * (Eigen::MatrixXd::Identity(a.rows(), k) * core.matrixU());
    v = qb.householderQ() * (Eigen::MatrixXd::Identity(b.rows(), k) * core.matrixV());
    s = Eigen::VectorXd::Zero(std::min(a.rows(), b.rows()));
    s.head(k) = core.singularValues();
  }
  RowMatrix at(int r) const { return u.leftCols(r) * s.head(r).asDiagonal() * v.leftCols(r).transpose(); }
  void addTerm(RowMatrix& l, int r) const { l.noalias() += s(r) * u.col(r) * v.col(r).transpose(); }
};

int numericalRank(const Eigen::VectorXd& s, double tol) {
  if (s.size() == 0 || s(0) == 0) return 0;
  return static_cast<int>((s.array() > tol * s(0)).count());
}

std::vector<double> toVector(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

int countAbove(const std::vector<double>& s, double t) {
  return static_cast<int>(std::count_if(s.begin(), s.end(), [t](double x) { return x > t; }));
}

double maxRowOscillation(const RowMatrix& m) {
  double worst = 0;
  for (Eigen::Index i = 0; i < m.rows(); ++i) worst = std::max(worst, oscillation(m.row(i)));
  return worst;
}

// U5 one truncation rank at a time (docs/theory/rank.md#combined-certificate), r = 0, 1, ... while active(r).
class CombinedSearch {
 public:
  CombinedSearch(const RowMatrix& p, const Truncations& t, double eps) : p_(p), t_(t), eps_(eps) {
    c_.k = static_cast<int>(p.cols());
  }
  bool active(int r) const { return r == 0 || r + 1 < c_.k; }  // C(r+1, 1) >= best ends the r-loop
  void step(int r, double residual) {
    if (residual > eps_) return;
    const RowMatrix lr = t_.at(r);
    int found = -1;
    {
      const ChebyshevScan scan(
          lr);  // released before the approximation: the peak stays L_r, the best M and the new one
      for (int g = 0; g <= 200; ++g) {
        const double dim = polynomialDimension(r, g);
        if (dim >= c_.k) break;
        if (scan.exceeds(g, residual, eps_)) continue;
        const double bound = residual + scan.error(g);
        c_ = CombinedCertificate{static_cast<int>(dim), r, g, false, bound, 0};
        found = g;
        break;
      }
    }
    if (found >= 0) best_ = chebyshevApproximation(lr, found);
  }
  CombinedCertificate finish() {
    c_.verifiedError = c_.vacuous ? 0 : maxRowL1Difference(p_, best_);
    return c_;
  }

 private:
  const RowMatrix& p_;
  const Truncations& t_;
  double eps_;
  CombinedCertificate c_;
  RowMatrix best_;
};

// max_i ||P_i - softmax(L_i)||_1, row by row as maxRowL1Difference(p, rowSoftmax(l)) computes it (the same numbers);
// it stops at the first row past `stopAbove` and returns that row's value, a lower bound already past the threshold.
double rowResidual(const RowMatrix& p, const RowMatrix& l, RowMatrix& soft, double stopAbove) {
  soft = l;
  double worst = 0;
  for (Eigen::Index i = 0; i < p.rows(); ++i) {
    rowSoftmaxInPlace(soft, false, static_cast<int>(i), static_cast<int>(i) + 1);
    worst = std::max(worst, (p.row(i) - soft.row(i)).cwiseAbs().sum());
    if (worst > stopAbove) return worst;
  }
  return worst;
}

constexpr double kExact = std::numeric_limits<double>::infinity();

// e(r), b_osc(r), b_sig(r) for r = 0..rMax (docs/theory/rank.md#interaction-pipeline), one rank-one update per r,
// each e(r) handed to the combined certificate's search (when asked) as it comes. Without the curves, e(r) is exact
// only where a result depends on its value (the combined certificate's e(r) <= eps while it searches, the tolerance
// dimensions' measured errors); a lower bound past the thresholds where only a decision does (r_eff,vis's e(r) <=
// epsOut); and NaN, not computed, once nothing depends on it.
void residualCurves(const RowMatrix& p, const RowMatrix& centred, const Truncations& t, int rMax,
                    const InteractionOptions& o, const std::vector<int>& exactAt, CombinedSearch* combined,
                    InteractionResult& out) {
  RowMatrix lr = RowMatrix::Zero(p.rows(), p.cols()), soft;
  const int lastExact = exactAt.empty() ? -1 : *std::max_element(exactAt.begin(), exactAt.end());
  bool effFound = false;
  for (int r = 0; r <= rMax; ++r) {
    const bool searching = combined && combined->active(r);
    double stop = kExact;
    if (!o.curves && std::find(exactAt.begin(), exactAt.end(), r) == exactAt.end()) {
      if (effFound && !searching && r > lastExact) break;
      stop = std::max(searching ? o.eps : 0.0, effFound ? 0.0 : o.epsOut);
    }
    out.residual.push_back(!o.curves && stop == 0 ? std::numeric_limits<double>::quiet_NaN()
                                                  : rowResidual(p, lr, soft, stop));
    effFound = effFound || out.residual.back() <= o.epsOut;
    if (searching) combined->step(r, out.residual.back());
    if (o.curves) {
      out.boundOsc.push_back(softmaxPerturbationBound(maxRowOscillation(centred - lr)));
      const double next = r < t.s.size() ? t.s(r) : 0.0;
      out.boundSigma.push_back(2 * std::tanh(next / 2));
    }
    if (r < rMax) t.addTerm(lr, r);
  }
}

// r_eff,raw: truncate the uncentred L until e_raw(r) <= epsOut (docs/theory/rank.md#interaction-pipeline); without
// the curves, the values before it are lower bounds past epsOut.
void rawResidualCurve(const RowMatrix& p, const Truncations& t, int rankRaw, const InteractionOptions& o,
                      InteractionResult& out) {
  RowMatrix lr = RowMatrix::Zero(p.rows(), p.cols()), soft;
  for (int r = 0; r <= rankRaw; ++r) {
    out.residualRaw.push_back(rowResidual(p, lr, soft, o.curves ? kExact : o.epsOut));
    if (out.residualRaw.back() <= o.epsOut || r == rankRaw) {
      out.rEffRaw = r;
      return;
    }
    t.addTerm(lr, r);
  }
}

void validate(const RowMatrix& logits, const InteractionOptions& o) {
  if (logits.rows() == 0 || logits.cols() < 2)
    throw std::invalid_argument("logits must have >= 1 row and >= 2 columns");
  if (!logits.allFinite()) throw std::invalid_argument("logits must be finite (no NaN or Inf)");
  if (!(o.epsOut > 0)) throw std::invalid_argument("epsOut must be in (0, inf)");
  requireEps(o.eps);
  for (double tau : o.taus)
    if (!(tau >= 0) || !std::isfinite(tau)) throw std::invalid_argument("taus must be finite and >= 0");
}

}  // namespace

namespace {

// The pipeline once the spectra are known: vis of the row-centred logits, the raw ones' values, and their truncations
// (made when first needed: they are the largest factorization, and only r_eff,raw uses them).
template <class RawTruncations>
InteractionResult analyse(const RowMatrix& logits, const Truncations& vis, const Eigen::VectorXd& sigmaRaw,
                          const RawTruncations& rawTruncations, const InteractionOptions& o) {
  InteractionResult out;
  const RowMatrix p = rowSoftmax(logits), centred = o.curves ? centerRows(logits) : RowMatrix();
  out.sigmaVis = toVector(vis.s);
  out.sigmaRaw = toVector(sigmaRaw);
  out.rVis = numericalRank(vis.s, o.rankTolerance);
  out.rankRaw = numericalRank(sigmaRaw, o.rankTolerance);
  const int rMax = o.maxRank < 0 ? out.rVis : std::min(out.rVis, o.maxRank);
  const double scale = o.tauScale == TauScale::Nats     ? 1.0
                       : o.tauScale == TauScale::Sigma1 ? (out.sigmaVis.empty() ? 0.0 : out.sigmaVis[0])
                                                        : std::sqrt(static_cast<double>(logits.cols()));
  std::vector<int> measured;
  for (double tau : o.taus) {
    ToleranceDimension td;
    td.tau = tau;
    td.tauNats = tau * scale;
    td.raw = countAbove(out.sigmaRaw, td.tauNats);
    td.visible = countAbove(out.sigmaVis, td.tauNats);
    td.reduction = td.raw - td.visible;
    td.guaranteedError = 2 * std::tanh(td.tauNats / 2);
    measured.push_back(td.visible);
    out.tolerance.push_back(td);
  }
  CombinedSearch search(p, vis, o.eps);
  residualCurves(p, centred, vis, rMax, o, measured, o.certificates ? &search : nullptr, out);
  for (ToleranceDimension& td : out.tolerance)
    td.measuredError =
        td.visible <= rMax ? out.residual[td.visible] : maxRowL1Difference(p, rowSoftmax(vis.at(td.visible)));
  const auto eff = std::find_if(out.residual.begin(), out.residual.end(), [&](double e) { return e <= o.epsOut; });
  out.rEffVis = eff == out.residual.end() ? rMax : static_cast<int>(eff - out.residual.begin());
  rawResidualCurve(p, rawTruncations(), out.rankRaw, o, out);
  out.effReduction = out.rEffRaw - out.rEffVis;
  if (!o.certificates) return out;
  const SvdCertificate u1 = svdCertificate(p, o.eps);
  out.kSvd = u1.k;
  out.svdError = u1.verifiedError;
  out.svdPath = u1.path;
  out.combined = search.finish();
  out.nonVacuous = out.combined.k < logits.cols();
  out.lowerBounds = lowerBounds(p, u1.spectrum.sigma, u1.spectrum.frobeniusSq, nullptr, 0, o.eps);
  out.lowerBound = out.lowerBounds.best;
  return out;
}

}  // namespace

InteractionResult interactionAnalysis(const RowMatrix& logits, const InteractionOptions& o) {
  validate(logits, o);
  const Truncations vis(centerRows(logits));
  Eigen::BDCSVD<Eigen::MatrixXd> rawSvd(logits);
  return analyse(
      logits, vis, rawSvd.singularValues(), [&] { return Truncations(logits); }, o);
}

InteractionResult interactionAnalysis(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, const InteractionOptions& o) {
  if (a.cols() != b.cols()) throw std::invalid_argument("the factors A and B must have the same number of columns");
  if (a.cols() >= std::min(a.rows(), b.rows())) return interactionAnalysis(RowMatrix(a * b.transpose()), o);
  const RowMatrix logits = a * b.transpose();
  validate(logits, o);
  const Truncations vis(a, (b.rowwise() - b.colwise().mean()).eval()), raw(a, b);
  return analyse(
      logits, vis, raw.s, [&]() -> const Truncations& { return raw; }, o);
}

double interactionBytes(int nq, int nk) {
  const double m = 8.0 * nq * nk, sq = 8.0 * nk * nk;
  return 8 * m + 2 * sq + svdCertificateBytes(nq, nk);
}

namespace {
std::vector<double> averageRanks(const std::vector<double>& x) {
  std::vector<int> order(x.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return x[a] < x[b]; });
  std::vector<double> rank(x.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && x[order[j + 1]] == x[order[i]]) ++j;
    for (std::size_t k = i; k <= j; ++k) rank[order[k]] = 0.5 * (i + j) + 1;
    i = j + 1;
  }
  return rank;
}
}  // namespace

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.size() < 2)
    throw std::invalid_argument("spearman needs two samples of equal size >= 2");
  const std::vector<double> rx = averageRanks(x), ry = averageRanks(y);
  const double mx = std::accumulate(rx.begin(), rx.end(), 0.0) / rx.size();
  const double my = std::accumulate(ry.begin(), ry.end(), 0.0) / ry.size();
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < rx.size(); ++i) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) * (rx[i] - mx);
    syy += (ry[i] - my) * (ry[i] - my);
  }
  return sxx == 0 || syy == 0 ? 0.0 : sxy / std::sqrt(sxx * syy);
}

}  // namespace attnlab
