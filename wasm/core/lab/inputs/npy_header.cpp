// SPDX-License-Identifier: Apache-2.0
// .npy header (format 1.0-3.0, docs/theory/rank.md#head-inputs): the magic, the version and the small
// Python dict literal numpy writes, read strictly; what it claims is checked against the data in npy.cpp.
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>

#include "lab/inputs/input_detail.hpp"

namespace attnlab::input_detail {
namespace {

// The dict literal {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }.
class HeaderLexer {
 public:
  explicit HeaderLexer(std::string_view text) : t_(text) {}
  void skipSpace() {
    while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t' || t_[p_] == '\n' || t_[p_] == '\r')) ++p_;
  }
  bool take(char c) {
    skipSpace();
    if (p_ < t_.size() && t_[p_] == c) {
      ++p_;
      return true;
    }
    return false;
  }
  bool peek(char c) {
    skipSpace();
    return p_ < t_.size() && t_[p_] == c;
  }
  bool atEnd() {
    skipSpace();
    return p_ == t_.size();
  }
  // A quoted string without escapes.
  bool string(std::string& out) {
    skipSpace();
    if (p_ >= t_.size() || (t_[p_] != '\'' && t_[p_] != '"')) return false;
    const char q = t_[p_];
    const std::size_t end = t_.find(q, p_ + 1);
    if (end == std::string_view::npos) return false;
    out.assign(t_.substr(p_ + 1, end - p_ - 1));
    if (out.find('\\') != std::string::npos) return false;
    p_ = end + 1;
    return true;
  }
  // A run of letters, digits and '_' (True, False, 12, 3L).
  std::string_view word() {
    skipSpace();
    const std::size_t start = p_;
    while (p_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[p_])) || t_[p_] == '_')) ++p_;
    return t_.substr(start, p_ - start);
  }
  std::string_view rest() const { return t_.substr(p_); }

 private:
  std::string_view t_;
  std::size_t p_ = 0;
};

std::string readDescr(HeaderLexer& lex, NpyHeader& h) {
  if (lex.peek('[')) return "header key 'descr': structured dtypes are not supported (save a plain numeric array)";
  if (!lex.string(h.descr))
    return "header key 'descr': expected a quoted dtype such as '<f8', got " + quoteInput(lex.rest());
  std::string_view d = h.descr;
  char order = '|';
  if (!d.empty() && (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '=')) {
    order = d[0];
    d.remove_prefix(1);
  }
  const char kind = d.empty() ? 0 : d[0];
  int width = 0;
  if (d == "?") {
    width = 1;
  } else if (d.size() == 2 && d[1] >= '1' && d[1] <= '8') {
    width = d[1] - '0';
  }
  const bool supported = (kind == 'f' && (width == 2 || width == 4 || width == 8)) ||
                         ((kind == 'i' || kind == 'u') && (width == 1 || width == 2 || width == 4 || width == 8)) ||
                         ((kind == 'b' || kind == '?') && width == 1);
  if (!supported)
    return "header key 'descr' " + quoteInput(h.descr) +
           ": unsupported dtype (use float64, float32, float16, integers or bool; object, complex, string and "
           "date dtypes cannot be read)";
  if (order == '>' && width > 1)
    return "header key 'descr' " + quoteInput(h.descr) +
           ": big-endian data is not supported (save as little-endian, '<" + std::string(d) + "')";
  h.kind = kind == '?' ? 'b' : kind;
  h.width = width;
  return "";
}

