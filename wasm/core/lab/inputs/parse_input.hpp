// SPDX-License-Identifier: Apache-2.0
// User files (uploads) -> named, shaped arrays: the one parser every host uses (CLI, wasm, headless).
// Pure: a function of (rule, file name, bytes, limits); no I/O; never throws (errors are values).
//   .csv/.tsv/.txt  sparse rules: rows "i,j,value" (0-based); dense rules: a 2-D numeric table.
//                   ',' ';' tab or spaces between fields; '#' comments; an optional header row.
//   .npy            format 1.0-3.0, <f8 <f4 <f2, little-endian integers, bool, C or Fortran order;
//                   big-endian, object and structured dtypes are refused. The header's shape is
//                   authoritative: sparse rules take the nonzeros of the n × n array, n from the header.
//   .json           sparse: {"n": 300 (optional), "entries": [[i, j, value], ...]};
//                   dense (and sparse, as a dense grid): {"shape": [...], "data": [...]} or nested arrays.
// Safe by construction: every size is computed with checked arithmetic, a claimed shape is
// compared with the bytes actually present and with the budget before anything is allocated,
// and every error is one line naming the line (CSV), entry or key (JSON) or header key or
// element (.npy) at fault, values cut to ~80 characters:
//   "pattern: data.npy: header claims shape (4294967296, 4294967296) = 1.8e+19 elements but the file holds 16 bytes"
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lab/json.hpp"

namespace attnlab {

// A parsed user file: row-major dense values with their shape, or a sparse pattern.
struct InputArray {
  std::vector<std::int64_t> shape;  // dense: the header's/file's shape; sparse: {rows, cols} ({n, n} when square)
  bool sparse = false;              // true: values = triplets i0, j0, v0, i1, j1, v1, ... (0-based)
  std::vector<double> values;
};

// What an experiment accepts for one named input (declared in its schema by the platform).
struct InputRule {
  enum class Kind { SparsePattern, Dense };
  std::string name;  // "pattern", "q", "k", "attention", "logits", "R"
  Kind kind = Kind::SparsePattern;
  int minRank = 2, maxRank = 2;              // dense: allowed number of dimensions (sparse: always 2)
  std::int64_t minSide = 1, maxSide = 4096;  // bounds on every dimension (pattern: on n)
  bool square = false;                       // last two dimensions equal (pattern, attention, logits, R)
  bool nonNegative = false;                  // every value >= 0 (pattern weights)
  std::vector<std::string> formats{"csv", "tsv", "txt", "npy", "json"};  // accepted extensions, lower case
  // A .json file may also be a head bundle of paper 3 (q, k, attention as "p", logits as "l";
  // docs/theory/rank.md#head-inputs), of which this input reads its own arrays.
  bool headBundle = false;
  // Parameters a file for this input determines (the pattern's n, R's T and text): a host does not send
  // them when the file is given, and the command line a page prints for its run leaves them out.
  std::vector<std::string> replaces;
  // The input a head bundle chosen here also fills (q and k of one head): a page reads it from the same file.
  std::string companion;
  // The parameter a head bundle's own Q·K scale fills when the run leaves it unset (paper 3's `scale`);
  // every host takes it from here (attnlab::prepareRun, the page's panel).
  std::string scaleParam;
  // {name, kind, minRank, maxRank, minSide, maxSide, square, nonNegative, formats, replaces?, companion?,
  // scaleParam?} for schemas and help.
  Json describe() const;
};

// The rule of paper 1's uploaded pattern: a square, nonnegative sparse n × n matrix, 1 <= n <= maxSide.
InputRule patternRule(std::int64_t maxSide = 4096);

struct InputLimits {
  std::uint64_t maxFileBytes = 256ull << 20;  // larger files are refused before they are looked at
  double budgetBytes = 1024.0 * 1024 * 1024;  // what the parse may allocate (the run's memory budget)
};

struct ParseOutcome {
  bool ok = false;
  std::string error;  // one line: "<rule name>: <file name>: <what is wrong, where>"
  InputArray array;
  double estimatedBytes = 0;  // the parse's allocation estimate (known once the header or size was read)
  // A head bundle: it holds no arrays for this input (another input reads it: not a fault of the file),
  // and the Q·K scale it gives (0 when none; the scale parameter is where a run takes it from).
  bool absent = false;
  double bundleScale = 0;
};

// Bytes the parse of `bytes` would allocate, from the .npy header alone or from the number tokens of
// a .csv/.json file: an honest upper bound, 0 when the file cannot be sized (the parse then fails).
double estimateInputBytes(const InputRule& rule, const std::string& fileName, const std::string& bytes);

ParseOutcome parseInput(const InputRule& rule, const std::string& fileName, const std::string& bytes,
                        const InputLimits& limits);

// The flat triplet layout of today's `upload` vector (patternFromTriplets): the entries, plus a zero
// entry at (n-1, n-1) when the last rows or columns are empty, so the size survives the trip.
std::vector<double> patternTriplets(const InputArray& pattern);

}  // namespace attnlab
