// SPDX-License-Identifier: Apache-2.0
// Weights widened from F16 and BF16 (wasm/core/model/tensor_reader.cpp): all 65,536 bit patterns of each
// against the IEEE formulas written out here (BF16: the top half of an F32; F16: sign, 5-bit exponent, 10-bit
// mantissa with subnormals, infinities and NaNs), and F32 bit for bit, natively and in wasm.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "../../wasm/core/model/tensor_reader.hpp"

using namespace attnlab::model;

namespace {

struct BytesSource : ByteSource {
  std::string bytes;
  bool fileSize(const std::string&, std::uint64_t& size) override { return size = bytes.size(), true; }
  bool read(const std::string&, std::uint64_t offset, std::uint64_t length, std::string& out, std::string&) override {
    out = bytes.substr(offset, length);
    return true;
  }
};

double halfByFormula(std::uint16_t bits) {
  const double sign = (bits & 0x8000) ? -1.0 : 1.0;
  const int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

float bfloatByFormula(std::uint16_t bits) {
  const std::uint32_t wide = static_cast<std::uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &wide, 4);
  return value;
}

bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
}

}  // namespace

TEST_CASE("model: every F16 and BF16 pattern widens as IEEE says", "[model]") {
  BytesSource source;
  for (unsigned bits = 0; bits < 65536; ++bits) {
    source.bytes += static_cast<char>(bits & 0xff);
    source.bytes += static_cast<char>(bits >> 8);
  }
  TensorSpan span;
  span.file = "t.safetensors";
  span.shape = {65536};
  span.end = source.bytes.size();
  for (const char* dtype : {"F16", "BF16"}) {
    span.dtype = dtype;
    const Eigen::VectorXd values = readVector(source, span);
    int wrong = 0;
    for (unsigned bits = 0; bits < 65536; ++bits) {
      const double want = span.dtype == "F16" ? halfByFormula(static_cast<std::uint16_t>(bits))
                                              : static_cast<double>(bfloatByFormula(static_cast<std::uint16_t>(bits)));
      wrong += !same(values(bits), want);
    }
    INFO(dtype);
    CHECK(wrong == 0);
  }
}

TEST_CASE("model: F32 rows of a table are read bit for bit, only the rows asked for", "[model]") {
  BytesSource source;
  const float table[3][2] = {{1.5f, -0.0f}, {3.0e-39f, 7.25f}, {-2.0f, 1e30f}};  // incl. a subnormal and -0
  source.bytes.assign(reinterpret_cast<const char*>(table), sizeof table);
  TensorSpan span;
  span.file = "t.safetensors";
  span.dtype = "F32";
  span.shape = {3, 2};
  span.end = sizeof table;
  const Eigen::MatrixXd rows = readRows(source, span, {2, 0});
  CHECK(rows(0, 0) == -2.0);
  CHECK(rows(0, 1) == static_cast<double>(1e30f));
  CHECK(same(rows(1, 1), -0.0));
  const Eigen::MatrixXd all = readMatrix(source, span);
  CHECK(all(1, 0) == static_cast<double>(3.0e-39f));
  CHECK(all(1, 1) == 7.25);
}
