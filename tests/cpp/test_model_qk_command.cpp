// SPDX-License-Identifier: Apache-2.0
// `model-qk`'s arguments (model/qk_command.hpp) and its JSON: every host parses the same words.
#include <catch2/catch.hpp>

#include "model/qk_command.hpp"
#include "model_fixture.hpp"

using namespace attnlab::model;
using Catch::Matchers::StartsWith;

TEST_CASE("model-qk: arguments parsed once, refusals name the argument", "[model][cli]") {
  const QkCommand good = parseQkCommand({"model=/m", "ids=101,7592,102", "layer=3", "head=11"});
  REQUIRE(good.ok);
  CHECK(good.folder == "/m");
  CHECK(good.request.ids == std::vector<std::int64_t>{101, 7592, 102});
  CHECK(good.request.layer == 3);
  CHECK(good.request.head == 11);
  CHECK_THAT(parseQkCommand({"model=/m", "ids=1,,2", "layer=0", "head=0"}).error,
             StartsWith("ids: '' is not a token id"));
  CHECK_THAT(parseQkCommand({"model=/m", "ids=1,-2", "layer=0", "head=0"}).error,
             StartsWith("ids: '-2' is not a token id"));
  CHECK_THAT(parseQkCommand({"model=/m", "ids=1", "layer=x", "head=0"}).error,
             StartsWith("layer: 'x' is not an integer"));
  CHECK_THAT(parseQkCommand({"model=/m", "ids=1", "head=0"}).error, StartsWith("model-qk: layer= is missing"));
  CHECK_THAT(parseQkCommand({"model=/m", "ids=1", "layer=0", "head=0", "text=hi"}).error,
             StartsWith("model-qk: give ids= or text=, not both"));
  const QkCommand byText = parseQkCommand({"model=/m", "text=the cat", "layer=0", "head=0"});  // the host tokenizes it
  CHECK(byText.ok);
  CHECK(byText.hasText);
  CHECK(byText.text == "the cat");
  CHECK(byText.request.ids.empty());
  CHECK_THAT(parseQkCommand({"model=/m", "tokens=1", "layer=0", "head=0"}).error,
             StartsWith("model-qk: unknown argument 'tokens=1'"));
  CHECK_THAT(parseQkCommand({"model=/m", "model=/n", "ids=1", "layer=0", "head=0"}).error,
             StartsWith("model is given twice"));
}

TEST_CASE("model-qk: its help names the interface", "[model][cli]") {
  const std::string usage = qkCommandUsage("attnlab");
  CHECK_THAT(usage, StartsWith("usage: attnlab model-qk model=<folder> ids=<id,id,...> layer=<i> head=<h>\n"));
  for (const char* family : {"bert", "roberta", "distilbert", "gpt2", "llama", "qwen2"})
    CHECK(usage.find(family) != std::string::npos);
}

TEST_CASE("model-qk: the JSON holds ids, layer, head and row-major q, k, logits", "[model][cli]") {
  const fixture::Expected want = fixture::expected("gpt2-f32");
  fixture::FolderSource source("gpt2-f32");
  const Checkpoint checkpoint = openCheckpoint(source);
  const QkOutcome out = computeHeadQk(source, checkpoint, want.request);
  REQUIRE(out.ok);
  const attnlab::Json json = headQkJson(checkpoint.config, want.request, out.head);
  CHECK(json["ids"].get<std::vector<std::int64_t>>() == want.request.ids);
  CHECK(json["layer"] == want.request.layer);
  CHECK(json["head"] == want.request.head);
  CHECK(json["family"] == "gpt2");
  CHECK(fixture::relativeError(fixture::matrix(json["logits"]), want.logits) <= 1e-5);
  CHECK(fixture::relativeError(fixture::matrix(json["q"]), want.q) <= 1e-5);
  CHECK(json["k"]["rows"] == want.request.ids.size());
  CHECK(json["k"]["cols"] == 4);
}
