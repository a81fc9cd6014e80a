// SPDX-License-Identifier: Apache-2.0
// Shared by the format readers of src/inputs: message helpers, checked sizes, shape rules, budget.
// Every reader returns "" on success or the error text without the "name: file: " prefix.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lab/inputs/parse_input.hpp"

namespace attnlab::input_detail {

// What a reader works on.
struct Source {
  const InputRule& rule;
  const InputLimits& limits;
  std::string_view bytes;
  double* estimatedBytes;  // set by the reader once it knows what it will allocate
};

// 'value', control characters escaped, cut to ~80 characters (on a UTF-8 boundary).
std::string quoteInput(std::string_view value);
// Unquoted, cut to ~120 characters: library messages.
std::string shortText(std::string_view text);
// The same without quotes, for file names (keeps the tail, the part that tells files apart).
std::string shortName(std::string_view name);
// %g, as numpy prints: 1.5, -0.03, inf, nan, 1.8e+19.
std::string number(double x);
// "(2, 3)", "(6,)", "()" as numpy writes shapes.
std::string shapeText(const std::vector<std::int64_t>& shape);

// product(shape) * factor without wraparound; false when it exceeds 2^64 - 1.
bool checkedProduct(const std::vector<std::int64_t>& shape, std::uint64_t factor, std::uint64_t& out);
// The element count for messages (a double: never overflows).
double elementCount(const std::vector<std::int64_t>& shape);

// Rank, side bounds and squareness of a shape against the rule; "" when it fits.
std::string shapeProblem(const InputRule& rule, const std::vector<std::int64_t>& shape);
// The allocation estimate against the budget; "" when it fits. Records the estimate.
std::string budgetProblem(const Source& src, double bytes, const std::string& what);

// Upper bound on the numbers a text file can hold: the runs of characters a number can contain.
std::uint64_t numberTokenUpperBound(std::string_view bytes);
// Length of the longest JSON string (key or value) in bytes, escapes counted as written: the JSON lexer
// holds a token whole, in a buffer that grows by doubling.
std::uint64_t longestStringToken(std::string_view bytes);
// Strict decimal syntax ([+-] digits [. digits] [e [+-] digits], or nan/inf/infinity); sets x.
bool parseNumber(std::string_view token, double& x);

// Nonzeros of a row-major dense rank-2 grid -> triplets (sparse rules), with the nonnegativity and
// "at least one nonzero" rules; `element` names an element in messages.
std::string gridToTriplets(const InputRule& rule, const std::vector<std::int64_t>& shape,
                           const std::vector<double>& grid, InputArray& out);
// Sparse triplets: repeated (i, j) refused, naming both places (where(q) names entry q).
std::string duplicateProblem(const std::vector<double>& triplets, const std::function<std::string(std::size_t)>& where);
// A sparse result with no nonzero value is refused (a pattern needs one).
std::string nonzeroProblem(const InputArray& out, const std::string& what);

// A .npy file's header (npy_header.cpp): what it says the data is, and where the data starts.
struct NpyHeader {
  std::string descr;
  char kind = 0;  // 'f', 'i', 'u', 'b'
  int width = 0;  // bytes per element
  bool fortran = false;
  std::vector<std::int64_t> shape;
  std::uint64_t dataStart = 0;
};
// Reads the magic, the version and the header dict of a .npy file; "" when numpy wrote it and we read its dtype.
std::string readNpyHeader(std::string_view bytes, NpyHeader& h);

std::string parseNpy(const Source& src, InputArray& out);
std::string parseCsv(const Source& src, InputArray& out);
std::string parseJson(const Source& src, InputArray& out, bool* absent = nullptr, double* bundleScale = nullptr);
// A head bundle (json_bundle.cpp); notBundle when the document is the plain form json.cpp reads.
std::string parseHeadBundle(const Source& src, InputArray& out, bool& notBundle, bool& absent, double& scale);
// Header-only estimate (0 when the header cannot be read).
double estimateNpyBytes(const InputRule& rule, std::string_view bytes);
double estimateTextBytes(const InputRule& rule, std::string_view bytes, bool json);

}  // namespace attnlab::input_detail
