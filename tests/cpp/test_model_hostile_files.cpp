// SPDX-License-Identifier: Apache-2.0
// Hostile model folders: every refusal is one line whatever the file's strings hold (control characters escaped, cut
// on a UTF-8 boundary), says the true cause, and comes before the work it guards: a shard index of 300,000 entries,
// a pass beyond the memory budget, weights only on a model wider than the analysis takes.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>

#include "model/model_error.hpp"
#include "model/qk_command.hpp"
#include "model/weight_heads.hpp"
#include "numerics/shared/text.hpp"
#include "model_fixture.hpp"

using namespace attnlab::model;
using attnlab::Json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

std::string refusalWithConfig(const std::string& name, const std::function<void(Json&)>& edit) {
  fixture::FolderSource source(name);
  Json config = Json::parse(source.whole("config.json"));
  edit(config);
  source.replaced["config.json"] = config.dump();
  return modelHeadQk(source, fixture::expected(name).request).error;
}

std::string refusalWithIndex(const std::function<void(Json&)>& edit) {
  fixture::FolderSource source("qwen2-sharded-f32");
  Json index = Json::parse(source.whole("model.safetensors.index.json"));
  edit(index);
  source.replaced["model.safetensors.index.json"] = index.dump();
  return modelHeadQk(source, fixture::expected("qwen2-sharded-f32").request).error;
}

// True when every multi-byte UTF-8 sequence of `text` is whole (a cut never splits a character).
bool wholeUtf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("model: a file's strings are quoted on one line, cut on a character boundary", "[model][refusal]") {
  CHECK(attnlab::printableText("a\nb\r\x7f"
                               "c\xc2\x85") == "a\\x0ab\\x0d\\x7fc\\u0085");
  CHECK(attnlab::printableText(std::string(39, 'a') + "\xc3\xa9xyz", 40) == std::string(39, 'a') + "...");
  CHECK(attnlab::quotedText("ok") == "'ok'");
  CHECK(refusalWithConfig("llama-f32", [](Json& c) { c["model_type"] = "llama\nEvil: second line"; }) ==
        "config.json: model_type 'llama\\x0aEvil: second line' is not supported (bert, roberta, distilbert, gpt2, "
        "llama, mistral, qwen2)");
  CHECK_THAT(refusalWithConfig("llama-f32",
                               [](Json& c) {
                                 c["rope_scaling"] = {{"rope_type", "yarn\r\nx"}, {"factor", 2.0}};
                               }),
             StartsWith("config.json: rope type 'yarn\\x0d\\x0ax' is not supported"));
  const std::string cut = refusalWithConfig("llama-f32", [](Json& c) { c["model_type"] = std::string(39, 'm') + "é"; });
  CHECK_THAT(cut, StartsWith("config.json: model_type '" + std::string(39, 'm') + "...' is not supported"));
  CHECK(wholeUtf8(cut));
  const std::string shard = refusalWithIndex(
      [](Json& i) { i["weight_map"]["model.embed_tokens.weight"] = "model-00001-of-00002\n.safetensors"; });
  CHECK(shard ==
        "model.safetensors.index.json: tensor 'model.embed_tokens.weight' maps to something that is not a "
        "file of the folder: 'model-00001-of-00002\\x0a.safetensors'");
}

TEST_CASE("model: the refusal says the true cause", "[model][refusal]") {
  CHECK(refusalWithConfig("roberta-bf16", [](Json& c) { c["pad_token_id"] = 1000; }) ==
        "config.json: pad_token_id 1000 leaves no position: RoBERTa numbers tokens from pad_token_id + 1 to "
        "max_position_embeddings - 1 (13)");
  fixture::FolderSource f8("hostile-f8");
  QkRequest request;
  request.ids = {1, 2};
  CHECK_THAT(modelHeadQk(f8, request).error, Contains("has dtype F8_E4M3: quantized (8-bit float) weights"));
}

