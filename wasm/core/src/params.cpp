#include "attnlab/params.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace attnlab {
namespace {

std::string describe(const Json& v) { return v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump(); }

std::string fmt(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

bool parseReal(const Json& v, double& out) {
  if (v.is_number()) { out = v.get<double>(); return std::isfinite(out); }
  if (!v.is_string()) return false;
  const std::string s = v.get<std::string>();
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(out);
}

bool parseInteger(const Json& v, std::int64_t& out) {
  double x;
  if (!parseReal(v, x) || x != std::floor(x) || std::fabs(x) > 9.0e15) return false;
  out = static_cast<std::int64_t>(x);
  return true;
}

std::vector<Json> splitList(const Json& v) {
  std::vector<Json> items;
  if (v.is_array()) {
    for (const auto& x : v) items.push_back(x);
  } else if (v.is_string()) {
    std::stringstream ss(v.get<std::string>());
    std::string part;
    while (std::getline(ss, part, ',')) items.emplace_back(part);
  } else {
    items.push_back(v);
  }
  return items;
}

std::string range(double lo, double hi, bool loOpen, bool hiOpen) {
  return std::string(loOpen ? "(" : "[") + fmt(lo) + ", " + fmt(hi) + (hiOpen ? ")" : "]");
}

bool inRange(double x, double lo, double hi, bool loOpen, bool hiOpen) {
  return (loOpen ? x > lo : x >= lo) && (hiOpen ? x < hi : x <= hi);
}

}  // namespace

ParamReader::ParamReader(const Json& params) : params_(params) {
  if (!params_.is_object()) throw ParamError("params must be an object of key=value pairs");
}

bool ParamReader::has(const std::string& key) const { return params_.contains(key); }

std::int64_t ParamReader::integer(const std::string& key, std::int64_t def, std::int64_t lo, std::int64_t hi) {
  read_.insert(key);
  if (!has(key)) return def;
  std::int64_t x;
  if (!parseInteger(params_[key], x) || x < lo || x > hi)
    throw ParamError(key + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                     "], got " + describe(params_[key]));
  return x;
}

double ParamReader::real(const std::string& key, double def, double lo, double hi, bool loOpen, bool hiOpen) {
  read_.insert(key);
  if (!has(key)) return def;
  double x;
  if (!parseReal(params_[key], x) || !inRange(x, lo, hi, loOpen, hiOpen))
    throw ParamError(key + " must be a number in " + range(lo, hi, loOpen, hiOpen) + ", got " +
                     describe(params_[key]));
  return x;
}

std::string ParamReader::choice(const std::string& key, const std::string& def,
                                std::initializer_list<const char*> allowed) {
  read_.insert(key);
  if (!has(key)) return def;
  const Json& v = params_[key];
  std::string list;
  for (const char* a : allowed) {
    if (v.is_string() && v.get<std::string>() == a) return a;
    list += (list.empty() ? "" : " | ") + std::string(a);
  }
  throw ParamError(key + " must be one of " + list + ", got " + describe(v));
}

std::vector<std::int64_t> ParamReader::integerList(const std::string& key, const std::vector<std::int64_t>& def,
                                                   std::int64_t lo, std::int64_t hi, std::size_t maxCount) {
  read_.insert(key);
  if (!has(key)) return def;
  const auto items = splitList(params_[key]);
  const std::string what = key + " must be a comma-separated list of 1 to " + std::to_string(maxCount) +
                           " integers in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (items.empty() || items.size() > maxCount) throw ParamError(what + ", got " + describe(params_[key]));
  std::vector<std::int64_t> out;
  for (const auto& item : items) {
    std::int64_t x;
    if (!parseInteger(item, x) || x < lo || x > hi) throw ParamError(what + ", got " + describe(item));
    out.push_back(x);
  }
  return out;
}

std::vector<double> ParamReader::realList(const std::string& key, const std::vector<double>& def, double lo,
                                          double hi, std::size_t maxCount, bool loOpen, bool hiOpen) {
  read_.insert(key);
  if (!has(key)) return def;
  const auto items = splitList(params_[key]);
  const std::string what = key + " must be a comma-separated list of 1 to " + std::to_string(maxCount) +
                           " numbers in " + range(lo, hi, loOpen, hiOpen);
  if (items.empty() || items.size() > maxCount) throw ParamError(what + ", got " + describe(params_[key]));
  std::vector<double> out;
  for (const auto& item : items) {
    double x;
    if (!parseReal(item, x) || !inRange(x, lo, hi, loOpen, hiOpen)) throw ParamError(what + ", got " + describe(item));
    out.push_back(x);
  }
  return out;
}

std::uint64_t ParamReader::seed(std::uint64_t def) {
  // Seeds stay below 2^53 so they survive a round trip through a JS number and the URL.
  return static_cast<std::uint64_t>(integer("seed", static_cast<std::int64_t>(def), 0, (std::int64_t{1} << 53) - 1));
}

double ParamReader::budgetBytes() { return real("budget", 1024.0, 1.0, 65536.0) * 1024.0 * 1024.0; }

void ParamReader::rejectUnknown() const {
  for (const auto& item : params_.items())
    if (!read_.count(item.key())) throw ParamError("unknown parameter '" + item.key() + "'");
}

void requireMemory(double estimatedBytes, double budgetBytes, const std::string& what) {
  if (estimatedBytes > budgetBytes) {
    std::ostringstream s;
    s.precision(4);
    s << what << " needs about " << estimatedBytes / (1024.0 * 1024.0) << " MiB, beyond the memory budget of "
      << budgetBytes / (1024.0 * 1024.0) << " MiB (parameter budget); choose smaller sizes or raise budget";
    throw ParamError(s.str());
  }
}

}  // namespace attnlab
