// SPDX-License-Identifier: Apache-2.0
// The parameter rng (docs/theory/rank.md#prng-ziggurat): every experiment takes it, its random data follows
// it, and rng=box-muller keeps the numbers of links made before the ziggurat.
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <string>

#include "lab/experiment.hpp"
#include "experiment_fixture.hpp"

using namespace attnlab;

namespace {

// Experiments whose result draws no random number from the seed (theory only, a fixed head zoo) declare it.
bool drawsNoRandomData(const std::string& id) { return findExperiment(id)->tests.value("drawsNoRandomData", false); }

// The cheap parameters, where the result shows the random data: with the experiment's showingData laid over
// them (rmt-weights' default tau = 0 gives the harmonic weights whatever the embeddings).
Json showingData(const std::string& id, Json cheap) {
  const Json& tests = findExperiment(id)->tests;
  if (tests.contains("showingData"))
    for (const auto& item : tests["showingData"].items()) cheap[item.key()] = item.value();
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

// The result as the hash was recorded: keys added to a result shape since (each null where the hash's run has no
// value for it) are left out, so that only the numbers of before are compared.
Json asRecorded(const std::string& id, Json result) {
  if (id == "rank-zoo")  // a file's or model's heads: layer, head, energy90, antisymmetry (null for the zoo)
    for (Json& row : result.at("rows"))
      for (const char* added : {"layer", "head", "energy90", "antisymmetry"})
        if (row.contains(added) && row.at(added).is_null()) row.erase(added);
  return result;
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
  // FNV-1a of the result's JSON text with each experiment's cheap set (tests/fixtures/stream-hashes.json), recorded
  // from the native build before rng existed (main a7ec8d8); `npm run gen` adds a new experiment's and never changes
  // one. Box–Muller goes through libm, so these hold natively only (docs/theory/rank.md#prng-ziggurat).
  std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/tests/fixtures/stream-hashes.json");
  REQUIRE(in);
  const Json before = Json::parse(in);
  for (const auto& [id, cheap] : fixture::cheapParams()) {
    INFO(id << ": run npm run gen to record a new experiment's hash");
    REQUIRE(before.contains(id));
    CHECK(fnv1a(asRecorded(id, fixture::run(id, with(cheap, "box-muller"))).dump()) ==
          std::stoull(before[id].get<std::string>(), nullptr, 16));
  }
}
#endif
