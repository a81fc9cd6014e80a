// SPDX-License-Identifier: Apache-2.0
// Builds .npy files in memory for the upload-parser tests, byte for byte as numpy writes them
// (magic, version, dict header padded to 64 bytes and ended by '\n', data), plus the rules used.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "lab/inputs/parse_input.hpp"

namespace fixture {

// A .npy file around a given dict text and data bytes (for malformed headers).
inline std::string npyRaw(const std::string& dict, const std::string& data, int version = 1) {
  const std::size_t prefix = version == 1 ? 10 : 12;
  std::string header = dict;
  header += std::string(64 - (prefix + header.size() + 1) % 64, ' ') + "\n";
  std::string out = "\x93NUMPY";
  out += static_cast<char>(version);
  out += '\0';
  const std::uint32_t length = static_cast<std::uint32_t>(header.size());
  for (std::size_t b = 0; b < (version == 1 ? 2u : 4u); ++b) out += static_cast<char>((length >> (8 * b)) & 0xff);
  return out + header + data;
}

inline std::string shapeTuple(const std::vector<std::uint64_t>& shape) {
  std::string s = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) s += (d ? ", " : "") + std::to_string(shape[d]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

inline std::string dictText(const std::string& descr, const std::vector<std::uint64_t>& shape, bool fortran) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
         ", 'shape': " + shapeTuple(shape) + ", }";
}

template <class T>
void append(std::string& out, T x, bool bigEndian = false) {
  unsigned char b[sizeof(T)];
  std::memcpy(b, &x, sizeof(T));
  if (bigEndian)
    for (std::size_t k = sizeof(T); k-- > 0;) out += static_cast<char>(b[k]);
  else
    for (std::size_t k = 0; k < sizeof(T); ++k) out += static_cast<char>(b[k]);
}

// values written as the dtype says ('<f2' takes raw half-precision bits, as the old Vitest fixture).
inline std::string npy(const std::string& descr, const std::vector<std::uint64_t>& shape,
                       const std::vector<double>& values, bool fortran = false, int version = 1) {
  std::string data;
  for (const double x : values) {
    if (descr == "<f8")
      append<double>(data, x);
    else if (descr == ">f8")
      append<double>(data, x, true);
    else if (descr == "<f4")
      append<float>(data, static_cast<float>(x));
    else if (descr == "<i4")
      append<std::int32_t>(data, static_cast<std::int32_t>(x));
    else if (descr == "<i8")
      append<std::int64_t>(data, static_cast<std::int64_t>(x));
    else if (descr == "<u2")
      append<std::uint16_t>(data, static_cast<std::uint16_t>(x));
    else if (descr == "<f2")
      append<std::uint16_t>(data, static_cast<std::uint16_t>(x));
    else if (descr == "|u1" || descr == "|b1" || descr == "|i1")
      data += static_cast<char>(static_cast<std::int64_t>(x));
    else
      append<double>(data, x);  // '|O' and others: 8 bytes each, as the old fixture
  }
  return npyRaw(dictText(descr, shape, fortran), data, version);
}

// The old TypeScript parser's contract: sparse triplets, any sign, indices in [0, 2^31), shape from the file.
inline attnlab::InputRule tripletRule() {
  attnlab::InputRule rule;
  rule.name = "upload";
  rule.kind = attnlab::InputRule::Kind::SparsePattern;
  rule.maxSide = std::int64_t{1} << 31;
  return rule;
}

// A dense 2-D to 4-D array (the q, k of the coming rank family).
inline attnlab::InputRule denseRule(int minRank = 2, int maxRank = 4, std::int64_t maxSide = 4096) {
  attnlab::InputRule rule;
  rule.name = "q";
  rule.kind = attnlab::InputRule::Kind::Dense;
  rule.minRank = minRank;
  rule.maxRank = maxRank;
  rule.maxSide = maxSide;
  return rule;
}

inline attnlab::InputLimits limits(double budgetBytes = 1024.0 * 1024 * 1024) {
  attnlab::InputLimits l;
  l.maxFileBytes = 256ull << 20;
  l.budgetBytes = budgetBytes;
  return l;
}

}  // namespace fixture
