// SPDX-License-Identifier: Apache-2.0
// Text tables (.csv/.tsv/.txt): sparse rules read rows "i,j,value", dense rules a 2-D numeric table.
// Fields are separated by ',' or ';' (with optional spaces around), or by runs of spaces/tabs;
// '#' starts a comment line; a field may be quoted ("0.5"); a first row is a header only when none of its
// fields is a number ("i","j","value" is a header, "1","2","3" is data).
#include <algorithm>
#include <cmath>

#include "lab/inputs/input_detail.hpp"

namespace attnlab::input_detail {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// A field written in double quotes, as spreadsheets export it, is the text between them.
std::string_view unquote(std::string_view cell) {
  if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"') return cell.substr(1, cell.size() - 2);
  return cell;
}

// Splits a trimmed line as /\s*[,;]\s*|\s+/ would: "1,,2" has an empty middle field.
std::vector<std::string_view> splitFields(std::string_view line) {
  std::vector<std::string_view> cells;
  std::size_t p = 0;
  while (true) {
    const std::size_t start = p;
    while (p < line.size() && !isSpace(line[p]) && line[p] != ',' && line[p] != ';') ++p;
    cells.push_back(unquote(line.substr(start, p - start)));
    if (p == line.size()) return cells;
    while (p < line.size() && isSpace(line[p])) ++p;
    if (p < line.size() && (line[p] == ',' || line[p] == ';')) {
      ++p;
      while (p < line.size() && isSpace(line[p])) ++p;
    }
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

// Calls row(lineNumber, cells) for every data row (comments, blank lines and a header skipped);
// stops at the first error row() returns.
template <class Row>
std::string forEachRow(std::string_view text, Row row) {
  bool sawData = false;
  std::size_t lineNo = 0, start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++lineNo;
    const std::string_view line = trim(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string_view> cells = splitFields(line);
    if (!sawData) {
      sawData = true;
      double x;
      if (std::none_of(cells.begin(), cells.end(), [&](std::string_view c) { return parseNumber(c, x); })) continue;
    }
    if (std::string e = row(lineNo, cells); !e.empty()) return e;
  }
  return "";
}

std::string readSparse(const Source& src, InputArray& out, std::vector<std::uint32_t>& lineOf) {
  static const char* const kFields[] = {"i", "j", "value"};
  const InputRule& rule = src.rule;
  double maxIndex[2] = {-1, -1};
  std::string e =
      forEachRow(src.bytes, [&](std::size_t lineNo, const std::vector<std::string_view>& cells) -> std::string {
        const auto where = [&] { return "line " + std::to_string(lineNo) + ": "; };
        if (cells.size() != 3) return where() + "expected 3 fields (i, j, value), got " + std::to_string(cells.size());
        for (int f = 0; f < 3; ++f) {
          double x;
          const auto field = [&] { return where() + "field " + kFields[f] + " " + quoteInput(cells[f]); };
          if (!parseNumber(cells[f], x) || !std::isfinite(x)) return field() + " is not a finite number";
          if (f < 2 && x != std::floor(x)) return field() + " must be a whole number";
          if (f < 2 && (x < 0 || x >= static_cast<double>(rule.maxSide)))
            return field() + " must be in [0, " + std::to_string(rule.maxSide) + ")";
          if (f == 2 && rule.nonNegative && x < 0) return field() + " must be >= 0";
          if (f < 2) maxIndex[f] = std::max(maxIndex[f], x);
          out.values.push_back(x);
        }
        lineOf.push_back(static_cast<std::uint32_t>(std::min<std::size_t>(lineNo, 0xffffffffu)));
        return "";
      });
  if (!e.empty()) return e;
  if (out.values.empty()) return "no entries (expected rows \"i,j,value\")";
  const auto rows = static_cast<std::int64_t>(maxIndex[0]) + 1, cols = static_cast<std::int64_t>(maxIndex[1]) + 1;
  const std::int64_t n = std::max(rows, cols);
  out.shape = rule.square ? std::vector<std::int64_t>{n, n} : std::vector<std::int64_t>{rows, cols};
  out.sparse = true;
  if (e = duplicateProblem(out.values, [&](std::size_t q) { return "line " + std::to_string(lineOf[q]); }); !e.empty())
    return e;
  if (e = nonzeroProblem(out, "the file"); !e.empty()) return e;
  return shapeProblem(rule, out.shape);
}

std::string readDense(const Source& src, InputArray& out) {
  std::size_t firstLine = 0, columns = 0, rows = 0;
  std::string e =
      forEachRow(src.bytes, [&](std::size_t lineNo, const std::vector<std::string_view>& cells) -> std::string {
        const auto where = [&] { return "line " + std::to_string(lineNo); };
        if (rows == 0) {
          firstLine = lineNo;
          columns = cells.size();
        } else if (cells.size() != columns) {
          return where() + ": expected " + std::to_string(columns) + " values (as line " + std::to_string(firstLine) +
                 "), got " + std::to_string(cells.size());
        }
        for (std::size_t c = 0; c < cells.size(); ++c) {
          double x;
          const auto field = [&] {
            return where() + ", column " + std::to_string(c + 1) + ": " + quoteInput(cells[c]);
          };
          if (!parseNumber(cells[c], x) || !std::isfinite(x)) return field() + " is not a finite number";
          if (src.rule.nonNegative && x < 0) return field() + " must be >= 0";
          out.values.push_back(x);
        }
        ++rows;
        return "";
      });
  if (!e.empty()) return e;
  if (rows == 0) return "no rows of numbers";
  out.shape = {static_cast<std::int64_t>(rows), static_cast<std::int64_t>(columns)};
  out.sparse = false;
  return shapeProblem(src.rule, out.shape);
}

}  // namespace

double estimateTextBytes(const InputRule& rule, std::string_view bytes, bool json) {
  const double tokens = static_cast<double>(numberTokenUpperBound(bytes));
  // Dense: one double per number. Sparse: the triplets, their line numbers and the sort that finds
  // repeats (or a dense JSON grid and its nonzeros), at most 32 bytes per number. JSON: the file's size as
  // before, plus its lexer's copy of the longest string (a 50 MB "name"), whose buffer grows by doubling:
  // the old and the new buffer together hold up to 3 times the string while it grows.
  const double perNumber = rule.kind == InputRule::Kind::SparsePattern ? 32.0 : 8.0;
  if (!json) return perNumber * tokens;
  return perNumber * tokens + static_cast<double>(bytes.size()) + 3.0 * static_cast<double>(longestStringToken(bytes));
}

std::string parseCsv(const Source& src, InputArray& out) {
  const auto tokens = numberTokenUpperBound(src.bytes);
  if (std::string e = budgetProblem(src, estimateTextBytes(src.rule, src.bytes, false), "the file"); !e.empty())
    return e;
  out.values.reserve(tokens);  // never grows past the estimate
  if (src.rule.kind == InputRule::Kind::Dense) {
    if (src.rule.minRank > 2)
      return "a text table is 2-D but " + src.rule.name + " needs " + std::to_string(src.rule.minRank) +
             " or more dimensions (use .npy or .json)";
    return readDense(src, out);
  }
  std::vector<std::uint32_t> lineOf;
  lineOf.reserve(tokens / 3 + 1);
  return readSparse(src, out, lineOf);
}

}  // namespace attnlab::input_detail
