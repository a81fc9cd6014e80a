// SPDX-License-Identifier: Apache-2.0
// validate(): the only reader of user parameters, against their declarations (param_decl.cpp), and the
// typed accessors of the values it returns.
#include "lab/schema.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "numerics/shared/decimal.hpp"
#include "lab/value_syntax.hpp"

namespace attnlab {
namespace {

bool isInteger(ParamKind k) { return k == ParamKind::Int || k == ParamKind::IntList; }
bool isList(ParamKind k) { return k == ParamKind::IntList || k == ParamKind::RealList; }

std::string describe(const Json& v) {
  if (v.is_string()) return quoteValue(v.get<std::string>());
  const std::string text = v.dump();
  return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

bool readNumber(const Json& v, bool integer, double& out) {
  if (v.is_number())
    out = v.get<double>();
  else if (!v.is_string() || !parseDecimal(v.get<std::string>(), out))
    return false;
  if (!std::isfinite(out)) return false;
  return !integer || (out == std::floor(out) && std::fabs(out) <= 9007199254740992.0);
}

bool inRange(const ParamDecl& p, double x) {
  return (p.minOpen ? x > p.min : x >= p.min) && (p.maxOpen ? x < p.max : x <= p.max);
}

std::vector<Json> splitList(const Json& v) {
  std::vector<Json> items;
  if (v.is_array()) {
    for (const auto& x : v) items.push_back(x);
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = s.find(',', start);
      items.emplace_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  } else {
    items.push_back(v);
  }
  return items;
}

Json readValue(const ParamDecl& p, const Json& given) {
  const auto refuse = [&](const Json& bad) {
    return ParamError(p.key + " must be " + p.allowed() + ", got " + describe(bad));
  };
  if (p.kind == ParamKind::Text) {
    const std::string text = given.is_string() ? given.get<std::string>() : given.is_number() ? given.dump() : "";
    const bool ok = !text.empty() && text.size() <= p.maxCount && std::all_of(text.begin(), text.end(), isTextChar);
    if (!ok) throw refuse(given);
    return text;
  }
  if (p.kind == ParamKind::Enum) {
    if (given.is_string() && std::find(p.values.begin(), p.values.end(), given.get<std::string>()) != p.values.end())
      return given;
    if (given.is_number_integer()) {  // flags given as numbers (causal: 1)
      const std::string text = given.dump();
      if (std::find(p.values.begin(), p.values.end(), text) != p.values.end()) return text;
    }
    throw refuse(given);
  }
  if (!isList(p.kind)) {
    double x;
    if (!readNumber(given, isInteger(p.kind), x) || !inRange(p, x)) throw refuse(given);
    return isInteger(p.kind) ? Json(static_cast<std::int64_t>(x)) : Json(x);
  }
  const std::vector<Json> items = splitList(given);
  if (items.empty() || items.size() > p.maxCount) throw refuse(given);
  Json out = Json::array();
  for (const auto& item : items) {
    double x;
    if (!readNumber(item, isInteger(p.kind), x) || !inRange(p, x))
      throw refuse(item.is_string() && item.get<std::string>().empty() ? given : item);
    out.push_back(isInteger(p.kind) ? Json(static_cast<std::int64_t>(x)) : Json(x));
  }
  return out;
}

}  // namespace

ParamValues validate(const std::vector<ParamDecl>& schema, const Json& params) {
  if (!params.is_object()) throw ParamError("params must be an object of key=value pairs");
  for (const auto& item : params.items()) {
    const bool known =
        std::any_of(schema.begin(), schema.end(), [&](const ParamDecl& p) { return p.key == item.key(); });
    if (!known) throw ParamError("unknown parameter " + quoteValue(item.key()));
  }
  Json values = Json::object();
  std::vector<std::string> given;
  for (const auto& p : schema) {
    if (params.contains(p.key)) {
      values[p.key] = readValue(p, params[p.key]);
      given.push_back(p.key);
    } else {
      values[p.key] = p.defaultValue;
    }
  }
  return ParamValues(std::move(values), std::move(given));
}

const Json& ParamValues::at(const std::string& key) const {
  if (!values_.contains(key)) throw std::logic_error("parameter '" + key + "' is not in the schema");
  return values_[key];
}

std::int64_t ParamValues::integer(const std::string& key) const { return at(key).get<std::int64_t>(); }
double ParamValues::real(const std::string& key) const { return at(key).get<double>(); }
const std::string& ParamValues::choice(const std::string& key) const { return at(key).get_ref<const std::string&>(); }
std::vector<std::int64_t> ParamValues::integers(const std::string& key) const {
  return at(key).get<std::vector<std::int64_t>>();
}
std::vector<double> ParamValues::reals(const std::string& key) const { return at(key).get<std::vector<double>>(); }
NormalMethod ParamValues::normals() const {
  return choice("rng") == "box-muller" ? NormalMethod::BoxMuller : NormalMethod::Ziggurat;
}
bool ParamValues::given(const std::string& key) const {
  return std::find(given_.begin(), given_.end(), key) != given_.end();
}

std::string quoteValue(const std::string& text) {
  std::string one;
  for (char c : text) one += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  if (one.size() > 80) one = one.substr(0, 77) + "...";
  return "'" + one + "'";
}

}  // namespace attnlab
