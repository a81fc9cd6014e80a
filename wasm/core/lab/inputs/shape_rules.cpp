// SPDX-License-Identifier: Apache-2.0
// Shape rules, checked sizes, the budget and message helpers shared by the format readers.
#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

#include "lab/inputs/input_detail.hpp"

namespace attnlab::input_detail {

namespace {
constexpr std::size_t kValueLimit = 80;  // characters of a user's value shown in a message

bool isContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

// Escapes control bytes so a message stays on one line; cuts at `limit` bytes on a UTF-8 boundary.
std::string printable(std::string_view value, std::size_t limit, bool keepTail) {
  bool cut = value.size() > limit;
  if (cut) {
    std::size_t start = keepTail ? value.size() - limit : 0, end = keepTail ? value.size() : limit;
    if (keepTail)
      while (start < value.size() && isContinuationByte(static_cast<unsigned char>(value[start]))) ++start;
    else
      while (end > 0 && isContinuationByte(static_cast<unsigned char>(value[end]))) --end;
    value = value.substr(start, end - start);
  }
  std::string s;
  for (const char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      s += hex;
    } else {
      s += ch;
    }
  }
  if (!cut) return s;
  return keepTail ? "..." + s : s + "...";
}
}  // namespace

std::string quoteInput(std::string_view value) { return "'" + printable(value, kValueLimit, false) + "'"; }

std::string shortText(std::string_view text) { return printable(text, 120, false); }

