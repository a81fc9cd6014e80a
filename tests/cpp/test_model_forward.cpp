// SPDX-License-Identifier: Apache-2.0
// The model reader's forward pass (wasm/core/model) against references computed by Debian's torch on the
// same decoded weights (tests/fixtures/models/make_models.py): every family within 1e-5 of the largest |value|,
// and each convention that silently changes numbers, deliberately broken, fails that comparison.
#include <catch2/catch.hpp>

#include "model/checkpoint.hpp"
#include "model_fixture.hpp"

using namespace attnlab::model;

namespace {
constexpr double kBound = 1e-5;  // the agreed bound, relative to the largest |logit|
}

TEST_CASE("model: every fixture's Q, K and logits match the torch reference within 1e-5", "[model]") {
  const auto names = fixture::readJson(fixture::modelFolder("manifest.json"))["models"].get<std::vector<std::string>>();
  REQUIRE(names.size() >= 11);
  for (const std::string& name : names) {
    INFO(name);
    CHECK(fixture::worstError(name) <= kBound);
  }
}

TEST_CASE("model: the run reports the scale, shapes and grouped-query key head of the reference", "[model]") {
  const fixture::Expected want = fixture::expected("llama-gqa-llama3-bf16");
  fixture::FolderSource source("llama-gqa-llama3-bf16");
  const QkOutcome got = modelHeadQk(source, want.request);
  REQUIRE(got.ok);
  CHECK(got.head.scale == Approx(want.scale).epsilon(1e-15));
  CHECK(got.head.q.rows() == static_cast<Eigen::Index>(want.request.ids.size()));
  CHECK(got.head.q.cols() == 8);  // head_dim given explicitly (hidden 16 / 4 heads would be 4)
}

TEST_CASE("model: negative controls, each wrong convention fails the 1e-5 comparison", "[model]") {
  ForwardDeviations otherGelu;
  otherGelu.otherGelu = true;
  CHECK(fixture::worstError("bert-f32", otherGelu) > kBound);  // tanh GELU where BERT has erf
  CHECK(fixture::worstError("gpt2-f32", otherGelu) > kBound);  // erf GELU where GPT-2 has tanh
  ForwardDeviations eps;
  eps.normEps = 1e-5;
  CHECK(fixture::worstError("bert-f32", eps) > kBound);  // LayerNorm eps 1e-5 for 1e-12
  ForwardDeviations interleaved;
  interleaved.interleavedRope = true;
  CHECK(fixture::worstError("llama-f32", interleaved) > kBound);
  CHECK(fixture::worstError("qwen2-sharded-f32", interleaved) > kBound);
  ForwardDeviations tiled;
  tiled.tiledGqa = true;
  CHECK(fixture::worstError("llama-gqa-llama3-bf16", tiled) > kBound);  // head 2: repeated -> key head 1, tiled -> 0
}

TEST_CASE("model: the memory estimate is known from the headers and covers one layer's bytes", "[model]") {
  fixture::FolderSource source("bert-f32");
  const Checkpoint checkpoint = openCheckpoint(source);
  const fixture::Expected want = fixture::expected("bert-f32");
  double layerBytes = 0;
  for (const auto& [name, span] : checkpoint.needed)
    if (name.rfind("encoder.layer.0.", 0) == 0) layerBytes += static_cast<double>(span.end - span.begin);
  const double estimate = memoryEstimateBytes(checkpoint, want.request);
  CHECK(estimate > layerBytes);
  CHECK(estimate < 2 * layerBytes + 1e5);
  CHECK(checkpoint.config.family == Family::Bert);
  CHECK(checkpoint.dtype == "F32");
}

TEST_CASE("model: prefixes, old LayerNorm names, shards and extra tensors are found", "[model]") {
  fixture::FolderSource gamma("bert-gamma-f16");
  const Checkpoint bert = openCheckpoint(gamma);
  CHECK(bert.prefix == "bert.");
  CHECK(bert.dtype == "F16");
  CHECK(bert.config.name == "bert-tiny-gamma");
  fixture::FolderSource sharded("qwen2-sharded-f32");
  const Checkpoint qwen = openCheckpoint(sharded);
  CHECK(qwen.files.size() == 2);
  CHECK(qwen.prefix == "model.");
  CHECK(qwen.config.qkvBias);
  CHECK_FALSE(qwen.config.outputBias);
  fixture::FolderSource roberta("roberta-bf16");
  CHECK(openCheckpoint(roberta).dtype == "BF16");
}

TEST_CASE("model: one pass over every layer gives each head as the single-head run does, and stops when asked",
          "[model]") {
  for (const std::string name : {"llama-gqa-llama3-bf16", "gpt2-inverse-bf16", "roberta-bf16"}) {
    INFO(name);
    const fixture::Expected want = fixture::expected(name);
    fixture::FolderSource source(name);
    const Checkpoint checkpoint = openCheckpoint(source);
    const ModelConfig& c = checkpoint.config;
    std::vector<LayerQk> layers;
    const PassOutcome pass =
        forEachLayerQk(source, checkpoint, want.request.ids, c.layers - 1, [&](const LayerQk& layer) {
          layers.push_back(layer);
          return true;
        });
    REQUIRE(pass.ok);
    CHECK_FALSE(pass.stopped);
    REQUIRE(layers.size() == static_cast<std::size_t>(c.layers));
    CHECK(layers[0].k.cols() == static_cast<Eigen::Index>(c.kvHeads) * c.headDim);
    const HeadQk chosen = headOf(c, layers[static_cast<std::size_t>(want.request.layer)], want.request.head);
    CHECK(fixture::relativeError(chosen.logits, want.logits) <= kBound);
    for (int layer = 0; layer < c.layers; ++layer)
      for (int head = 0; head < c.heads; ++head) {
        QkRequest one = want.request;
        one.layer = layer;
        one.head = head;
        const QkOutcome single = computeHeadQk(source, checkpoint, one);
        REQUIRE(single.ok);
        CHECK(headOf(c, layers[static_cast<std::size_t>(layer)], head).logits == single.head.logits);
      }
    int visited = 0;
    const PassOutcome stopped = forEachLayerQk(source, checkpoint, want.request.ids, c.layers - 1, [&](const LayerQk&) {
      ++visited;
      return false;
    });
    CHECK(stopped.ok);
    CHECK(stopped.stopped);
    CHECK(visited == 1);
  }
}
