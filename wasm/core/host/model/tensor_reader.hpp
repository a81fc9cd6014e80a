// SPDX-License-Identifier: Apache-2.0
// A needed tensor's bytes read through the ByteSource and widened to double (F32, F16, BF16, little endian).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "host/model/byte_source.hpp"
#include "host/model/checkpoint.hpp"

namespace attnlab::model {

using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A 2-D tensor as rows × cols (C order), a 1-D tensor as a column vector.
// `name` (the tensor's full name) is for the refusal of a NaN or Inf, which each of them throws as a ModelError.
Eigen::MatrixXd readMatrix(ByteSource& source, const TensorSpan& span, const std::string& name = "");
// A weight matrix for the float products (layer_math: linear, conv1d): rows × cols in C order, as float, which holds
// F32, F16 and BF16 exactly; no widening to double, no transposed copy.
RowMatrixF readWeights(ByteSource& source, const TensorSpan& span, const std::string& name = "");
Eigen::VectorXd readVector(ByteSource& source, const TensorSpan& span, const std::string& name = "");
// Only the given rows of a 2-D tensor (an embedding table's rows for the text's tokens), one read per row.
Eigen::MatrixXd readRows(ByteSource& source, const TensorSpan& span, const std::vector<std::int64_t>& rows,
                         const std::string& name = "");

// Reads through the checkpoint's names.
struct TensorReader {
  ByteSource& source;
  const Checkpoint& checkpoint;
  Eigen::MatrixXd matrix(const std::string& name) const {
    return readMatrix(source, checkpoint.span(name), checkpoint.prefix + name);
  }
  RowMatrixF weights(const std::string& name) const {
    return readWeights(source, checkpoint.span(name), checkpoint.prefix + name);
  }
  Eigen::VectorXd vector(const std::string& name) const {
    return readVector(source, checkpoint.span(name), checkpoint.prefix + name);
  }
  Eigen::MatrixXd rows(const std::string& name, const std::vector<std::int64_t>& ids) const {
    return readRows(source, checkpoint.span(name), ids, checkpoint.prefix + name);
  }
};

}  // namespace attnlab::model