std::string readShape(HeaderLexer& lex, NpyHeader& h) {
  if (!lex.take('(')) return "header key 'shape': expected a tuple such as (3, 4), got " + quoteInput(lex.rest());
  while (!lex.take(')')) {
    std::string_view w = lex.word();
    const std::string element = "header key 'shape' element " + std::to_string(h.shape.size());
    if (!w.empty() && (w.back() == 'L' || w.back() == 'l')) w.remove_suffix(1);  // Python 2's 3L
    if (w.empty() || w.find_first_not_of("0123456789") != std::string_view::npos)
      return element + ": expected a whole number, got " + quoteInput(w.empty() ? lex.rest() : w);
    std::uint64_t side = 0;
    for (const char c : w)
      if (__builtin_mul_overflow(side, 10u, &side) ||
          __builtin_add_overflow(side, static_cast<unsigned>(c - '0'), &side) ||
          side > static_cast<std::uint64_t>(INT64_MAX))
        return element + " " + quoteInput(w) + " is too large";
    h.shape.push_back(static_cast<std::int64_t>(side));
    if (h.shape.size() > 32) return "header key 'shape': more than 32 dimensions";
    if (!lex.take(',') && !lex.peek(')'))
      return "header key 'shape': expected ',' or ')' after element " + std::to_string(h.shape.size() - 1) + ", got " +
             quoteInput(lex.rest());
  }
  return "";
}

std::string readDict(std::string_view text, NpyHeader& h) {
  HeaderLexer lex(text);
  if (!lex.take('{'))
    return "header: expected a dict {'descr': ..., 'fortran_order': ..., 'shape': ...}, got " + quoteInput(text);
  bool seenDescr = false, seenOrder = false, seenShape = false;
  while (!lex.take('}')) {
    std::string key;
    if (!lex.string(key) || !lex.take(':')) return "header: expected 'key': value, got " + quoteInput(lex.rest());
    std::string problem;
    if (key == "descr") {
      if (seenDescr) return "header repeats key 'descr'";
      seenDescr = true;
      problem = readDescr(lex, h);
    } else if (key == "fortran_order") {
      if (seenOrder) return "header repeats key 'fortran_order'";
      seenOrder = true;
      const std::string_view w = lex.word();
      if (w != "True" && w != "False")
        return "header key 'fortran_order': expected True or False, got " + quoteInput(w.empty() ? lex.rest() : w);
      h.fortran = w == "True";
    } else if (key == "shape") {
      if (seenShape) return "header repeats key 'shape'";
      seenShape = true;
      problem = readShape(lex, h);
    } else {
      return "header key " + quoteInput(key) + " is not one of descr, fortran_order, shape";
    }
    if (!problem.empty()) return problem;
    if (!lex.take(',') && !lex.peek('}')) return "header: expected ',' or '}', got " + quoteInput(lex.rest());
  }
  if (!lex.atEnd()) return "header: unexpected text after the dict: " + quoteInput(lex.rest());
  if (!seenDescr) return "header has no key 'descr'";
  if (!seenOrder) return "header has no key 'fortran_order'";
  if (!seenShape) return "header has no key 'shape'";
  return "";
}

}  // namespace

std::string readNpyHeader(std::string_view bytes, NpyHeader& h) {
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  if (bytes.size() < 8 || std::memcmp(u, "\x93NUMPY", 6) != 0) return "not a .npy file (no \\x93NUMPY magic)";
  const int major = u[6], minor = u[7];
  if (major < 1 || major > 3 || minor != 0)
    return "format version " + std::to_string(major) + "." + std::to_string(minor) +
           " is not supported (1.0, 2.0 or 3.0)";
  const std::uint64_t prefix = major == 1 ? 10 : 12;
  if (bytes.size() < prefix)
    return "truncated header: a version " + std::to_string(major) + " file needs " + std::to_string(prefix) +
           " bytes before its header, this one holds " + std::to_string(bytes.size());
  std::uint64_t length = std::uint64_t{u[8]} | (std::uint64_t{u[9]} << 8);
  if (major > 1) length |= (std::uint64_t{u[10]} << 16) | (std::uint64_t{u[11]} << 24);
  if (length > bytes.size() - prefix)
    return "truncated header: it claims " + std::to_string(length) + " bytes but " +
           std::to_string(bytes.size() - prefix) + " follow";
  h.dataStart = prefix + length;
  return readDict(bytes.substr(prefix, length), h);
}

}  // namespace attnlab::input_detail
