// SPDX-License-Identifier: Apache-2.0
// The interaction-dimension pipeline for any head (docs/theory/rank.md#interaction-pipeline, #interaction-dimension,
// #approximate-subspaces, #interaction-experiment): raw and visible (row-centred) logit spectra, the tolerance-indexed
// dimension r(tau), exact and guaranteed residual output errors of rank-r logit truncations, the effective dimensions,
// and the rank certificates including U5 (docs/theory/rank.md#combined-certificate).
#pragma once
#include <string>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "numerics/rank/lower_bounds.hpp"
#include "lab/result_fields.hpp"

namespace attnlab {

// How tau is read (docs/theory/rank.md#unknowns: the paper's normalisation is unknown). Guarantees always use tau in
// nats.
enum class TauScale { Nats, Sigma1, SqrtN };      // raw nats | tau·sigma_1(L_c) | tau·sqrt(n_k)
TauScale parseTauScale(const std::string& name);  // nats | sigma1 | sqrtn

struct InteractionOptions {
  std::vector<double> taus{0.25, 0.5, 1, 2, 4};  // docs/theory/rank.md#interaction-pipeline
  TauScale tauScale = TauScale::Nats;
  double epsOut = 0.05;  // output tolerance of the effective dimensions (docs/theory/rank.md#interaction-pipeline)
  double eps = 0.1;      // eps of the rank certificates (docs/theory/rank.md#interaction-pipeline)
  double rankTolerance = 1e-9;  // r_vis = #{sigma_vis > tol·sigma_vis,1} (docs/theory/rank.md#interaction-pipeline)
  int maxRank = -1;             // cap on r in the residual curves and U5; -1 = r_vis
  bool certificates = true;     // U1, U5 and the lower bounds
  // false: residual, residualRaw exact only where a result depends on the value (the rest lower bounds past the
  // thresholds, boundOsc and boundSigma empty); every other field the same, bit for bit, in less time
  bool curves = true;
};

struct ToleranceDimension {
  double tau = 0, tauNats = 0;  // as given, and in nats after the scale
  int raw = 0, visible = 0;     // #{sigma_raw > tauNats}, #{sigma_vis > tauNats}
  int reduction = 0;            // raw - visible >= 0 (interlacing)
  double guaranteedError = 0;   // 2 tanh(tauNats/2) (docs/theory/rank.md#approximate-subspaces)
  double measuredError = 0;     // e(visible): the exact residual at that truncation
};
ATTNLAB_FIELDS(ToleranceDimension, tau, tauNats, raw, visible, reduction, guaranteedError, measuredError)

struct CombinedCertificate {          // U5: rank_eps <= C(g+r, r) with e(r) + chebErr(L^(r), g) <= eps
  int k = 0, rank = -1, degree = -1;  // k = n, rank = degree = -1 when vacuous
  bool vacuous = true;
  double bound = 0;          // e(r) + chebErr(L^(r), g)
  double verifiedError = 0;  // ||P - M||_{inf→inf} of the returned approximation
};

struct InteractionResult {
  std::vector<double> sigmaRaw, sigmaVis;     // singular values of L and L_c
  int rankRaw = 0, rVis = 0;                  // numerical ranks (same relative tolerance)
  std::vector<ToleranceDimension> tolerance;  // one per tau
  std::vector<double> residual;               // e(r), r = 0..rMax: max_i ||P_i - softmax(L^(r))_i||_1
  std::vector<double> boundOsc;               // 2 tanh(max_i osc_j(L_c - L^(r))_ij / 4)
  std::vector<double> boundSigma;             // 2 tanh(sigma_{r+1}(L_c) / 2)
  std::vector<double> residualRaw;            // the same with truncations of the uncentred L, to r_eff,raw
  int rEffVis = 0, rEffRaw = 0, effReduction = 0;
  // certificates at options.eps (when asked)
  int kSvd = 0;
  double svdError = 0;
  std::string svdPath;
  CombinedCertificate combined;
  LowerBounds lowerBounds;  // LB-F, LB-DD, LB-POOL-DATA (no coordinates)
  int lowerBound = 0;
  bool nonVacuous = false;  // combined.k < n
};

// Throws std::invalid_argument for empty or non-finite logits and bad options.
InteractionResult interactionAnalysis(const RowMatrix& logits, const InteractionOptions& options = {});

// The same for L = A Bᵀ given by its factors (A: n_q × k, B: n_k × k), as a weights-only head's bilinear form: when
// k < n_q, n_k the three singular value decompositions go through thin QR decompositions of the factors, O(n k²)
// instead of O(n³), and the singular values past k are exact zeros (the same results up to rounding, not bit for bit).
InteractionResult interactionAnalysis(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                                      const InteractionOptions& options = {});

// L = log(max(P, 1e-300)) for an uploaded attention matrix (docs/theory/rank.md#interaction-pipeline); counts entries <
// 1e-30 (masks).
RowMatrix logitsFromAttention(const RowMatrix& p, int* tinyEntries = nullptr);
// L = scale · Q K^T (docs/theory/rank.md#head-inputs), Q: n_q × d_h, K: n_k × d_h.
RowMatrix bilinearLogits(const RowMatrix& q, const RowMatrix& k, double scale);

// Peak bytes of interactionAnalysis: L, L_c, P, two thin SVDs (U, V), a truncation, its softmax, and U1.
double interactionBytes(int nq, int nk);

// Spearman rho with average ranks for ties (docs/theory/rank.md#interaction-pipeline); 0 when either side is constant.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace attnlab
