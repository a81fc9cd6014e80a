// One truth for bounds: the numerical library accepts every value the experiments' schemas accept (a
// library check can never refuse what the panel, a link or the CLI let through), and where the library
// takes a range of its own it is named once, next to the code that needs it (docs/ARCHITECTURE.md).
#include <catch2/catch.hpp>

#include "attnlab/experiment.hpp"
#include "attnlab/rmt_theory.hpp"

using namespace attnlab;

namespace {
const ParamDecl* findParam(const Experiment& e, const std::string& key) {
  for (const auto& p : e.params)
    if (p.key == key) return &p;
  return nullptr;
}
}  // namespace

TEST_CASE("every paper-2 schema's delta and gamma lie inside the bulk law's domain", "[bounds][rmt]") {
  int checked = 0;
  for (const auto& e : experiments()) {
    if (e.family != "rmt") continue;  // paper 1's delta and gamma are other quantities
    for (const char* key : {"delta", "gamma"}) {
      const ParamDecl* p = findParam(e, key);
      if (!p) continue;
      INFO(e.id << " " << key);
      CHECK(p->min > 0);
      CHECK(p->max <= kBulkRatioMax);
      const bool isDelta = std::string(key) == "delta";
      for (const double end : {p->min, p->max, p->defaultValue.get<double>()})
        CHECK_NOTHROW(checkBulkRatios(isDelta ? end : 0.5, isDelta ? 0.5 : end));
      ++checked;
    }
  }
  CHECK(checked >= 8);  // delta in all five paper-2 experiments, gamma in three
  CHECK_THROWS_WITH(checkBulkRatios(kBulkRatioMax * 1.01, 0.5), Catch::Contains("delta"));
  CHECK_THROWS_WITH(checkBulkRatios(0.5, 0), Catch::Contains("gamma"));
}
