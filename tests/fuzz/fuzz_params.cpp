// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: parameter validation (validate() of lab/schema.hpp) on arbitrary JSON
// objects, against a small schema with one parameter of every kind. A ParamError is the expected
// answer to bad input; any other exception escaping, a crash or a sanitizer report is a finding, and
// so is an accepted value outside its declared bounds. Kept small: it follows the schema API.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "lab/schema.hpp"

namespace {

const std::vector<attnlab::ParamDecl>& schema() {
  using attnlab::ParamDecl;
  static const std::vector<ParamDecl> s = {
      ParamDecl::integer("n", 512, 2, 4096, "size"),
      ParamDecl::real("beta", 1.0, 0.0, 100.0, "inverse temperature").openBelow(),
      ParamDecl::choice("geometry", "sphere", {"sphere", "ball", "gauss"}, "where points live"),
      ParamDecl::integers("ns", {16, 32}, 2, 4096, 8, "sizes"),
      ParamDecl::reals("eps", {0.1}, 0.0, 1.0, 4, "tolerances").openBelow().openAbove(),
      attnlab::seedParam(),
      attnlab::budgetParam(),
  };
  return s;
}

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const attnlab::Json params = attnlab::Json::parse(data, data + size, nullptr, false);
  if (params.is_discarded()) return 0;
  try {
    const attnlab::ParamValues v = attnlab::validate(schema(), params);
    const std::int64_t n = v.integer("n");
    require(n >= 2 && n <= 4096);
    const double beta = v.real("beta");
    require(std::isfinite(beta) && beta > 0 && beta <= 100);
    const std::string& g = v.choice("geometry");
    require(g == "sphere" || g == "ball" || g == "gauss");
    const auto ns = v.integers("ns");
    require(!ns.empty() && ns.size() <= 8);
    for (const auto x : ns) require(x >= 2 && x <= 4096);
    for (const double e : v.reals("eps")) require(e > 0 && e < 1);
    require(std::isfinite(v.budgetBytes()) && v.budgetBytes() > 0);
    v.seed();
  } catch (const attnlab::ParamError& e) {
    const std::string message = e.what();
    require(!message.empty() && message.find('\n') == std::string::npos);
  }
  return 0;
}
