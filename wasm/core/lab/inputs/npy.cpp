// SPDX-License-Identifier: Apache-2.0
// .npy reader (format 1.0-3.0, docs/theory/rank.md#head-inputs): the header is parsed as the small Python dict
// literal numpy writes; its shape is checked against the bytes present, the rule and the budget
// before anything is allocated.
// The header is npy_header.cpp's; here the data: sized against the file, then loaded element by element.
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "lab/inputs/input_detail.hpp"

namespace attnlab::input_detail {
namespace {

double loadElement(const unsigned char* p, char kind, int width) {
  std::uint64_t bits = 0;
  for (int b = width - 1; b >= 0; --b) bits = (bits << 8) | p[b];  // little-endian, on any host
  switch (kind) {
    case 'b':
      return bits != 0 ? 1.0 : 0.0;
    case 'u':
      return static_cast<double>(bits);
    case 'i': {
      const int shift = 64 - 8 * width;  // sign-extend
      return static_cast<double>(static_cast<std::int64_t>(bits << shift) >> shift);
    }
    default:
      break;
  }
  if (width == 8) {
    double x;
    std::memcpy(&x, &bits, 8);
    return x;
  }
  if (width == 4) {
    const auto b32 = static_cast<std::uint32_t>(bits);
    float x;
    std::memcpy(&x, &b32, 4);
    return x;
  }
  const int exponent = static_cast<int>((bits >> 10) & 0x1f), fraction = static_cast<int>(bits & 0x3ff);
  const double sign = (bits & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(fraction / 1024.0, -14);
  if (exponent == 31) return fraction ? std::nan("") : sign * HUGE_VAL;
  return sign * std::ldexp(1.0 + fraction / 1024.0, exponent - 15);
}

// Visits elements in file order (sequential reads) as visit(k, offset): offset is the element's index
// in the file, k its row-major (logical) index; for Fortran order the first index varies fastest.
template <class Visit>
bool forEachElement(const std::vector<std::int64_t>& shape, bool fortran, std::uint64_t count, Visit visit) {
  const std::size_t rank = shape.size();
  if (!fortran || rank < 2) {
    for (std::uint64_t k = 0; k < count; ++k)
      if (!visit(k, k)) return false;
    return true;
  }
  std::vector<std::uint64_t> stride(rank, 1), index(rank, 0);  // row-major strides
  for (std::size_t d = rank - 1; d-- > 0;) stride[d] = stride[d + 1] * static_cast<std::uint64_t>(shape[d + 1]);
  std::uint64_t k = 0;
  for (std::uint64_t offset = 0; offset < count; ++offset) {
    if (!visit(k, offset)) return false;
    for (std::size_t d = 0; d < rank; ++d) {  // odometer, first index fastest
      k += stride[d];
      if (++index[d] < static_cast<std::uint64_t>(shape[d])) break;
      k -= stride[d] * index[d];
      index[d] = 0;
    }
  }
  return true;
}

std::string elementName(const std::vector<std::int64_t>& shape, std::uint64_t k) {
  std::vector<std::uint64_t> index(shape.size());
  for (std::size_t d = shape.size(); d-- > 0;) {
    index[d] = k % static_cast<std::uint64_t>(shape[d]);
    k /= static_cast<std::uint64_t>(shape[d]);
  }
  std::string s = "data[";
  for (std::size_t d = 0; d < index.size(); ++d) s += (d ? ", " : "") + std::to_string(index[d]);
  return s + "]";
}

// Sizes the data against the file: "" when the header's shape matches the bytes present exactly.
std::string sizeProblem(const NpyHeader& h, std::string_view bytes, std::uint64_t& count) {
  const std::uint64_t available = bytes.size() - h.dataStart;
  std::uint64_t needed = 0;
  const bool fits = checkedProduct(h.shape, static_cast<std::uint64_t>(h.width), needed) && needed <= available;
  const std::string claim = "header claims shape " + shapeText(h.shape) + " = " + number(elementCount(h.shape)) +
                            " elements of " + std::to_string(h.width) + (h.width == 1 ? " byte" : " bytes");
  if (!fits) return claim + " but the file holds " + std::to_string(available) + " bytes of data";
  if (needed < available)
    return claim + " = " + std::to_string(needed) + " bytes but the file holds " + std::to_string(available) +
           " bytes of data (wrong shape or trailing bytes)";
  count = needed / static_cast<std::uint64_t>(h.width);
  return "";
}

}  // namespace

double estimateNpyBytes(const InputRule& rule, std::string_view bytes) {
  NpyHeader h;
  if (!readNpyHeader(bytes, h).empty()) return 0;
  const double elements = elementCount(h.shape);
  // Sparse: a counting pass first, then at most one triplet (3 doubles) per element.
  const double rows = h.shape.empty() ? 0 : static_cast<double>(h.shape[0]);
  return rule.kind == InputRule::Kind::SparsePattern ? 24.0 * elements + 8.0 * (rows + 1) : 8.0 * elements;
}

std::string parseNpy(const Source& src, InputArray& out) {
  NpyHeader h;
  std::uint64_t count = 0;
  if (std::string e = readNpyHeader(src.bytes, h); !e.empty()) return e;
  if (std::string e = sizeProblem(h, src.bytes, count); !e.empty()) return e;
  if (std::string e = shapeProblem(src.rule, h.shape); !e.empty()) return e;
  const auto* data = reinterpret_cast<const unsigned char*>(src.bytes.data()) + h.dataStart;
  const auto load = [&](std::uint64_t offset) { return loadElement(data + offset * h.width, h.kind, h.width); };
  const bool sparse = src.rule.kind == InputRule::Kind::SparsePattern;
  const std::string what = "shape " + shapeText(h.shape);
  // Sparse: each row's nonzeros get their own slot, so a Fortran file (read column by column, in
  // file order) still comes out row-major, the columns of a row arriving in order.
  const std::size_t rows = sparse ? static_cast<std::size_t>(h.shape[0]) : 0,
                    cols = sparse ? static_cast<std::size_t>(h.shape[1]) : 1;
  const double rowSlots = sparse ? 8.0 * (static_cast<double>(rows) + 1) : 0.0;
  if (std::string e = budgetProblem(src, sparse ? rowSlots : 8.0 * static_cast<double>(count), what); !e.empty())
    return e;
  std::vector<std::uint64_t> next(sparse ? rows + 1 : 0, 0);
  // Every element: finite, and >= 0 when the rule says so; sparse rules count the nonzeros per row.
  std::string problem;
  std::uint64_t nonzeros = 0;
  forEachElement(h.shape, h.fortran, count, [&](std::uint64_t k, std::uint64_t offset) {
    const double v = load(offset);
    if (!std::isfinite(v))
      problem = elementName(h.shape, k) + " = " + number(v) + " is not a finite number";
    else if (src.rule.nonNegative && v < 0)
      problem =
          elementName(h.shape, k) + " = " + number(v) + " is negative (" + src.rule.name + " values must be >= 0)";
    if (sparse && v != 0) {
      ++nonzeros;
      ++next[k / cols + 1];
    }
    return problem.empty();
  });
  if (!problem.empty()) return problem;
  out.shape = h.shape;
  out.sparse = sparse;
  if (!sparse) {
    out.values.resize(count);
    forEachElement(h.shape, h.fortran, count, [&](std::uint64_t k, std::uint64_t offset) {
      out.values[k] = load(offset);
      return true;
    });
    return "";
  }
  if (std::string e = budgetProblem(src, 24.0 * static_cast<double>(nonzeros) + rowSlots, what); !e.empty()) return e;
  for (std::size_t i = 0; i < rows; ++i) next[i + 1] += next[i];
  out.values.resize(3 * nonzeros);
  forEachElement(h.shape, h.fortran, count, [&](std::uint64_t k, std::uint64_t offset) {
    const double v = load(offset);
    if (v == 0) return true;
    double* t = &out.values[3 * next[k / cols]++];
    t[0] = static_cast<double>(k / cols);
    t[1] = static_cast<double>(k % cols);
    t[2] = v;
    return true;
  });
  return nonzeroProblem(out, "the " + std::to_string(h.shape[0]) + " × " + std::to_string(h.shape[1]) + " array");
}

}  // namespace attnlab::input_detail
