// SPDX-License-Identifier: Apache-2.0
// A parameter's declaration (lab/schema.hpp): its factories, the seed, rng and budget every experiment
// shares, and how it is shown (the allowed range in messages, the --help table, the schema's JSON).
// Reading user values against it is schema.cpp's validate().
#include <algorithm>
#include <cmath>

#include "lab/schema.hpp"
#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

const char* kindName(ParamKind k) {
  switch (k) {
    case ParamKind::Int:
      return "int";
    case ParamKind::Real:
      return "real";
    case ParamKind::Enum:
      return "enum";
    case ParamKind::IntList:
      return "intList";
    case ParamKind::RealList:
      return "realList";
    case ParamKind::Text:
      return "text";
  }
  return "int";
}

bool isList(ParamKind k) { return k == ParamKind::IntList || k == ParamKind::RealList; }

std::string fmt(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e16) return std::to_string(static_cast<std::int64_t>(x));
  return formatNumber(x, 15);
}

std::string rangeText(const ParamDecl& p) {
  if (p.kind == ParamKind::Text) return "text";
  if (p.kind == ParamKind::Enum) {
    std::string list;
    for (const auto& v : p.values) list += (list.empty() ? "" : " | ") + v;
    return list;
  }
  return std::string(p.minOpen ? "(" : "[") + fmt(p.min) + ", " + fmt(p.max) + (p.maxOpen ? ")" : "]");
}

std::string defaultText(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ",") + fmt(x.get<double>());
    return s;
  }
  return fmt(v.get<double>());
}

}  // namespace

ParamDecl ParamDecl::integer(std::string key, std::int64_t def, std::int64_t lo, std::int64_t hi, std::string help,
                             std::string unit) {
  ParamDecl p;
  p.key = std::move(key);
  p.kind = ParamKind::Int;
  p.defaultValue = def;
  p.min = static_cast<double>(lo);
  p.max = static_cast<double>(hi);
  p.help = std::move(help);
  p.unit = std::move(unit);
  return p;
}

ParamDecl ParamDecl::real(std::string key, double def, double lo, double hi, std::string help, std::string unit) {
  ParamDecl p = integer(std::move(key), 0, 0, 0, std::move(help), std::move(unit));
  p.kind = ParamKind::Real;
  p.defaultValue = def;
  p.min = lo;
  p.max = hi;
  return p;
}

ParamDecl ParamDecl::choice(std::string key, std::string def, std::vector<std::string> values, std::string help) {
  ParamDecl p = integer(std::move(key), 0, 0, 0, std::move(help));
  p.kind = ParamKind::Enum;
  p.defaultValue = std::move(def);
  p.values = std::move(values);
  return p;
}

ParamDecl ParamDecl::integers(std::string key, std::vector<std::int64_t> def, std::int64_t lo, std::int64_t hi,
                              std::size_t maxCount, std::string help, std::string unit) {
  ParamDecl p = integer(std::move(key), 0, lo, hi, std::move(help), std::move(unit));
  p.kind = ParamKind::IntList;
  p.defaultValue = def;
  p.maxCount = maxCount;
  return p;
}

ParamDecl ParamDecl::reals(std::string key, std::vector<double> def, double lo, double hi, std::size_t maxCount,
                           std::string help, std::string unit) {
  ParamDecl p = real(std::move(key), 0, lo, hi, std::move(help), std::move(unit));
  p.kind = ParamKind::RealList;
  p.defaultValue = def;
  p.maxCount = maxCount;
  return p;
}

ParamDecl ParamDecl::text(std::string key, std::string def, std::size_t maxLength, std::string help) {
  ParamDecl p = integer(std::move(key), 0, 0, 0, std::move(help));
  p.kind = ParamKind::Text;
  p.defaultValue = std::move(def);
  p.maxCount = maxLength;
  return p;
}

std::string ParamDecl::allowed() const {
  switch (kind) {
    case ParamKind::Int:
      return "an integer in " + rangeText(*this);
    case ParamKind::Real:
      return "a number in " + rangeText(*this);
    case ParamKind::Enum:
      return "one of " + rangeText(*this);
    case ParamKind::IntList:
      return "a comma-separated list of 1 to " + std::to_string(maxCount) + " integers in " + rangeText(*this);
    case ParamKind::RealList:
      return "a comma-separated list of 1 to " + std::to_string(maxCount) + " numbers in " + rangeText(*this);
    case ParamKind::Text:
      return "text of 1 to " + std::to_string(maxCount) + " characters without spaces, quotes, #, &, = or %";
  }
  return "";
}

ParamDecl seedParam() {
  // Seeds stay below 2^53 so they survive a round trip through a JS number and the URL.
  return ParamDecl::integer(
      "seed", 1, 0, (std::int64_t{1} << 53) - 1,
      "Every random number derives from this seed: the same seed gives the same numbers everywhere.");
}

ParamDecl rngParam() {
  // Part of a result's identity, like the seed; the page pins box-muller on links made before it existed.
  return ParamDecl::choice(
      "rng", "ziggurat", {"box-muller", "ziggurat"},
      "Which random-number recipe turns the seed into numbers. box-muller: the recipe of links made "
      "before December 2026 (kept so they reproduce exactly); ziggurat: about 10× faster at making the "
      "numbers (whole runs up to 3× faster), the default for new links.");
}

ParamDecl budgetParam() {
  return ParamDecl::real(
      "budget", 1024, 1, kBudgetCeilingMiB,
      "Runs that would need more memory are refused, with an explanation, before anything is allocated.", "MiB");
}

Json paramJson(const ParamDecl& p) {
  Json j;
  j["key"] = p.key;
  j["kind"] = kindName(p.kind);
  j["default"] = p.defaultValue;
  if (p.kind == ParamKind::Enum) {
    j["values"] = p.values;
  } else if (p.kind == ParamKind::Text) {
    j["maxLength"] = p.maxCount;
  } else {
    j["min"] = p.min;
    j["max"] = p.max;
    if (p.minOpen) j["minOpen"] = true;
    if (p.maxOpen) j["maxOpen"] = true;
  }
  if (isList(p.kind)) j["maxCount"] = p.maxCount;
  if (!p.unit.empty()) j["unit"] = p.unit;
  j["help"] = p.help;
  return j;
}

std::string helpTable(const std::vector<ParamDecl>& schema) {
  std::size_t wKey = 3, wDef = 7, wRange = 5, wUnit = 4;
  for (const auto& p : schema) {
    wUnit = std::max(wUnit, p.unit.size());
    wKey = std::max(wKey, p.key.size());
    wDef = std::max(wDef, defaultText(p.defaultValue).size());
    wRange = std::max(wRange, rangeText(p).size());
  }
  std::string out;
  const auto row = [&](const std::string& k, const std::string& d, const std::string& r, const std::string& u,
                       const std::string& h) {
    out += padRight(k, wKey + 2) + padRight(d, wDef + 2) + padRight(r, wRange + 2) + padRight(u, wUnit + 2) + h + '\n';
  };
  row("key", "default", "range", "unit", "help");
  for (const auto& p : schema) {
    std::string range = rangeText(p);
    if (isList(p.kind)) range += " x" + std::to_string(p.maxCount);
    row(p.key, defaultText(p.defaultValue), range, p.unit, p.help);
  }
  return out;
}

}  // namespace attnlab
