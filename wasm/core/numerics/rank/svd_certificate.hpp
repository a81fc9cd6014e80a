// SPDX-License-Identifier: Apache-2.0
// U1, the truncated-SVD upper certificate (docs/theory/rank.md#svd-certificate, #implementation-notes): the smallest k
// whose rank-k SVD truncation is within eps in the max-row-l1 norm, found by rank-one downdates of one residual.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "numerics/shared/geometry.hpp"

namespace attnlab {

// Leading right singular vectors of P and their singular values, descending.
struct RightSpectrum {
  std::vector<double> sigma;  // sigma_1 >= sigma_2 >= ... (as many as were computed)
  Eigen::MatrixXd vectors;    // n_k × sigma.size(), column l = v_l
  double frobeniusSq = 0;     // ||P||_F^2, so tails are known even when only leading values are
  bool complete = false;      // true when every singular value was computed (full path)
};

// Full spectrum through the eigendecomposition of P^T P (docs/theory/rank.md#implementation-notes: ~3-4x fewer flops
// than BDCSVD).
RightSpectrum fullRightSpectrum(const RowMatrix& p);
// The `count` leading pairs by Lanczos (Spectra SymEigsSolver on P^T P, never forming it). Throws
// std::runtime_error when Lanczos does not converge; callers fall back to the full spectrum.
RightSpectrum partialRightSpectrum(const RowMatrix& p, int count);

enum class SvdPath { Auto, Full, Partial };
SvdPath parseSvdPath(const std::string& name);  // auto | full | partial

struct SvdOptions {
  SvdPath path = SvdPath::Auto;
  int initialVectors = 24;       // first Lanczos block; doubled until the certificate is met
  double partialFraction = 0.3;  // Lanczos only while the block is <= this fraction of n [G: speed only]
};

struct SvdCertificate {
  int k = 0;                     // smallest k with err_k <= eps (first crossing, docs/theory/rank.md#svd-certificate)
  double verifiedError = 0;      // ||P - P V_k V_k^T||_{inf→inf}, recomputed from the returned factors
  std::vector<double> errCurve;  // err_0 = 1, err_1, ..., err_k (the scan stops at the certificate)
  RightSpectrum spectrum;        // what was computed (reused by LB-F)
  std::string path;              // "full" | "partial": which path produced the certificate
  int lanczosRounds = 0;         // Lanczos solves tried (0 on the full path)
};

// err_k for k = 0..: R_k = R_{k-1} - (P v_k) v_k^T, row l1 norms accumulated in the same pass; stops at
// the first k with err_k <= eps or when the vectors run out. Returns the curve.
std::vector<double> residualErrorCurve(const RowMatrix& p, const Eigen::MatrixXd& vectors, double eps);

// U1 for one eps. eps >= 1 gives k = 0 (F1). Throws std::invalid_argument for eps <= 0.
SvdCertificate svdCertificate(const RowMatrix& p, double eps, const SvdOptions& options = {});

// Bytes U1 holds at its peak for an n_q × n_k matrix: P^T P, eigenvectors, solver workspace, residual
// and the verification product.
double svdCertificateBytes(int nq, int nk);

}  // namespace attnlab
