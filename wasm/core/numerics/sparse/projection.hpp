// SPDX-License-Identifier: Apache-2.0
// Random projections Y and the factors of B that turn a sparse pattern into inputs X(1), X(2)
// (docs/theory/sparse.md#construction, #splits).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "numerics/sparse/pattern.hpp"

namespace attnlab {

// Scalar of the projections and the inputs X(1), X(2). The check's big GEMM may run in float32, but
// only as a filter: rows near a threshold are redone in double (see CheckOptions::exact).
using Real = double;
using RealMatrix = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// Read-only view of a RealMatrix or of a Map over a reused buffer.
using RealConstRef = Eigen::Ref<const RealMatrix>;

enum class Projection { Gauss, Orth };
enum class Split { Asym, Sym };

// Row j of a projection's underlying standard Gaussian comes from Rng(seed, childStream(stream, j), normals),
// so any row can be drawn alone, in any order, and always gets the same numbers.
void gaussianRow(std::uint64_t seed, std::uint64_t stream, NormalMethod normals, int j, double scale, Real* out, int d);

// rows × d with i.i.d. N(0, 1/d) entries (JL projection, docs/theory/sparse.md#projection); fillGaussian writes into y.
RealMatrix gaussianProjection(int rows, int d, std::uint64_t seed, std::uint64_t stream, NormalMethod normals);
void fillGaussian(Eigen::Ref<RealMatrix> y, std::uint64_t seed, std::uint64_t stream, NormalMethod normals);

// sqrt(rows/d) times independent Haar frames of at most `rows` columns each: the Householder QR of
// a Gaussian block with the signs of Q fixed by sign(diag R). Exact (Y Yᵀ = I) when d = rows.
RealMatrix orthogonalProjection(int rows, int d, std::uint64_t seed, std::uint64_t stream, NormalMethod normals);

// Symmetric split (docs/theory/sparse.md#splits): from the eigen-decomposition B^T B = V diag(λ) V^T, R = V
// diag(λ^{1/4}) and P = B V diag(λ^{-1/4}), dropping λ ≈ 0, so that P R^T = B and X(1) = P Y, X(2) = R Y.
struct SymmetricFactor {
  RealMatrix p, r;  // n × rank each
  int rank = 0;
};
SymmetricFactor symmetricFactor(const SparsePattern& a, const std::vector<double>& bValues);

// X(1) = B Y with B sparse (rows of `a`, values bValues), for rows [first, last).
void sparseTimesDense(const SparsePattern& a, const std::vector<double>& bValues, const RealConstRef& y,
                      Eigen::Ref<RealMatrix> out, int first, int last);

// docs/theory/sparse.md#fixed-weights (Eqs. 15–17): X = [X(1) | X(2)], W_Q = [I; 0], W_K = [0; I], so X W_Q W_K^T X^T =
// X(1) X(2)^T.
RealMatrix assembleInput(const RealMatrix& x1, const RealMatrix& x2);
RealMatrix queryWeights(int d);
RealMatrix keyWeights(int d);

}  // namespace attnlab