std::string shortName(std::string_view name) { return printable(name, kValueLimit, true); }

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) s += (d ? ", " : "") + std::to_string(shape[d]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

bool checkedProduct(const std::vector<std::int64_t>& shape, std::uint64_t factor, std::uint64_t& out) {
  std::uint64_t p = factor;
  for (const std::int64_t side : shape) {
    if (side < 0 || __builtin_mul_overflow(p, static_cast<std::uint64_t>(side), &p)) return false;
  }
  out = p;
  return true;
}

double elementCount(const std::vector<std::int64_t>& shape) {
  double p = 1;
  for (const std::int64_t side : shape) p *= static_cast<double>(side);
  return p;
}

std::string shapeProblem(const InputRule& rule, const std::vector<std::int64_t>& shape) {
  const bool sparse = rule.kind == InputRule::Kind::SparsePattern;
  const int lo = sparse ? 2 : rule.minRank, hi = sparse ? 2 : rule.maxRank;
  const int rank = static_cast<int>(shape.size());
  if (rank < lo || rank > hi) {
    const std::string want = lo == hi
                                 ? "a " + std::to_string(lo) + "-D array"
                                 : "an array of " + std::to_string(lo) + " to " + std::to_string(hi) + " dimensions";
    return "shape " + shapeText(shape) + ": expected " + want + ", got " + std::to_string(rank) + "-D";
  }
  if (rule.square && rank >= 2 && shape[rank - 1] != shape[rank - 2])
    return "shape " + shapeText(shape) + " is not square (the last two dimensions must be equal)";
  for (int d = 0; d < rank; ++d) {
    const std::string side = rule.square && sparse
                                 ? "n = " + std::to_string(shape[d])
                                 : "dimension " + std::to_string(d) + " = " + std::to_string(shape[d]);
    if (shape[d] < rule.minSide)
      return "shape " + shapeText(shape) + ": " + side + " is below the smallest allowed, " +
             std::to_string(rule.minSide);
    if (shape[d] > rule.maxSide)
      return "shape " + shapeText(shape) + ": " + side + " is above the largest allowed, " +
             std::to_string(rule.maxSide);
  }
  return "";
}

std::string budgetProblem(const Source& src, double bytes, const std::string& what) {
  if (src.estimatedBytes) *src.estimatedBytes = bytes;
  if (bytes <= src.limits.budgetBytes) return "";
  const double mib = 1024.0 * 1024.0;
  return what + " needs about " + number(bytes / mib) + " MiB to read, above the memory budget of " +
         number(src.limits.budgetBytes / mib) + " MiB";
}

std::uint64_t numberTokenUpperBound(std::string_view bytes) {
  std::uint64_t runs = 0;
  bool inRun = false;
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    const bool part =
        (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '+' || c == '-';
    if (part && !inRun) ++runs;
    inRun = part;
  }
  return runs;
}

std::uint64_t longestStringToken(std::string_view bytes) {
  std::uint64_t longest = 0, length = 0;
  bool inString = false, escaped = false;
  for (const char c : bytes) {
    if (!inString) {
      inString = c == '"';
      length = 0;
      continue;
    }
    if (escaped)
      escaped = false;
    else if (c == '\\')
      escaped = true;
    else if (c == '"')
      inString = false;
    if (inString) longest = std::max(longest, ++length);
  }
  return longest;
}

bool parseNumber(std::string_view t, double& x) {
  std::size_t p = 0;
  if (p < t.size() && (t[p] == '+' || t[p] == '-')) ++p;
  const std::string_view body = t.substr(p);
  std::string word(body);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool negative = p > 0 && t[0] == '-';
  if (word == "nan") {
    x = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  if (word == "inf" || word == "infinity") {
    x = negative ? -HUGE_VAL : HUGE_VAL;
    return true;
  }
  const auto digits = [&](std::size_t& q) {
    const std::size_t start = q;
    while (q < t.size() && t[q] >= '0' && t[q] <= '9') ++q;
    return q - start;
  };
  std::size_t mantissa = digits(p);
  if (p < t.size() && t[p] == '.') {
    ++p;
    mantissa += digits(p);
  }
  if (mantissa == 0) return false;
  if (p < t.size() && (t[p] == 'e' || t[p] == 'E')) {
    ++p;
    if (p < t.size() && (t[p] == '+' || t[p] == '-')) ++p;
    if (digits(p) == 0) return false;
  }
  if (p != t.size()) return false;
  const std::string copy(t);  // strtod needs a terminator; the syntax above leaves it nothing to guess
  x = std::strtod(copy.c_str(), nullptr);
  return true;
}

std::string gridToTriplets(const InputRule& rule, const std::vector<std::int64_t>& shape,
                           const std::vector<double>& grid, InputArray& out) {
  const std::size_t cols = static_cast<std::size_t>(shape[1]);
  out.sparse = true;
  out.shape = shape;
  out.values.clear();
  for (std::size_t k = 0; k < grid.size(); ++k) {
    const double v = grid[k];
    const auto where = [&] {
      return "data[" + std::to_string(k / cols) + ", " + std::to_string(k % cols) + "] = " + number(v);
    };
    if (!std::isfinite(v)) return where() + " is not a finite number";
    if (rule.nonNegative && v < 0) return where() + " is negative (" + rule.name + " values must be >= 0)";
    if (v != 0) out.values.insert(out.values.end(), {static_cast<double>(k / cols), static_cast<double>(k % cols), v});
  }
  return nonzeroProblem(out, "the " + std::to_string(shape[0]) + " × " + std::to_string(shape[1]) + " array");
}

std::string duplicateProblem(const std::vector<double>& t, const std::function<std::string(std::size_t)>& where) {
  const std::size_t count = t.size() / 3;
  std::vector<std::pair<std::pair<double, double>, std::size_t>> keys(count);
  for (std::size_t q = 0; q < count; ++q) keys[q] = {{t[3 * q], t[3 * q + 1]}, q};
  std::sort(keys.begin(), keys.end());
  for (std::size_t r = 1; r < count; ++r)
    if (keys[r].first == keys[r - 1].first) {
      const std::size_t later = std::max(keys[r].second, keys[r - 1].second);
      const std::size_t earlier = std::min(keys[r].second, keys[r - 1].second);
      return where(later) + ": entry (" + number(keys[r].first.first) + ", " + number(keys[r].first.second) +
             ") repeats " + where(earlier);
    }
  return "";
}

std::string nonzeroProblem(const InputArray& out, const std::string& what) {
  for (std::size_t q = 2; q < out.values.size(); q += 3)
    if (out.values[q] != 0) return "";
  return what + " has no nonzero entry (a pattern needs at least one)";
}

}  // namespace attnlab::input_detail
