#include "attnlab/job_checks.hpp"

#include <cmath>

namespace attnlab {
namespace {

std::string shown(const Json& v) {
  const std::string text = v.dump();
  return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

// 4 and 16384 rather than 4.0 and 16384.0 for whole numbers.
std::string shown(double x) {
  if (std::floor(x) == x && std::fabs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  return Json(x).dump();
}

std::string dotted(const std::string& key) {
  std::string out = "result." + key;
  for (char& c : out)
    if (c == '/') c = '.';
  return out;
}

}  // namespace

const Json* JobCheck::find(const std::string& key) const {
  const Json::json_pointer pointer("/" + key);
  return result_.contains(pointer) ? &result_.at(pointer) : nullptr;
}

JobCheck& JobCheck::same(const std::string& key, const std::string& atKey) {
  if (!problem_.empty()) return *this;
  const std::string other = atKey.empty() ? key : atKey;
  const Json* value = find(key);
  const Json expected = at_.value(other, Json());
  if (!value || *value != expected)
    problem_ = dotted(key) + " = " + (value ? shown(*value) : "missing") + " is not this job's " + other + " = " + shown(expected);
  return *this;
}

JobCheck& JobCheck::within(const std::string& key, double lo, double hi) {
  if (!problem_.empty()) return *this;
  const Json* value = find(key);
  if (!value || value->is_null()) return *this;
  if (!value->is_number() || !(value->get<double>() >= lo && value->get<double>() <= hi))
    problem_ = dotted(key) + " = " + shown(*value) + " is outside [" + shown(lo) + ", " + shown(hi) + "]";
  return *this;
}

JobCheck& JobCheck::ordered(const std::string& low, const std::string& high) {
  if (!problem_.empty()) return *this;
  const Json *a = find(low), *b = find(high);
  if (!a || !b || a->is_null() || b->is_null()) return *this;
  if (!(a->get<double>() <= b->get<double>()))
    problem_ = dotted(low) + " = " + shown(*a) + " is above " + dotted(high) + " = " + shown(*b);
  return *this;
}

JobCheck& JobCheck::require(bool holds, const std::string& problem) {
  if (problem_.empty() && !holds) problem_ = problem;
  return *this;
}

}  // namespace attnlab
