// SPDX-License-Identifier: Apache-2.0
// Parameter errors: every one names the parameter and its allowed range (validation itself is schema.hpp's).
#pragma once
#include <stdexcept>
#include <string>

namespace attnlab {

// Bad input: the message names the parameter and the allowed range. Caught before any boundary.
class ParamError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Runs body(); an std::invalid_argument from the numerics escaping it is rethrown as a ParamError
// naming `key` ("key: ..."), unless its message already starts with the key.
template <class F>
auto namingParam(const std::string& key, F&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const ParamError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    throw ParamError(what.rfind(key, 0) == 0 ? what : key + ": " + what);
  }
}

// Refuses a run whose estimated memory exceeds the budget, before anything is allocated.
void requireMemory(double estimatedBytes, double budgetBytes, const std::string& what);

}  // namespace attnlab
