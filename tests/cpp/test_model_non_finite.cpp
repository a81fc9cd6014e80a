// SPDX-License-Identifier: Apache-2.0
// NaN and Inf are refused where they arise, never printed as JSON null: in a tensor as it is read (naming the file,
// the tensor, whose name holds the layer, and the element), after a layer whose finite numbers overflowed (naming the
// layer), and in config.json (naming the key). Fixture checkpoints are altered in memory.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cfloat>
#include <cstring>
#include <functional>

#include "model/model_error.hpp"
#include "model_fixture.hpp"

using namespace attnlab::model;
using attnlab::Json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// Fixture `name` with elements of tensor `tensor` (its name without prefix) overwritten by `bytes` each.
struct Altered {
  fixture::FolderSource source;
  Checkpoint checkpoint;
  explicit Altered(const std::string& name) : source(name), checkpoint(openCheckpoint(source)) {}
  std::string fullName(const std::string& tensor) const { return checkpoint.prefix + tensor; }
  void set(const std::string& tensor, std::vector<std::size_t> elements, const std::string& bytes) {
    const TensorSpan& span = checkpoint.span(tensor);
    std::string file = source.whole(span.file);
    for (const std::size_t e : elements) file.replace(span.begin + e * bytes.size(), bytes.size(), bytes);
    source.replaced[span.file] = file;
  }
  QkOutcome run(QkRequest request) { return modelHeadQk(source, request); }
};

std::string f32Bytes(float value) {
  std::string bytes(4, '\0');
  std::memcpy(&bytes[0], &value, 4);  // little endian, as the fixtures
  return bytes;
}

QkRequest requestOf(const std::string& name) { return fixture::expected(name).request; }

}  // namespace

TEST_CASE("model: a NaN weight is refused as it is read, naming the file, the tensor and the element",
          "[model][refusal][finite]") {
  Altered m("llama-f32");
  m.set("layers.1.self_attn.k_proj.weight", {5}, f32Bytes(NAN));
  const QkOutcome out = m.run(requestOf("llama-f32"));
  CHECK_FALSE(out.ok);
  CHECK(out.error == "model.safetensors: tensor '" + m.fullName("layers.1.self_attn.k_proj.weight") +
                         "' (F32) holds NaN at element 5: the checkpoint's weights must be finite");
}

TEST_CASE("model: +Inf in an embedding row is refused when the row is read, not when it is not",
          "[model][refusal][finite]") {
  const QkRequest request = requestOf("llama-f32");
  const std::int64_t used = request.ids[1];
  std::int64_t unused = 0;
  while (std::find(request.ids.begin(), request.ids.end(), unused) != request.ids.end()) ++unused;
  Altered m("llama-f32");
  const std::int64_t hidden = m.checkpoint.config.hidden;
  m.set("embed_tokens.weight", {static_cast<std::size_t>(unused * hidden)}, f32Bytes(INFINITY));
  CHECK(m.run(request).ok);  // only the text's rows are read
  m.set("embed_tokens.weight", {static_cast<std::size_t>(used * hidden + 3)}, f32Bytes(INFINITY));
  const QkOutcome out = m.run(request);
  CHECK_THAT(out.error, StartsWith("model.safetensors: tensor '" + m.fullName("embed_tokens.weight") +
                                   "' (F32) holds +Inf at element " + std::to_string(used * hidden + 3)));
}

TEST_CASE("model: a BF16 NaN is refused naming its tensor", "[model][refusal][finite]") {
  Altered m("roberta-bf16");
  m.set("encoder.layer.0.attention.output.dense.weight", {0}, std::string("\xc0\x7f", 2));  // BF16 quiet NaN
  const QkOutcome out = m.run(requestOf("roberta-bf16"));
  CHECK_THAT(out.error, StartsWith("model.safetensors: tensor '" +
                                   m.fullName("encoder.layer.0.attention.output.dense.weight") + "' (BF16) holds NaN"));
}

TEST_CASE("model: finite weights whose float product overflows are refused after the layer, naming it",
          "[model][refusal][finite]") {
  Altered m("llama-f32");
  const TensorSpan& q = m.checkpoint.span("layers.0.self_attn.q_proj.weight");
  std::vector<std::size_t> all(static_cast<std::size_t>(q.numel()));
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  m.set("layers.0.self_attn.q_proj.weight", all, f32Bytes(FLT_MAX));  // finite, but any |sum x| > 1 overflows
  const QkOutcome out = m.run(requestOf("llama-f32"));
  CHECK_FALSE(out.ok);
  CHECK(out.error ==
        "layer 0: the queries hold NaN or Inf (an overflow of the model's numbers, which are finite as read)");
}

TEST_CASE("model: config values that make RoPE non-finite are refused naming the key", "[model][refusal][finite]") {
  const auto refusal = [](const std::function<void(Json&)>& edit) {
    fixture::FolderSource source("llama-f32");
    Json config = Json::parse(source.whole("config.json"));
    edit(config);
    source.replaced["config.json"] = config.dump();
    return modelHeadQk(source, requestOf("llama-f32")).error;
  };
  CHECK(refusal([](Json& c) {
          c["rope_scaling"] = {{"rope_type", "linear"}, {"factor", 1e-320}};
        }) == "config.json: rope_scaling.factor must be a positive number of at least 2.2e-308, got 9.99989e-321");
  CHECK_THAT(refusal([](Json& c) { c["rope_theta"] = 1e-320; }),
             StartsWith("config.json: rope_theta must be a positive number"));
  CHECK(refusal([](Json& c) {
          c["rope_theta"] = 1e-300;
          c["rope_scaling"] = {{"type", "linear"}, {"factor", 1e-300}};
        }) == "config.json: rope_theta 1e-300 with rope factor 1e-300 gives non-finite rotary angles");
  CHECK(refusal([](Json& c) { c["rope_theta"] = 1e-300; }).empty());  // absurd but finite: computed
}
