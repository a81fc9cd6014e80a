// SPDX-License-Identifier: Apache-2.0
// A needed tensor's bytes read through the ByteSource and widened to double (F32, F16, BF16, little endian).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "model/byte_source.hpp"
#include "model/checkpoint.hpp"

namespace attnlab::model {

using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A 2-D tensor as rows × cols (C order), a 1-D tensor as a column vector.
Eigen::MatrixXd readMatrix(ByteSource& source, const TensorSpan& span);
// A weight matrix for the float products (layer_math: linear, conv1d): rows × cols in C order, as float, which holds
// F32, F16 and BF16 exactly; no widening to double, no transposed copy.
RowMatrixF readWeights(ByteSource& source, const TensorSpan& span);
Eigen::VectorXd readVector(ByteSource& source, const TensorSpan& span);
// Only the given rows of a 2-D tensor (an embedding table's rows for the text's tokens), one read per row.
Eigen::MatrixXd readRows(ByteSource& source, const TensorSpan& span, const std::vector<std::int64_t>& rows);

// A NaN or Inf in a weight is refused where it is read, naming the file, the tensor (whose name holds the layer) and
// the element (C order): past this point it would only surface as a null in the output. Throws ModelError.
void requireFinite(const TensorSpan& span, const std::string& name, const double* values, std::size_t count);
void requireFinite(const TensorSpan& span, const std::string& name, const float* values, std::size_t count);
void requireFiniteRows(const TensorSpan& span, const std::string& name, const Eigen::MatrixXd& rows,
                       const std::vector<std::int64_t>& ids);  // rows: those of ids, as readRows returns them

// Reads through the checkpoint's names, refusing NaN and Inf.
struct TensorReader {
  ByteSource& source;
  const Checkpoint& checkpoint;
  Eigen::MatrixXd matrix(const std::string& name) const {
    Eigen::MatrixXd m = readMatrix(source, checkpoint.span(name));
    if (!m.allFinite()) {
      const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> c = m;  // C order for the index
      requireFinite(checkpoint.span(name), checkpoint.prefix + name, c.data(), static_cast<std::size_t>(c.size()));
    }
    return m;
  }
  RowMatrixF weights(const std::string& name) const {
    RowMatrixF m = readWeights(source, checkpoint.span(name));
    requireFinite(checkpoint.span(name), checkpoint.prefix + name, m.data(), static_cast<std::size_t>(m.size()));
    return m;
  }
  Eigen::VectorXd vector(const std::string& name) const {
    Eigen::VectorXd v = readVector(source, checkpoint.span(name));
    requireFinite(checkpoint.span(name), checkpoint.prefix + name, v.data(), static_cast<std::size_t>(v.size()));
    return v;
  }
  Eigen::MatrixXd rows(const std::string& name, const std::vector<std::int64_t>& ids) const {
    Eigen::MatrixXd m = readRows(source, checkpoint.span(name), ids);
    requireFiniteRows(checkpoint.span(name), checkpoint.prefix + name, m, ids);
    return m;
  }
};

}  // namespace attnlab::model
