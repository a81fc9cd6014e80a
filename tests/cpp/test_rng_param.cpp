// SPDX-License-Identifier: Apache-2.0
// The parameter rng (docs/theory/rank.md#prng-ziggurat): every experiment takes it, its random data follows
// it, and rng=box-muller keeps the numbers of links made before the ziggurat.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>

#include "attnlab/experiment.hpp"
#include "experiment_fixture.hpp"

using namespace attnlab;

namespace {

// Experiments whose result draws no random number from the seed: theory only, or the fixed head zoo.
bool drawsNoRandomData(const std::string& id) { return id == "rmt-phase" || id == "rank-zoo"; }

// The cheap parameters, where the result shows the random data: rmt-weights' default tau = 0 gives the
// harmonic weights whatever the embeddings, so its data is seen only with tau != 0.
Json showingData(const std::string& id, Json cheap) {
  if (id == "rmt-weights") cheap["tau"] = 2;
  return cheap;
}

Json with(Json params, const std::string& rng) {
  params["rng"] = rng;
  return params;
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

TEST_CASE("every experiment declares rng: box-muller | ziggurat, default ziggurat", "[params][rng]") {
  for (const Experiment& e : experiments()) {
    INFO(e.id);
    const auto decl = std::find_if(e.params.begin(), e.params.end(), [](const ParamDecl& p) { return p.key == "rng"; });
    REQUIRE(decl != e.params.end());
    CHECK(decl->kind == ParamKind::Enum);
    CHECK(decl->defaultValue == "ziggurat");
    CHECK(decl->values == std::vector<std::string>{"box-muller", "ziggurat"});
    CHECK(fixture::cheapParams().count(e.id) == 1);  // so the cases below cover it
  }
}

TEST_CASE("every experiment runs with rng=box-muller and rng=ziggurat, its data follows rng, rng=foo is refused",
          "[params][rng]") {
  for (const auto& [id, params] : fixture::cheapParams()) {
    INFO(id);
    const Json cheap = showingData(id, params);
    const Json boxMuller = fixture::run(id, with(cheap, "box-muller"));
    const Json ziggurat = fixture::run(id, with(cheap, "ziggurat"));
    CHECK(fixture::run(id, cheap) == ziggurat);  // the default
    if (drawsNoRandomData(id))
      CHECK(boxMuller == ziggurat);
    else
      CHECK(boxMuller != ziggurat);
    fixture::refused(id, with(cheap, "foo"), "rng must be one of box-muller | ziggurat, got 'foo'");
  }
}

#ifndef ATTNLAB_WASM_TESTS
TEST_CASE("rng=box-muller: every experiment's result is the very one of before the ziggurat (natively)",
          "[params][rng]") {
  // FNV-1a of the result's JSON text, recorded from the native build before rng existed (main a7ec8d8) with
  // fixture::cheapParams(). Box–Muller goes through libm, so these hold natively only
  // (docs/theory/rank.md#prng-ziggurat).
  const std::map<std::string, std::uint64_t> before = {
      {"attention-map", 0xe6009c9daa418340ULL},  {"rank-beta", 0x21085625b687f9eaULL},
      {"rank-eps", 0xe58575b9604cd094ULL},       {"rank-interaction", 0x2bf7a8f73664c52aULL},
      {"rank-ladder", 0x718533a793252798ULL},    {"rank-n", 0xa403b52863236535ULL},
      {"rank-zoo", 0x7732eaa7b84230a3ULL},       {"rmt-phase", 0x25f24ef0551f72bbULL},
      {"rmt-ridge", 0x286bce2485e65da2ULL},      {"rmt-spectrum", 0x6c34cb48801b3c4dULL},
      {"rmt-transition", 0x2166d6537f0a533bULL}, {"rmt-weights", 0x74e70cb71b802256ULL},
      {"sparse-approx", 0x0b810b7e4f9bf56bULL},  {"sparse-dmin", 0x0cb0d4c2c86c963eULL},
  };
  for (const auto& [id, cheap] : fixture::cheapParams()) {
    INFO(id);
    REQUIRE(before.count(id) == 1);
    CHECK(fnv1a(fixture::run(id, with(cheap, "box-muller")).dump()) == before.at(id));
  }
}
#endif
