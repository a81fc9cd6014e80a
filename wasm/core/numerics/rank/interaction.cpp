// SPDX-License-Identifier: Apache-2.0
// Interaction dimension (docs/theory/rank.md#interaction-pipeline) and U5 (docs/theory/rank.md#combined-certificate,
// #approximate-subspaces).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "numerics/rank/cheb_certificate.hpp"
#include "numerics/rank/error.hpp"
#include "numerics/rank/interaction.hpp"
#include "numerics/rank/svd_certificate.hpp"

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

// e(r), b_osc(r), b_sig(r) for r = 0..rMax (docs/theory/rank.md#interaction-pipeline), one rank-one update per r.
void residualCurves(const RowMatrix& p, const RowMatrix& centred, const Truncations& t, int rMax,
                    InteractionResult& out) {
  RowMatrix lr = RowMatrix::Zero(p.rows(), p.cols());
  for (int r = 0; r <= rMax; ++r) {
    out.residual.push_back(maxRowL1Difference(p, rowSoftmax(lr)));
    out.boundOsc.push_back(softmaxPerturbationBound(maxRowOscillation(centred - lr)));
    const double next = r < t.s.size() ? t.s(r) : 0.0;
    out.boundSigma.push_back(2 * std::tanh(next / 2));
    if (r < rMax) t.addTerm(lr, r);
  }
}

// r_eff,raw: truncate the uncentred L until e_raw(r) <= epsOut (docs/theory/rank.md#interaction-pipeline).
void rawResidualCurve(const RowMatrix& p, const RowMatrix& logits, int rankRaw, double epsOut, InteractionResult& out) {
  const Truncations t(logits);
  RowMatrix lr = RowMatrix::Zero(p.rows(), p.cols());
  for (int r = 0; r <= rankRaw; ++r) {
    out.residualRaw.push_back(maxRowL1Difference(p, rowSoftmax(lr)));
    if (out.residualRaw.back() <= epsOut || r == rankRaw) {
      out.rEffRaw = r;
      return;
    }
    t.addTerm(lr, r);
  }
}

CombinedCertificate combinedCertificate(const RowMatrix& p, const Truncations& t, const std::vector<double>& residual,
                                        double eps) {
  const int n = static_cast<int>(p.cols());
  CombinedCertificate c;
  c.k = n;
  RowMatrix best;
  for (int r = 0; r < static_cast<int>(residual.size()); ++r) {
    if (r > 0 && r + 1 >= c.k) break;  // docs/theory/rank.md#combined-certificate: C(r+1, 1) >= best ends the r-loop
    if (residual[r] > eps) continue;
    const RowMatrix lr = t.at(r);
    int found = -1;
    {
      const ChebyshevScan scan(
          lr);  // released before the approximation: the peak stays L_r, the best M and the new one
      for (int g = 0; g <= 200; ++g) {
        const double dim = polynomialDimension(r, g);
        if (dim >= c.k) break;
        const double bound = residual[r] + scan.error(g);
        if (bound > eps) continue;
        c = CombinedCertificate{static_cast<int>(dim), r, g, false, bound, 0};
        found = g;
        break;
      }
    }
    if (found >= 0) best = chebyshevApproximation(lr, found);
  }
  c.verifiedError = c.vacuous ? 0 : maxRowL1Difference(p, best);
  return c;
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

InteractionResult interactionAnalysis(const RowMatrix& logits, const InteractionOptions& o) {
  validate(logits, o);
  InteractionResult out;
  const RowMatrix p = rowSoftmax(logits), centred = centerRows(logits);
  const Truncations vis(centred);
  Eigen::BDCSVD<Eigen::MatrixXd> rawSvd(logits);
  out.sigmaVis = toVector(vis.s);
  out.sigmaRaw = toVector(rawSvd.singularValues());
  out.rVis = numericalRank(vis.s, o.rankTolerance);
  out.rankRaw = numericalRank(rawSvd.singularValues(), o.rankTolerance);
  const int rMax = o.maxRank < 0 ? out.rVis : std::min(out.rVis, o.maxRank);
  residualCurves(p, centred, vis, rMax, out);
  const double scale = o.tauScale == TauScale::Nats     ? 1.0
                       : o.tauScale == TauScale::Sigma1 ? (out.sigmaVis.empty() ? 0.0 : out.sigmaVis[0])
                                                        : std::sqrt(static_cast<double>(logits.cols()));
  for (double tau : o.taus) {
    ToleranceDimension td;
    td.tau = tau;
    td.tauNats = tau * scale;
    td.raw = countAbove(out.sigmaRaw, td.tauNats);
    td.visible = countAbove(out.sigmaVis, td.tauNats);
    td.reduction = td.raw - td.visible;
    td.guaranteedError = 2 * std::tanh(td.tauNats / 2);
    td.measuredError =
        td.visible <= rMax ? out.residual[td.visible] : maxRowL1Difference(p, rowSoftmax(vis.at(td.visible)));
    out.tolerance.push_back(td);
  }
  const auto eff = std::find_if(out.residual.begin(), out.residual.end(), [&](double e) { return e <= o.epsOut; });
  out.rEffVis = eff == out.residual.end() ? rMax : static_cast<int>(eff - out.residual.begin());
  rawResidualCurve(p, logits, out.rankRaw, o.epsOut, out);
  out.effReduction = out.rEffRaw - out.rEffVis;
  if (!o.certificates) return out;
  const SvdCertificate u1 = svdCertificate(p, o.eps);
  out.kSvd = u1.k;
  out.svdError = u1.verifiedError;
  out.svdPath = u1.path;
  out.combined = combinedCertificate(p, vis, out.residual, o.eps);
  out.nonVacuous = out.combined.k < logits.cols();
  out.lowerBounds = lowerBounds(p, u1.spectrum.sigma, u1.spectrum.frobeniusSq, nullptr, 0, o.eps);
  out.lowerBound = out.lowerBounds.best;
  return out;
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
