// SPDX-License-Identifier: Apache-2.0
// Rigorous lower bounds on rank_eps(P) (docs/theory/rank.md#facts, #lower-bounds); the lab shows the
// maximum of all of them as the bottom of the certificate band.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "numerics/shared/geometry.hpp"

namespace attnlab {

// LB-F (F6): min{ k : sum_{l>k} sigma_l^2 <= rows·eps^2 }, tails from ||P||_F^2 minus the leading sigma^2,
// so leading values suffice. Returns sigma.size() if the given values do not reach the allowance.
int frobeniusTailBound(const std::vector<double>& sigma, double frobeniusSq, int rows, double eps);
// LB-F with all singular values computed here (for pooled matrices).
int frobeniusTailBound(const RowMatrix& b, double eps);

// LB-DD (F5, greedy of docs/theory/rank.md#lower-bounds): c(i) = argmax_j P_ij (identityColumns: c(i) = i, for pooled
// square B).
int diagonalDominanceBound(const RowMatrix& p, double eps, bool identityColumns = false);

// B = P[R,:] S with S the 0/1 cell assignment: cellOfKey[j] in [0, |R|) or -1 (dropped). F4.
RowMatrix poolColumns(const RowMatrix& p, const std::vector<int>& rows, const std::vector<int>& cellOfKey);
// max(LB-DD on B with c(i) = i, LB-F on B with |R| rows): the bound every pooling uses.
int pooledBound(const RowMatrix& b, double eps);

struct GeoPoolingOptions {                                   // [default] the grid of docs/theory/rank.md#lower-bounds
  std::vector<double> spacings{1, 1.5, 2, 2.5, 3, 4, 5, 6};  // theta = c / sqrt(beta)
  std::vector<double> radii{0.3, 0.4, 0.5};                  // rho = 2 f theta · 0.999
};
// LB-POOL-GEO: greedy theta-packing of the points, keys pooled to their nearest centre within rho.
int geometricPoolingBound(const RowMatrix& p, const RowMatrix& points, double beta, double eps,
                          const GeoPoolingOptions& options = {});

// Whether rows i and r of P (entries >= 0) overlap by more than delta: sum_j min(P_ij, P_rj) > delta, the sum taken
// in order j = 0, 1, ... (fast where the sum is far from delta, exact always).
bool overlapExceeds(const RowMatrix& p, int i, int r, double delta);
// LB-POOL-DATA (geometry-free): rows accepted while their overlap sum_j min(P_ij, P_rj) <= delta.
int dataPoolingBound(const RowMatrix& p, double eps,
                     const std::vector<double>& deltas = {0.02, 0.05, 0.1, 0.2, 0.3, 0.45});

struct LowerBounds {
  int frobenius = 0;       // LB-F
  int diagonal = 0;        // LB-DD
  int poolGeometric = -1;  // LB-POOL-GEO, -1 when no coordinates were given
  int poolData = 0;        // LB-POOL-DATA
  int best = 0;            // the maximum
  std::vector<std::pair<std::string, int>> named()
      const;  // {"LB-F", ...} in the order of docs/theory/rank.md#lower-bounds
};

// All of them at one eps. sigma/frobeniusSq: P's leading singular values (e.g. from U1's spectrum);
// points may be null (uploaded heads). eps >= 1 gives 0 everywhere (F1).
LowerBounds lowerBounds(const RowMatrix& p, const std::vector<double>& sigma, double frobeniusSq,
                        const RowMatrix* points, double beta, double eps);

// Bytes held at the peak: one pooled |R|×|R| block and its Gram matrix, at most 2·8 n^2 plus P.
double lowerBoundsBytes(int nq, int nk);

}  // namespace attnlab
