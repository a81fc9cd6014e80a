// SPDX-License-Identifier: Apache-2.0
// Row softmax and the quantities read off an attention matrix.
#pragma once
#include <Eigen/Dense>
#include <vector>

#include "numerics/shared/geometry.hpp"
#include "lab/json.hpp"
#include "lab/result_fields.hpp"

namespace attnlab {

// In place: row i becomes softmax of its logits (stable, max subtracted). With causal = true the
// entries j > i are exactly 0 and do not enter the normaliser (docs/theory/sparse.md#self-attention).
void rowSoftmaxInPlace(RowMatrix& logits, bool causal, int firstRow = 0, int lastRow = -1);

// Shannon entropy of each row in nats (0·ln 0 = 0).
std::vector<double> rowEntropies(const RowMatrix& p);

// exp of the entropy of the normalised singular values (Roy & Vetterli effective rank).
double effectiveRank(const std::vector<double>& singularValues);

// Singular values (descending) by Eigen's BDCSVD without singular vectors.
std::vector<double> singularValues(const RowMatrix& m);

// Downsample to at most maxSide × maxSide cells, each keeping the entry of largest |x| in its block,
// so isolated spikes stay visible. Returns {rows, cols, data (row-major)}, as every heatmap appears in a result.
struct Grid {
  int rows = 0, cols = 0;
  std::vector<double> data;
};
ATTNLAB_FIELDS(Grid, rows, cols, data)
Grid downsampleMaxAbs(const RowMatrix& m, int maxSide);

}  // namespace attnlab
