// SPDX-License-Identifier: Apache-2.0
// U4, the l1 refit (docs/theory/rank.md#l1-refit, the optional "refine" button): keep U1's rank-k row basis V_k^T
// and refit each violating row in the l1 norm by IRLS; the certificate is the smallest k that passes.
#pragma once
#include <utility>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "numerics/rank/svd_certificate.hpp"

namespace attnlab {

struct RefitOptions {
  int iterations = 20;        // IRLS steps per row [default: 15-30, docs/theory/rank.md#l1-refit]
  double weightFloor = 1e-7;  // w_j = 1 / max(|r_j|, floor)
  int maxN = 512;             // refit only for n <= 512 (docs/theory/rank.md#l1-refit)
};

struct RefitCertificate {
  int k = 0;                      // scanning down from k_svd: the last k at which every row refits within eps
  double verifiedError = 0;       // ||P - M||_{inf→inf} of the refitted rank-k approximation
  int refittedRows = 0;           // rows that needed IRLS at that k
  std::vector<double> rowErrors;  // max refitted row error at each k tried (eps + 1 marks the failing k)
  std::vector<int> triedK;
};

// Row errors of the best l1 fit of each row in span(V_k^T) (IRLS only where the LS error exceeds eps).
std::vector<double> refitRowErrors(const RowMatrix& p, const Eigen::MatrixXd& vk, double eps,
                                   const RefitOptions& options, int* refitted = nullptr);

// U4 from U1's certificate: scans k = u1.k - 1 down to lowerBound, stopping at the first failure. Throws
// std::invalid_argument when n > options.maxN or u1 carries fewer than u1.k vectors.
RefitCertificate refitCertificate(const RowMatrix& p, const SvdCertificate& u1, double eps, int lowerBound = 0,
                                  const RefitOptions& options = {});

}  // namespace attnlab
