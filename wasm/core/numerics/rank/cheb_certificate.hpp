// SPDX-License-Identifier: Apache-2.0
// U3, the per-row Chebyshev certificate (docs/theory/rank.md#chebyshev-certificate): interpolate exp on each row's
// logit range with degree g; the approximation lies in a space of dimension D(g) fixed by the geometry.
#pragma once
#include <vector>

#include "numerics/shared/geometry.hpp"

namespace attnlab {

// Binomial coefficient as a double (exact below 2^53), 0 when k < 0 or n < k.
double binomial(int n, int k);
// N_S(d,g) = C(g+d-1,d-1) + C(g+d-2,d-1): polynomials of degree <= g restricted to S^{d-1}
// (docs/theory/rank.md#sphere-upper).
double sphereDimension(int d, int g);
// C(g+d, d): polynomials of degree <= g in R^d (ball; also any logits of visible rank d,
// docs/theory/rank.md#interaction-dimension).
double polynomialDimension(int d, int g);
// sum_{k<=g} N_S(d,k): span of x^a |x|^{2m} with |a| + m <= g (Gaussian lift G, docs/theory/rank.md#dimension-rules).
double liftDimension(int d, int g);

enum class DimensionRule { Sphere, Ball, Lift, Generic };  // docs/theory/rank.md#dimension-rules
DimensionRule dimensionRuleFor(Geometry geometry);
// D(g) of the rule; `dim` is d for the geometries and the visible rank r for Generic.
double certificateDimension(DimensionRule rule, int dim, int g);

// chebErr(g) = max_i sum_j |p_ij - exp(L_ij - hi_i)| / sum_j exp(L_ij - hi_i)
// (docs/theory/rank.md#chebyshev-certificate).
double chebyshevError(const RowMatrix& logits, int g);
// chebErr(g) for a scan over g: each row's range and exp(L_ij - hi_i) with its sum computed once, when the row is
// first needed, not once per degree (the same numbers as chebyshevError). Holds one more matrix the size of the
// logits, which must outlive it.
struct RowRange {
  double hi, lo, z;  // a row's largest and smallest logit and Z = sum_j exp(L_ij - hi)
};
class ChebyshevScan {
 public:
  explicit ChebyshevScan(const RowMatrix& logits);
  double error(int g) const;
  // Whether base + chebErr(g) > limit, decided at the first row i with base + err_i(g) > limit (the same answer as
  // base + error(g) > limit, rounding included, since + rounds monotonically): most rows' exponentials are never
  // needed when the answer is yes.
  bool exceeds(int g, double base, double limit) const;

 private:
  const double* expsOf(Eigen::Index i) const;  // computed on first use
  const RowMatrix& logits_;
  mutable RowMatrix exps_;
  mutable std::vector<RowRange> ranges_;
  mutable std::vector<char> ready_;
};
// The normalised approximation M_ij = p_ij / Z_i of softmax(L) whose row errors chebyshevError measures.
RowMatrix chebyshevApproximation(const RowMatrix& logits, int g);

struct ChebCertificate {
  int k = 0;                   // min(n, D(g*)); n when vacuous
  int degree = -1;             // g*, -1 when vacuous
  bool vacuous = false;        // D(g) reached n before chebErr(g) <= eps
  double error = 1;            // chebErr(g*)
  double verifiedError = 0;    // ||softmax(L) - M||_{inf→inf} recomputed from the returned M
  std::vector<double> errors;  // chebErr(g) for g = 0..last scanned (the ladder's U3 curve)
  std::vector<double> dims;    // D(g) for the same g
};

// Scans g = 0, 1, ... and stops at the first g with chebErr(g) <= eps or D(g) >= n = logits.cols().
// eps >= 1 gives k = 0 (F1). maxDegree bounds the scan [a default: g rarely exceeds 40,
// docs/theory/rank.md#implementation-notes].
ChebCertificate chebyshevCertificate(const RowMatrix& logits, DimensionRule rule, int dim, double eps,
                                     int maxDegree = 200);

// Bytes held: at most three matrices the size of the logits besides them (the scan's exponentials, then P and the
// approximation), and rows of coefficients.
double chebyshevCertificateBytes(int nq, int nk);

}  // namespace attnlab
