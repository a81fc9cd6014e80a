// SPDX-License-Identifier: Apache-2.0
// parseInput: picks the reader by extension, prefixes every message with "<name>: <file>: ", and
// catches everything (bad_alloc included) so that no exception leaves the parser.
#include <algorithm>
#include <cctype>
#include <new>

#include "lab/inputs/input_detail.hpp"

namespace attnlab {
namespace {

std::string extensionOf(const std::string& fileName) {
  const auto dot = fileName.find_last_of('.');
  const auto slash = fileName.find_last_of("/\\");
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = fileName.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

enum class Format { Text, Npy, Json, Unknown };

Format formatOf(const std::string& ext) {
  if (ext == "csv" || ext == "tsv" || ext == "txt") return Format::Text;
  if (ext == "npy") return Format::Npy;
  if (ext == "json") return Format::Json;
  return Format::Unknown;
}

std::string formatList(const std::vector<std::string>& formats) {
  std::string s;
  for (std::size_t k = 0; k < formats.size(); ++k)
    s += (k == 0 ? "." : k + 1 == formats.size() ? " or ." : ", .") + formats[k];
  return s;
}

std::string parseBody(const InputRule& rule, const std::string& ext, std::string_view bytes, const InputLimits& limits,
                      ParseOutcome& out) {
  using namespace input_detail;
  const bool accepted = std::find(rule.formats.begin(), rule.formats.end(), ext) != rule.formats.end();
  if (!accepted || formatOf(ext) == Format::Unknown)
    return "unsupported file type " + quoteInput(ext.empty() ? "(none)" : "." + ext) + " (use " +
           formatList(rule.formats) + ")";
  if (bytes.size() > limits.maxFileBytes)
    return "the file holds " + std::to_string(bytes.size()) + " bytes, above the limit of " +
           std::to_string(limits.maxFileBytes);
  const Source src{rule, limits, bytes, &out.estimatedBytes};
  switch (formatOf(ext)) {
    case Format::Npy:
      return parseNpy(src, out.array);
    case Format::Json:
      return parseJson(src, out.array, &out.absent, &out.bundleScale);
    default:
      return parseCsv(src, out.array);
  }
}

}  // namespace

Json InputRule::describe() const {
  Json d = {{"name", name},
            {"kind", kind == Kind::SparsePattern ? "sparse-pattern" : "dense"},
            {"minRank", kind == Kind::SparsePattern ? 2 : minRank},
            {"maxRank", kind == Kind::SparsePattern ? 2 : maxRank},
            {"minSide", minSide},
            {"maxSide", maxSide},
            {"square", square},
            {"nonNegative", nonNegative},
            {"formats", formats}};
  if (headBundle) d["headBundle"] = true;  // only the head inputs of paper 3 say it
  if (!replaces.empty()) d["replaces"] = replaces;
  if (!companion.empty()) d["companion"] = companion;
  if (!scaleParam.empty()) d["scaleParam"] = scaleParam;
  return d;
}

InputRule patternRule(std::int64_t maxSide) {
  InputRule rule;
  rule.name = "pattern";
  rule.kind = InputRule::Kind::SparsePattern;
  rule.maxSide = maxSide;
  rule.square = true;
  rule.nonNegative = true;
  return rule;
}

double estimateInputBytes(const InputRule& rule, const std::string& fileName, const std::string& bytes) {
  try {
    switch (formatOf(extensionOf(fileName))) {
      case Format::Npy:
        return input_detail::estimateNpyBytes(rule, bytes);
      case Format::Json:
        return input_detail::estimateTextBytes(rule, bytes, true);
      case Format::Text:
        return input_detail::estimateTextBytes(rule, bytes, false);
      default:
        return 0;
    }
  } catch (...) {
    return 0;
  }
}

ParseOutcome parseInput(const InputRule& rule, const std::string& fileName, const std::string& bytes,
                        const InputLimits& limits) {
  ParseOutcome out;
  std::string error;
  const char* failure = nullptr;  // set by a catch: building a message there could throw again
  try {
    error = parseBody(rule, extensionOf(fileName), bytes, limits, out);
  } catch (const std::bad_alloc&) {
    failure = "out of memory while reading the file";
  } catch (...) {
    failure = "internal error while reading the file";
  }
  if (!failure && error.empty()) {
    out.ok = true;
    return out;
  }
  out.array = InputArray{};
  try {
    out.error = rule.name + ": " + input_detail::shortName(fileName) + ": " + (failure ? std::string(failure) : error);
  } catch (...) {
    out.error.clear();  // not even the message fits in memory: ok stays false
  }
  return out;
}

std::vector<double> patternTriplets(const InputArray& pattern) {
  std::vector<double> t = pattern.values;
  if (!pattern.sparse || pattern.shape.size() != 2) return t;
  double last = -1;
  for (std::size_t q = 0; q + 2 < t.size(); q += 3) last = std::max({last, t[q], t[q + 1]});
  const double n = static_cast<double>(std::max(pattern.shape[0], pattern.shape[1]));
  if (last + 1 < n) t.insert(t.end(), {n - 1, n - 1, 0.0});
  return t;
}

}  // namespace attnlab
