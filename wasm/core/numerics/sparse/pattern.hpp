// SPDX-License-Identifier: Apache-2.0
// The sparse target A of paper 1 (docs/theory/sparse.md#target-class): storage, the sampler, uploads, and B
// (docs/theory/sparse.md#dmin-experiment, #build-b).
#pragma once
#include "lab/inputs/parse_input.hpp"
#include <cstdint>
#include <string>
#include <vector>

#include "numerics/shared/rng.hpp"

namespace attnlab {

// A nonnegative n×n pattern in compressed rows: row i holds its nonzeros (the support N_i) in
// ascending column order. Zeros are never stored.
struct SparsePattern {
  int n = 0;
  std::vector<int> rowStart;  // n + 1 offsets into cols / values
  std::vector<int> cols;
  std::vector<double> values;  // A_ij > 0

  int rowSize(int i) const { return rowStart[i + 1] - rowStart[i]; }
  int nonzeros() const { return static_cast<int>(cols.size()); }
  // Largest number of nonzeros in any row or column (the measured k).
  int measuredK() const;
  // max_i ln(max_{N_i} A_ij / min_{N_i} A_ij): the within-row log-range that replaces ln γ
  // (docs/theory/sparse.md#target-class).
  double rho() const;
  bool lowerTriangular() const;
};

// docs/theory/sparse.md#dmin-experiment: union of k random permutation matrices, weights log-uniform in [1, γ], a later
// permutation overwriting an earlier one where they collide. Causal: greedy lower-triangular rows,
// full diagonal plus up to k−1 random earlier columns whose count is still below k.
SparsePattern samplePattern(int n, int k, double gamma, bool causal, Rng& rng);

// Builds a pattern from flat triplets [i0, j0, v0, i1, j1, v1, ...] (the upload contract). The size is
// max index + 1, or minSize when larger. Zeros are allowed and ignored. Every problem throws a
// ParamError naming the 1-based triplet ("upload triplet 17 (line 17): ...").
SparsePattern patternFromTriplets(const std::vector<double>& triplets, int minSize, int maxSize, bool causal);
// An uploaded pattern (parsed by the one input parser): its size n is the file's, never inferred.
SparsePattern patternFromInput(const InputArray& pattern, bool causal);

// Values of B on the support, aligned with pattern.values (docs/theory/sparse.md#build-b): B_ij = ln(A_ij / a_i) + Δ
// with a_i the smallest nonzero of row i; zeros of A stay 0 in B (B must be sparse).
std::vector<double> logOffsetValues(const SparsePattern& a, double delta);

// Row i of A divided by its sum, as a dense vector (for the row overlay).
std::vector<double> normalisedRow(const SparsePattern& a, int i);

}  // namespace attnlab
