// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the upload parser (lab/inputs/parse_input.hpp) on arbitrary bytes. The format follows
// the content, as a user's mislabelled file would (\x93NUMPY -> .npy, '{' or '[' -> .json, else
// .csv); every input is parsed for the sparse pattern rule, a non-square triplet rule, a dense
// 2-D..4-D rule and the head-bundle rules of paper 3 (q, attention). Crashes, sanitizer reports and broken invariants
// (abort) are findings:
//   ok     -> the shape fits the rule and the values fit the shape (finite, in range)
//   not ok -> a one-line message of bounded length starting with "<rule name>: "
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "lab/inputs/parse_input.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

std::string fileNameFor(const std::string& bytes) {
  if (bytes.compare(0, 6, "\x93NUMPY") == 0) return "fuzz.npy";
  const auto first = bytes.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (bytes[first] == '{' || bytes[first] == '[')) return "fuzz.json";
  return "fuzz.csv";
}

void checkOutcome(const attnlab::InputRule& rule, const attnlab::ParseOutcome& out) {
  require(!out.absent || !out.ok);  // a bundle without this input's arrays is never a result
  if (!out.ok) {
    require(out.error.rfind(rule.name + ": ", 0) == 0);
    require(out.error.size() < 512);
    require(out.error.find('\n') == std::string::npos && out.error.find('\r') == std::string::npos);
    require(out.array.values.empty());
    return;
  }
  const attnlab::InputArray& a = out.array;
  require(a.sparse == (rule.kind == attnlab::InputRule::Kind::SparsePattern));
  for (const std::int64_t side : a.shape) require(side >= rule.minSide && side <= rule.maxSide);
  if (rule.square) require(a.shape.size() >= 2 && a.shape[a.shape.size() - 1] == a.shape[a.shape.size() - 2]);
  if (a.sparse) {
    require(a.shape.size() == 2 && a.values.size() % 3 == 0);
    bool nonzero = false;
    for (std::size_t q = 0; q < a.values.size(); q += 3) {
      require(a.values[q] >= 0 && a.values[q] < static_cast<double>(a.shape[0]));
      require(a.values[q + 1] >= 0 && a.values[q + 1] < static_cast<double>(a.shape[1]));
      require(std::isfinite(a.values[q + 2]) && (!rule.nonNegative || a.values[q + 2] >= 0));
      nonzero = nonzero || a.values[q + 2] != 0;
    }
    require(nonzero);
  } else {
    require(static_cast<int>(a.shape.size()) >= rule.minRank && static_cast<int>(a.shape.size()) <= rule.maxRank);
    double count = 1;
    for (const std::int64_t side : a.shape) count *= static_cast<double>(side);
    require(count == static_cast<double>(a.values.size()));
    for (const double v : a.values) require(std::isfinite(v));
  }
  require(out.estimatedBytes <= 64.0 * 1024 * 1024);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const std::string name = fileNameFor(bytes);
  attnlab::InputLimits limits;
  limits.maxFileBytes = 1u << 20;
  limits.budgetBytes = 64.0 * 1024 * 1024;

  attnlab::InputRule triplets;
  triplets.name = "triplets";
  triplets.maxSide = std::int64_t{1} << 31;
  attnlab::InputRule dense;
  dense.name = "q";
  dense.kind = attnlab::InputRule::Kind::Dense;
  dense.minRank = 2;
  dense.maxRank = 4;

  // The head rules of paper 3 also read JSON head bundles (json_bundle.cpp).
  attnlab::InputRule bundleQ = dense;
  bundleQ.headBundle = true;
  attnlab::InputRule bundleAttention = bundleQ;
  bundleAttention.name = "attention";
  bundleAttention.square = true;

  for (const attnlab::InputRule& rule : {attnlab::patternRule(), triplets, dense, bundleQ, bundleAttention})
    checkOutcome(rule, attnlab::parseInput(rule, name, bytes, limits));
  return 0;
}
