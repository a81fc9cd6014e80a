// .npy reader (format 1.0-3.0, docs/theory/rank.md#head-inputs): the header is parsed as the small Python dict
// literal numpy writes; its shape is checked against the bytes present, the rule and the budget
// before anything is allocated.
#include <cmath>
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>

#include "input_detail.hpp"

namespace attnlab::input_detail {
namespace {

struct NpyHeader {
  std::string descr;
  char kind = 0;  // 'f', 'i', 'u', 'b'
  int width = 0;  // bytes per element
  bool fortran = false;
  std::vector<std::int64_t> shape;
  std::uint64_t dataStart = 0;
};

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
  if (!lex.string(h.descr)) return "header key 'descr': expected a quoted dtype such as '<f8', got " + quoteInput(lex.rest());
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
    return "header key 'descr' " + quoteInput(h.descr) + ": big-endian data is not supported (save as little-endian, '<" +
           std::string(d) + "')";
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
      if (__builtin_mul_overflow(side, 10u, &side) || __builtin_add_overflow(side, static_cast<unsigned>(c - '0'), &side) ||
          side > static_cast<std::uint64_t>(INT64_MAX))
        return element + " " + quoteInput(w) + " is too large";
    h.shape.push_back(static_cast<std::int64_t>(side));
    if (h.shape.size() > 32) return "header key 'shape': more than 32 dimensions";
    if (!lex.take(',') && !lex.peek(')')) return "header key 'shape': expected ',' or ')' after element " +
                                                  std::to_string(h.shape.size() - 1) + ", got " + quoteInput(lex.rest());
  }
  return "";
}

std::string readDict(std::string_view text, NpyHeader& h) {
  HeaderLexer lex(text);
  if (!lex.take('{')) return "header: expected a dict {'descr': ..., 'fortran_order': ..., 'shape': ...}, got " + quoteInput(text);
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
      if (w != "True" && w != "False") return "header key 'fortran_order': expected True or False, got " + quoteInput(w.empty() ? lex.rest() : w);
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

std::string readHeader(std::string_view bytes, NpyHeader& h) {
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  if (bytes.size() < 8 || std::memcmp(u, "\x93NUMPY", 6) != 0) return "not a .npy file (no \\x93NUMPY magic)";
  const int major = u[6], minor = u[7];
  if (major < 1 || major > 3 || minor != 0)
    return "format version " + std::to_string(major) + "." + std::to_string(minor) + " is not supported (1.0, 2.0 or 3.0)";
  const std::uint64_t prefix = major == 1 ? 10 : 12;
  if (bytes.size() < prefix)
    return "truncated header: a version " + std::to_string(major) + " file needs " + std::to_string(prefix) +
           " bytes before its header, this one holds " + std::to_string(bytes.size());
  std::uint64_t length = std::uint64_t{u[8]} | (std::uint64_t{u[9]} << 8);
  if (major > 1) length |= (std::uint64_t{u[10]} << 16) | (std::uint64_t{u[11]} << 24);
  if (length > bytes.size() - prefix)
    return "truncated header: it claims " + std::to_string(length) + " bytes but " + std::to_string(bytes.size() - prefix) +
           " follow";
  h.dataStart = prefix + length;
  return readDict(bytes.substr(prefix, length), h);
}

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
  if (!readHeader(bytes, h).empty()) return 0;
  const double elements = elementCount(h.shape);
  // Sparse: a counting pass first, then at most one triplet (3 doubles) per element.
  const double rows = h.shape.empty() ? 0 : static_cast<double>(h.shape[0]);
  return rule.kind == InputRule::Kind::SparsePattern ? 24.0 * elements + 8.0 * (rows + 1) : 8.0 * elements;
}

std::string parseNpy(const Source& src, InputArray& out) {
  NpyHeader h;
  std::uint64_t count = 0;
  if (std::string e = readHeader(src.bytes, h); !e.empty()) return e;
  if (std::string e = sizeProblem(h, src.bytes, count); !e.empty()) return e;
  if (std::string e = shapeProblem(src.rule, h.shape); !e.empty()) return e;
  const auto* data = reinterpret_cast<const unsigned char*>(src.bytes.data()) + h.dataStart;
  const auto load = [&](std::uint64_t offset) { return loadElement(data + offset * h.width, h.kind, h.width); };
  const bool sparse = src.rule.kind == InputRule::Kind::SparsePattern;
  const std::string what = "shape " + shapeText(h.shape);
  // Sparse: each row's nonzeros get their own slot, so a Fortran file (read column by column, in
  // file order) still comes out row-major, the columns of a row arriving in order.
  const std::size_t rows = sparse ? static_cast<std::size_t>(h.shape[0]) : 0, cols = sparse ? static_cast<std::size_t>(h.shape[1]) : 1;
  const double rowSlots = sparse ? 8.0 * (static_cast<double>(rows) + 1) : 0.0;
  if (std::string e = budgetProblem(src, sparse ? rowSlots : 8.0 * static_cast<double>(count), what); !e.empty()) return e;
  std::vector<std::uint64_t> next(sparse ? rows + 1 : 0, 0);
  // Every element: finite, and >= 0 when the rule says so; sparse rules count the nonzeros per row.
  std::string problem;
  std::uint64_t nonzeros = 0;
  forEachElement(h.shape, h.fortran, count, [&](std::uint64_t k, std::uint64_t offset) {
    const double v = load(offset);
    if (!std::isfinite(v)) problem = elementName(h.shape, k) + " = " + number(v) + " is not a finite number";
    else if (src.rule.nonNegative && v < 0)
      problem = elementName(h.shape, k) + " = " + number(v) + " is negative (" + src.rule.name + " values must be >= 0)";
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
