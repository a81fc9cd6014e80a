// SPDX-License-Identifier: Apache-2.0
#include "lab/job_checks.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

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

// "perN/0/dmin" -> {"perN", "0", "dmin"}.
std::vector<std::string> split(const std::string& key) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= key.size()) {
    const std::size_t end = std::min(key.find('/', start), key.size());
    parts.push_back(key.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

// "perN/0/dmin/1" -> "result.perN[0].dmin[1]".
std::string dotted(const std::string& key) {
  std::string out = "result";
  for (const std::string& part : split(key)) {
    const bool index = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
    out += index ? "[" + part + "]" : "." + part;
  }
  return out;
}

// pattern with its "*"s replaced by indices, in order (missing indices leave "*", which finds nothing).
std::string substitute(const std::string& pattern, const std::vector<std::string>& indices) {
  std::string out;
  std::size_t next = 0;
  for (const std::string& part : split(pattern)) {
    const std::string piece = part == "*" && next < indices.size() ? indices[next++] : part;
    out += (out.empty() ? "" : "/") + piece;
  }
  return out;
}

}  // namespace

const Json& JobCheck::noCoordinates() {
  static const Json none = Json::object();
  return none;
}

std::vector<std::pair<std::string, std::vector<std::string>>> JobCheck::expand(const std::string& pattern) const {
  // (path so far, the value there, indices taken)
  std::vector<std::tuple<std::string, const Json*, std::vector<std::string>>> open{{"", &result_, {}}};
  for (const std::string& part : split(pattern)) {
    std::vector<std::tuple<std::string, const Json*, std::vector<std::string>>> next;
    for (const auto& [path, value, indices] : open) {
      const std::string prefix = path.empty() ? "" : path + "/";
      if (part == "*") {
        if (!value->is_array()) continue;
        for (std::size_t i = 0; i < value->size(); ++i) {
          std::vector<std::string> more = indices;
          more.push_back(std::to_string(i));
          next.emplace_back(prefix + more.back(), &(*value)[i], more);
        }
      } else if (value->is_object() && value->contains(part)) {
        next.emplace_back(prefix + part, &value->at(part), indices);
      }
    }
    open = std::move(next);
  }
  std::vector<std::pair<std::string, std::vector<std::string>>> done;
  for (const auto& [path, value, indices] : open) done.emplace_back(path, indices);
  return done;
}

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
    problem_ = dotted(key) + " = " + (value ? shown(*value) : "missing") + " is not this job's " + other + " = " +
               shown(expected);
  return *this;
}

JobCheck& JobCheck::within(const std::string& key, double lo, double hi) {
  if (!problem_.empty()) return *this;
  if (key.find('*') != std::string::npos) {
    for (const auto& match : expand(key)) within(match.first, lo, hi);
    return *this;
  }
  const Json* value = find(key);
  if (!value || value->is_null()) return *this;
  if (!value->is_number() || !(value->get<double>() >= lo && value->get<double>() <= hi))
    problem_ = dotted(key) + " = " + shown(*value) + " is outside [" + shown(lo) + ", " + shown(hi) + "]";
  return *this;
}

JobCheck& JobCheck::ordered(const std::string& low, const std::string& high, double relative) {
  if (!problem_.empty()) return *this;
  if (low.find('*') != std::string::npos) {
    for (const auto& [concrete, indices] : expand(low)) ordered(concrete, substitute(high, indices), relative);
    return *this;
  }
  const Json *a = find(low), *b = find(high);
  if (!a || !b || !a->is_number() || !b->is_number()) return *this;
  if (!(a->get<double>() <= b->get<double>() + relative * std::fabs(b->get<double>())))
    problem_ = dotted(low) + " = " + shown(*a) + " is above " + dotted(high) + " = " + shown(*b);
  return *this;
}

JobCheck& JobCheck::require(bool holds, const std::string& problem) {
  if (problem_.empty() && !holds) problem_ = problem;
  return *this;
}

}  // namespace attnlab
