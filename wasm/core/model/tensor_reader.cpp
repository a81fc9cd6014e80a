// SPDX-License-Identifier: Apache-2.0
#include "model/tensor_reader.hpp"

#include <cmath>
#include <cstring>

#include "numerics/shared/text.hpp"
#include "model/model_error.hpp"

namespace attnlab::model {
namespace {

std::uint16_t half(const unsigned char* p) { return static_cast<std::uint16_t>(p[0] | (p[1] << 8)); }

// Decodes `count` elements of `dtype` (little endian) into out (double, or float: F32, F16 and BF16 are exact in both).
template <class Out>
void widen(const std::string& dtype, const std::string& bytes, std::size_t count, Out* out) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  if (dtype == "F32") {
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t bits =
          static_cast<std::uint32_t>(p[4 * i]) | (static_cast<std::uint32_t>(p[4 * i + 1]) << 8) |
          (static_cast<std::uint32_t>(p[4 * i + 2]) << 16) | (static_cast<std::uint32_t>(p[4 * i + 3]) << 24);
      float value;
      std::memcpy(&value, &bits, 4);
      out[i] = value;
    }
  } else if (dtype == "F16") {
    for (std::size_t i = 0; i < count; ++i)
      out[i] = static_cast<float>(Eigen::half(Eigen::half_impl::raw_uint16_to_half(half(p + 2 * i))));
  } else if (dtype == "BF16") {
    for (std::size_t i = 0; i < count; ++i)
      out[i] = static_cast<float>(Eigen::bfloat16(Eigen::bfloat16_impl::raw_uint16_to_bfloat16(half(p + 2 * i))));
  } else {
    throw ModelError("dtype " + dtype + " cannot be widened");
  }
}

std::string readSpan(ByteSource& source, const TensorSpan& span, std::uint64_t offset, std::uint64_t length) {
  std::string bytes, error;
  if (!source.read(span.file, offset, length, bytes, error) || bytes.size() != length)
    throw ModelError(span.file + ": " + (error.empty() ? "a tensor's bytes could not be read" : error));
  return bytes;
}

// The refusal of a NaN or Inf at `element` (its index in the tensor, C order).
[[noreturn]] void refuseValue(const TensorSpan& span, const std::string& name, double value, std::int64_t element) {
  throw ModelError(span.file + ": tensor " + quotedText(name, 120) + " (" + span.dtype + ") holds " +
                   (std::isnan(value) ? "NaN"
                    : value > 0       ? "+Inf"
                                      : "-Inf") +
                   " at element " + std::to_string(element) + ": the checkpoint's weights must be finite");
}

}  // namespace

void requireFinite(const TensorSpan& span, const std::string& name, const double* values, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (!std::isfinite(values[i])) refuseValue(span, name, values[i], static_cast<std::int64_t>(i));
}

void requireFinite(const TensorSpan& span, const std::string& name, const float* values, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (!std::isfinite(values[i])) refuseValue(span, name, values[i], static_cast<std::int64_t>(i));
}

void requireFiniteRows(const TensorSpan& span, const std::string& name, const Eigen::MatrixXd& rows,
                       const std::vector<std::int64_t>& ids) {
  if (rows.allFinite()) return;
  for (Eigen::Index r = 0; r < rows.rows(); ++r)
    for (Eigen::Index c = 0; c < rows.cols(); ++c)
      if (!std::isfinite(rows(r, c)))
        refuseValue(span, name, rows(r, c), ids[static_cast<std::size_t>(r)] * rows.cols() + c);
}

Eigen::MatrixXd readMatrix(ByteSource& source, const TensorSpan& span) {
  const auto rows = span.shape.at(0), cols = span.shape.size() > 1 ? span.shape[1] : 1;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m(rows, cols);
  widen(span.dtype, readSpan(source, span, span.begin, span.end - span.begin), static_cast<std::size_t>(m.size()),
        m.data());
  return m;
}

RowMatrixF readWeights(ByteSource& source, const TensorSpan& span) {
  const auto rows = span.shape.at(0), cols = span.shape.size() > 1 ? span.shape[1] : 1;
  RowMatrixF m(rows, cols);
  widen(span.dtype, readSpan(source, span, span.begin, span.end - span.begin), static_cast<std::size_t>(m.size()),
        m.data());
  return m;
}

Eigen::VectorXd readVector(ByteSource& source, const TensorSpan& span) {
  Eigen::VectorXd v(span.numel());
  widen(span.dtype, readSpan(source, span, span.begin, span.end - span.begin), static_cast<std::size_t>(v.size()),
        v.data());
  return v;
}

Eigen::MatrixXd readRows(ByteSource& source, const TensorSpan& span, const std::vector<std::int64_t>& rows) {
  const std::int64_t cols = span.shape.at(1);
  const std::uint64_t rowBytes = static_cast<std::uint64_t>(cols) * dtypeBytes(span.dtype);
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m(static_cast<Eigen::Index>(rows.size()),
                                                                           cols);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r] < 0 || rows[r] >= span.shape[0])
      throw ModelError("row " + std::to_string(rows[r]) + " is outside the table");
    widen(span.dtype, readSpan(source, span, span.begin + static_cast<std::uint64_t>(rows[r]) * rowBytes, rowBytes),
          static_cast<std::size_t>(cols), m.row(static_cast<Eigen::Index>(r)).data());
  }
  return m;
}

}  // namespace attnlab::model
