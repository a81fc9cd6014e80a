// SPDX-License-Identifier: Apache-2.0
// The model reader refuses, in one line naming the file and the cause, every checkpoint it cannot read
// faithfully: hostile safetensors files, unsupported configurations, requests beyond the model. Nothing crashes.
#include <catch2/catch.hpp>
#include <functional>

#include "model/model_error.hpp"
#include "model/safetensors.hpp"
#include "model_fixture.hpp"

using namespace attnlab::model;
using attnlab::Json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// The outcome of a run of fixture `name` whose config.json is changed by `edit`.
QkOutcome runWithConfig(const std::string& name, const std::function<void(Json&)>& edit, QkRequest request = {}) {
  fixture::FolderSource source(name);
  Json config = Json::parse(source.whole("config.json"));
  edit(config);
  source.replaced["config.json"] = config.dump();
  if (request.ids.empty()) request = fixture::expected(name).request;
  return modelHeadQk(source, request);
}

std::string refusalOf(const std::string& file, const std::string& header, std::uint64_t fileSize) {
  try {
    parseSafetensorsHeader(file, header, fileSize);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

std::string lengthPrefix(std::uint64_t n) {
  std::string bytes;
  for (int i = 0; i < 8; ++i) bytes += static_cast<char>((n >> (8 * i)) & 0xff);
  return bytes;
}

}  // namespace

TEST_CASE("model: each hostile fixture is refused, naming the file and the cause", "[model][refusal]") {
  const Json causes = fixture::readJson(fixture::modelFolder("manifest.json"))["hostile"];
  REQUIRE(causes.size() >= 7);
  for (const auto& [name, cause] : causes.items()) {
    INFO(name);
    fixture::FolderSource source(name);
    QkRequest request;
    request.ids = {1, 2};
    const QkOutcome out = modelHeadQk(source, request);
    CHECK_FALSE(out.ok);
    CHECK_THAT(out.error, Contains(cause.get<std::string>()));
    CHECK((out.error.rfind("model.safetensors: ", 0) == 0 || out.error.rfind("config.json: ", 0) == 0));
    CHECK(out.error.find('\n') == std::string::npos);
  }
}

TEST_CASE("model: configurations whose numbers the reader would get wrong are refused in config.json",
          "[model][refusal]") {
  CHECK_THAT(runWithConfig("bert-f32", [](Json& c) { c["position_embedding_type"] = "relative_key"; }).error,
             StartsWith("config.json: position_embedding_type 'relative_key' is not supported"));
  CHECK_THAT(runWithConfig("llama-f32",
                           [](Json& c) {
                             c["rope_scaling"] = {{"rope_type", "yarn"}, {"factor", 4.0}};
                           })
                 .error,
             StartsWith("config.json: rope type 'yarn' is not supported"));
  CHECK_THAT(runWithConfig("llama-f32", [](Json& c) { c["partial_rotary_factor"] = 0.5; }).error,
             StartsWith("config.json: partial rotary"));
  CHECK_THAT(runWithConfig("bert-f32", [](Json& c) { c["hidden_act"] = "quick_gelu"; }).error,
             StartsWith("config.json: hidden_act 'quick_gelu' is not supported"));
  CHECK_THAT(runWithConfig("gpt2-f32", [](Json& c) { c["model_type"] = "gpt_neox"; }).error,
             StartsWith("config.json: model_type 'gpt_neox' is not supported"));
  CHECK_THAT(runWithConfig("bert-f32", [](Json& c) { c["is_decoder"] = true; }).error,
             StartsWith("config.json: is_decoder is true"));
  CHECK_THAT(runWithConfig("qwen2-sharded-f32", [](Json& c) { c["use_sliding_window"] = true; }).error,
             StartsWith("config.json: use_sliding_window is true"));
  CHECK_THAT(runWithConfig("llama-f32", [](Json& c) { c["hidden_size"] = 24; }).error,
             Contains("config.json implies"));  // the tensors' shapes are checked against the config
  // A configuration that is read but changes a convention is not silently accepted: it changes the numbers.
  const QkOutcome rope = runWithConfig("llama-f32", [](Json& c) { c["rope_theta"] = 500000.0; });
  REQUIRE(rope.ok);
  CHECK(fixture::relativeError(rope.head.logits, fixture::expected("llama-f32").logits) > 1e-5);
}

TEST_CASE("model: requests beyond the model are refused by argument", "[model][refusal]") {
  QkRequest request = fixture::expected("bert-f32").request;
  request.ids.assign(17, 3);
  CHECK_THAT(runWithConfig(
                 "bert-f32", [](Json&) {}, request)
                 .error,
             StartsWith("ids: 17 tokens, more than the model's 16"));
  request.ids.assign(13, 3);  // RoBERTa's positions start at pad_token_id + 1: 14 - 2 = 12 tokens
  CHECK_THAT(runWithConfig(
                 "roberta-bf16", [](Json&) {}, request)
                 .error,
             StartsWith("ids: 13 tokens, more than the model's 12"));
  request.ids = {3, 40};
  CHECK_THAT(runWithConfig(
                 "bert-f32", [](Json&) {}, request)
                 .error,
             StartsWith("ids: token id 40 is outside the vocabulary"));
  request.ids = {3, 4};
  request.layer = 2;
  CHECK_THAT(runWithConfig(
                 "bert-f32", [](Json&) {}, request)
                 .error,
             StartsWith("layer: 2 is outside [0, 1]"));
  request.layer = 0;
  request.head = 4;
  CHECK_THAT(runWithConfig(
                 "bert-f32", [](Json&) {}, request)
                 .error,
             StartsWith("head: 4 is outside [0, 3]"));
  request.head = 0;
  request.ids.assign(7, 3);  // dynamic RoPE extends the 4 positions of llama-dynamic-f32
  CHECK(runWithConfig(
            "llama-dynamic-f32", [](Json&) {}, request)
            .ok);
}

TEST_CASE("model: safetensors headers are validated as the reference reader does", "[model][refusal]") {
  const std::string a = R"("a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]})";
  const std::string b = R"("b":{"dtype":"F16","shape":[2],"data_offsets":[8,12]})";
  const std::string good = "{" + a + "," + b + R"(,"__metadata__":{"format":"pt"}})";
  const std::uint64_t dataStart = 8 + good.size();
  CHECK(parseSafetensorsHeader("m.safetensors", good, dataStart + 12).size() == 2);
  CHECK_THAT(refusalOf("m.safetensors", good, dataStart + 16),
             Contains("the data ends 4 bytes before the end of the file"));
  CHECK_THAT(refusalOf("m.safetensors", good, dataStart + 10), Contains("truncated"));
  const std::string holed = "{" + a + R"(,"b":{"dtype":"F16","shape":[2],"data_offsets":[12,16]}})";
  CHECK_THAT(refusalOf("m.safetensors", holed, 8 + holed.size() + 16), Contains("holed data_offsets"));
  const std::string wrongSize = "{" + a + R"(,"b":{"dtype":"F16","shape":[3],"data_offsets":[8,12]}})";
  CHECK_THAT(refusalOf("m.safetensors", wrongSize, 8 + wrongSize.size() + 12), Contains("shape x dtype needs 6"));
  const std::string badMeta = "{" + a + R"(,"__metadata__":{"n":1}})";
  CHECK_THAT(refusalOf("m.safetensors", badMeta, 8 + badMeta.size() + 8), Contains("__metadata__ 'n' is not a string"));
  const std::string f4 = R"({"a":{"dtype":"F4","shape":[2],"data_offsets":[0,1]}})";
  CHECK_THAT(refusalOf("m.safetensors", f4, 8 + f4.size() + 1), Contains("unknown dtype"));
  const std::string negative = R"({"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})";
  CHECK_THAT(refusalOf("m.safetensors", negative, 8 + negative.size() + 8), Contains("non-negative integers"));
  const std::string huge = R"({"a":{"dtype":"F32","shape":[4294967296,4294967296,4294967296],"data_offsets":[0,8]}})";
  CHECK_THAT(refusalOf("m.safetensors", huge, 8 + huge.size() + 8), Contains("overflows"));
  CHECK_THAT(refusalOf("m.safetensors", "[1,2]", 13), Contains("not a JSON object"));
  CHECK_THAT(refusalOf("m.safetensors", "{\"a\":", 13), Contains("not valid JSON"));
  CHECK_THROWS_WITH(safetensorsHeaderLength("m.safetensors", lengthPrefix(100000001), 200000000),
                    Contains("above the limit"));
  CHECK_THROWS_WITH(safetensorsHeaderLength("m.safetensors", lengthPrefix(100), 50), Contains("lying header length"));
  CHECK_THROWS_WITH(safetensorsHeaderLength("m.safetensors", "abc", 3), Contains("truncated"));
  CHECK(safetensorsHeaderLength("m.safetensors", lengthPrefix(42), 50) == 42);
}

