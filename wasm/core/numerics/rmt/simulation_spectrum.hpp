// SPDX-License-Identifier: Apache-2.0
// The spectrum of S = C C^T / N from the pooled vectors C (docs/theory/rmt.md#numerics): every eigenvalue, or the top
// eigenpair by Lanczos (Spectra) without forming S.
#pragma once
#include <Eigen/Dense>
#include <cstdint>

namespace attnlab {

// Top eigenpair of C C^T / N by Lanczos (Spectra), on the smaller of the d- and N-sides, without S.
struct TopEigenpair {
  double eigenvalue = 0;
  Eigen::VectorXd vector;       // unit eigenvector in R^d (u_S)
  Eigen::VectorXd rightVector;  // unit vector in R^N along C^T u_S (v_S)
  int iterations = 0;
};
TopEigenpair topEigenpairLanczos(const Eigen::MatrixXd& C, std::uint64_t seed = 1, double tolerance = 1e-10);

// All d eigenvalues of C C^T / N (ascending; zeros padded when N < d, via the N x N Gram) and the top pair.
struct FullSpectrum {
  Eigen::VectorXd eigenvalues;
  TopEigenpair top;
};
FullSpectrum sampleCovarianceSpectrum(const Eigen::MatrixXd& C);

}  // namespace attnlab
