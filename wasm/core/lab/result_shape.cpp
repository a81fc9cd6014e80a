// SPDX-License-Identifier: Apache-2.0
#include "lab/result_shape.hpp"

#include <cmath>

#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

bool scalarMatches(const std::string& type, const Json& v) {
  if (type == "null") return v.is_null();
  if (type == "bool") return v.is_boolean();
  if (type == "string") return v.is_string();
  if (type == "number") return v.is_number();
  if (type == "int")
    return v.is_number_integer() || (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>());
  return false;
}

// "int|null" -> any alternative matches; "(int|null)[]" and "number[]" -> every element matches.
bool typeMatches(std::string type, const Json& v) {
  if (type.size() > 2 && type.compare(type.size() - 2, 2, "[]") == 0) {
    if (!v.is_array()) return false;
    std::string element = type.substr(0, type.size() - 2);
    if (element.size() > 2 && element.front() == '(' && element.back() == ')')
      element = element.substr(1, element.size() - 2);
    for (const auto& x : v)
      if (!typeMatches(element, x)) return false;
    return true;
  }
  std::size_t start = 0;
  while (true) {
    const std::size_t bar = type.find('|', start);
    if (scalarMatches(type.substr(start, bar == std::string::npos ? std::string::npos : bar - start), v)) return true;
    if (bar == std::string::npos) return false;
    start = bar + 1;
  }
}

// The value found, as a message shows it: at most 60 bytes, cut on a character boundary, C1 controls escaped (dump()
// escapes the others).
std::string got(const Json& v) {
  const std::string text = v.dump();
  return printableText(text, text.size() > 60 ? 57 : 60);
}

}  // namespace

std::string shapeMismatch(const Json& shape, const Json& value, const std::string& path) {
  const std::string here = path.empty() ? "result" : path;
  if (shape.is_string()) {
    const std::string type = shape.get<std::string>();
    return typeMatches(type, value) ? "" : here + ": expected " + type + ", got " + got(value);
  }
  if (shape.is_array()) {  // [ {...} ]: an array of objects of one shape
    if (!value.is_array()) return here + ": expected an array, got " + got(value);
    for (std::size_t i = 0; i < value.size(); ++i) {
      const std::string m = shapeMismatch(shape.at(0), value[i], here + "[" + std::to_string(i) + "]");
      if (!m.empty()) return m;
    }
    return "";
  }
  if (value.is_null() && shape.value("$nullable", false)) return "";
  if (!value.is_object()) return here + ": expected an object, got " + got(value);
  for (const auto& item : shape.items()) {
    if (item.key() == "$nullable") continue;
    if (!value.contains(item.key())) return here + "." + item.key() + ": missing";
    const std::string m =
        shapeMismatch(item.value(), value[item.key()], path.empty() ? item.key() : path + "." + item.key());
    if (!m.empty()) return m;
  }
  for (const auto& item : value.items())
    if (!shape.contains(item.key()))  // the file's own key: one line, bounded (a key "a\nb" made two)
      return here + "." + printableText(item.key()) + ": not declared in the result shape";
  return "";
}

}  // namespace attnlab