TEST_CASE("model: a folder without its files, or a shard index pointing outside the folder, is refused",
          "[model][refusal]") {
  fixture::FolderSource noConfig("no-such-folder");
  QkRequest request;
  request.ids = {1};
  CHECK(modelHeadQk(noConfig, request).error == "config.json: missing from the model folder");
  fixture::FolderSource sharded("qwen2-sharded-f32");
  Json index = Json::parse(sharded.whole("model.safetensors.index.json"));
  index["weight_map"]["model.embed_tokens.weight"] = "../bert-f32/model.safetensors";
  sharded.replaced["model.safetensors.index.json"] = index.dump();
  CHECK_THAT(
      modelHeadQk(sharded, request).error,
      StartsWith(
          "model.safetensors.index.json: tensor 'model.embed_tokens.weight' maps to something that is not a file"));
  fixture::FolderSource wrongShard("qwen2-sharded-f32");
  index = Json::parse(wrongShard.whole("model.safetensors.index.json"));
  const std::string first = index["weight_map"]["model.embed_tokens.weight"].get<std::string>();
  index["weight_map"]["model.embed_tokens.weight"] = first == "model-00001-of-00002.safetensors"
                                                         ? "model-00002-of-00002.safetensors"
                                                         : "model-00001-of-00002.safetensors";
  wrongShard.replaced["model.safetensors.index.json"] = index.dump();
  CHECK_THAT(modelHeadQk(wrongShard, request).error, Contains("listed in the index is not in this shard"));
}