TEST_CASE("model: a shard index of 300,000 entries is refused at its limit; 100,000 are read", "[model][json]") {
  const auto withEntries = [](std::size_t n) {  // written as text: ordered_json's own inserts are what was quadratic
    fixture::FolderSource source("qwen2-sharded-f32");
    std::string index = Json::parse(source.whole("model.safetensors.index.json")).dump();
    std::string entries;
    for (std::size_t t = 0; t < n; ++t)
      entries += "\"extra." + std::to_string(t) + "\":\"model-00001-of-00002.safetensors\",";
    const std::string map = "\"weight_map\":{";
    index.insert(index.find(map) + map.size(), entries);
    source.replaced["model.safetensors.index.json"] = index;
    return modelHeadQk(source, fixture::expected("qwen2-sharded-f32").request).error;
  };
  CHECK(withEntries(300000) == "model.safetensors.index.json: more than 200000 keys in one object (the most allowed)");
  CHECK_THAT(withEntries(100000), Contains("listed in the index is not in this shard"));  // parsed, then checked
}

TEST_CASE("model-qk: the memory estimate is checked against the budget before the pass", "[model][cli]") {
  const QkCommand parsed = parseQkCommand({"model=/m", "ids=1", "layer=0", "head=0", "budget=512"});
  REQUIRE(parsed.ok);
  CHECK(parsed.budgetMiB == 512);
  CHECK(parseQkCommand({"model=/m", "ids=1", "layer=0", "head=0"}).budgetMiB == kDefaultQkBudgetMiB);
  CHECK_THAT(parseQkCommand({"model=/m", "ids=1", "layer=0", "head=0", "budget=0"}).error,
             StartsWith("budget: '0' is not a whole number of MiB in [1, 1048576]"));
  fixture::FolderSource source("llama-dynamic-f32");
  const Checkpoint checkpoint = openCheckpoint(source);
  QkRequest request;
  request.ids.assign(20000, 3);  // dynamic RoPE: no position limit
  REQUIRE(requestProblem(checkpoint.config, request).empty());
  const double estimate = memoryEstimateBytes(checkpoint, request);
  CHECK(estimate > 3.0 * 20000 * 20000 * 8);  // the attention mix's logits alone
  CHECK(budgetProblem("model-qk", estimate, estimate, "x").empty());
  CHECK(budgetProblem("model-qk on 20000 tokens", estimate, 4000.0 * 1048576, "give fewer ids") ==
        "model-qk on 20000 tokens needs about " +
            std::to_string(static_cast<long long>(std::ceil(estimate / 1048576))) +
            " MiB, above the budget of 4000 MiB; give fewer ids");
  request.ids.assign(7, 3);
  CHECK(memoryEstimateBytes(checkpoint, request) < estimate / 1000);
}

TEST_CASE("model: weights only on a model wider than the analysis is refused from config.json alone", "[model]") {
  fixture::FolderSource source("llama-f32");
  Checkpoint wide;  // no tensor checked: a read, or a span looked up, would throw another message
  wide.config = parseModelConfig(source.whole("config.json"));
  CHECK(weightHeadsProblem(wide.config).empty());
  Json config = Json::parse(source.whole("config.json"));
  config["hidden_size"] = 4096;
  config["head_dim"] = 4;
  wide.config = parseModelConfig(config.dump());
  const std::string want =
      "config.json: hidden_size 4096 is above the 1024 the analysis takes for weights only "
      "(there n is the hidden size); give a text instead";
  CHECK(weightHeadsProblem(wide.config) == want);
  CHECK_THROWS_WITH(weightHeads(source, wide, 0), want);
  Json gpt2 = Json::parse(fixture::FolderSource("gpt2-f32").whole("config.json"));
  gpt2["n_embd"] = 1280;
  gpt2["n_head"] = 20;
  CHECK_THAT(weightHeadsProblem(parseModelConfig(gpt2.dump())), StartsWith("config.json: n_embd 1280 is above"));
}
