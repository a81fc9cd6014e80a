// Reading and validating experiment parameters. Every error names the parameter and its allowed range.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "attnlab/json.hpp"

namespace attnlab {

// Bad input: the message names the parameter and the allowed range. Caught before any boundary.
class ParamError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Reads typed values from a params object whose values may be numbers, arrays or strings
// ("512", "512,1024", "sphere"), so the CLI, the URL and JS objects all go through one validator.
class ParamReader {
 public:
  explicit ParamReader(const Json& params);

  std::int64_t integer(const std::string& key, std::int64_t def, std::int64_t lo, std::int64_t hi);
  // Real in [lo, hi]; loOpen/hiOpen make the corresponding end exclusive.
  double real(const std::string& key, double def, double lo, double hi, bool loOpen = false,
              bool hiOpen = false);
  std::string choice(const std::string& key, const std::string& def,
                     std::initializer_list<const char*> allowed);
  std::vector<std::int64_t> integerList(const std::string& key, const std::vector<std::int64_t>& def,
                                        std::int64_t lo, std::int64_t hi, std::size_t maxCount);
  std::vector<double> realList(const std::string& key, const std::vector<double>& def, double lo,
                               double hi, std::size_t maxCount, bool loOpen = false, bool hiOpen = false);
  std::uint64_t seed(std::uint64_t def = 1);
  // Memory budget in MiB (key "budget", default 1024 = 1 GiB).
  double budgetBytes();
  bool has(const std::string& key) const;
  // Throws if a key was given that no reader asked for (typos must not pass silently).
  void rejectUnknown() const;

 private:
  const Json& params_;
  std::set<std::string> read_;
};

// Refuses a run whose estimated memory exceeds the budget, before anything is allocated.
void requireMemory(double estimatedBytes, double budgetBytes, const std::string& what);

}  // namespace attnlab