TEST_CASE("model: mistral is LLaMA with a sliding window; a text longer than the window is refused",
          "[model][refusal]") {
  const QkOutcome llama = runWithConfig("llama-f32", [](Json&) {});
  const QkOutcome mistral = runWithConfig("llama-f32", [](Json& c) {
    c["model_type"] = "mistral";
    c["sliding_window"] = 4096;
  });
  REQUIRE(llama.ok);
  REQUIRE(mistral.ok);
  CHECK(mistral.head.q == llama.head.q);  // while the text fits the window, the numbers are LLaMA's, bit for bit
  CHECK(mistral.head.logits == llama.head.logits);
  const QkOutcome nullWindow = runWithConfig("llama-f32", [](Json& c) {
    c["model_type"] = "mistral";
    c["sliding_window"] = nullptr;
  });
  CHECK(nullWindow.ok);
  const std::size_t tokens = fixture::expected("llama-f32").request.ids.size();
  const QkOutcome tooLong = runWithConfig("llama-f32", [&](Json& c) {
    c["model_type"] = "mistral";
    c["sliding_window"] = tokens - 1;
  });
  CHECK_THAT(tooLong.error, StartsWith("ids: " + std::to_string(tokens) + " tokens, more than the model's " +
                                       std::to_string(tokens - 1) + "-token sliding window"));
}
