// SPDX-License-Identifier: Apache-2.0
// The forward pass in resumable steps (model/streamed_pass.hpp), as the page runs it with asynchronous
// reads: before each step only the ranges nextReads() names are fetched, and the step must find every byte it
// reads among them; the results are the one-call pass's exactly, and the bytes fetched stay below the files'.
#include <catch2/catch.hpp>

#include "model/streamed_pass.hpp"
#include "model_fixture.hpp"

using namespace attnlab::model;

namespace {

// Holds only the ranges fetched for the current step; a read outside them fails.
struct PrefetchedSource : ByteSource {
  std::vector<std::pair<ByteRange, std::string>> fetched;
  std::uint64_t bytesFetched = 0;
  void fetch(fixture::FolderSource& disk, const std::vector<ByteRange>& ranges) {
    fetched.clear();
    for (const ByteRange& r : ranges) {
      std::string bytes, error;
      REQUIRE(disk.read(r.file, r.begin, r.end - r.begin, bytes, error));
      bytesFetched += bytes.size();
      fetched.emplace_back(r, std::move(bytes));
    }
  }
  bool fileSize(const std::string&, std::uint64_t&) override { return false; }
  bool read(const std::string& file, std::uint64_t offset, std::uint64_t length, std::string& bytes,
            std::string& error) override {
    for (const auto& [range, held] : fetched)
      if (range.file == file && offset >= range.begin && offset + length <= range.end) {
        bytes = held.substr(offset - range.begin, length);
        return true;
      }
    error = "bytes " + std::to_string(offset) + "+" + std::to_string(length) + " were not fetched";
    return false;
  }
};

}  // namespace

TEST_CASE("model: a pass in steps reads only the ranges it announces and gives the one-call pass's numbers",
          "[model]") {
  const auto names = fixture::readJson(fixture::modelFolder("manifest.json"))["models"].get<std::vector<std::string>>();
  for (const std::string& name : names) {
    INFO(name);
    const fixture::Expected want = fixture::expected(name);
    fixture::FolderSource disk(name);
    const Checkpoint checkpoint = openCheckpoint(disk);
    std::vector<LayerQk> direct;
    REQUIRE(forEachLayerQk(disk, checkpoint, want.request.ids, want.request.layer, [&](const LayerQk& layer) {
              direct.push_back(layer);
              return true;
            }).ok);
    StreamedPass pass(checkpoint, want.request.ids, want.request.layer);
    REQUIRE(pass.problem().empty());
    PrefetchedSource prefetched;
    std::size_t steps = 0;
    while (!pass.done()) {
      const int layer = pass.nextLayer();
      prefetched.fetch(disk, pass.nextReads());
      LayerQk got;
      REQUIRE(pass.step(prefetched, got));
      REQUIRE(got.layer == layer);
      CHECK(got.q == direct[steps].q);
      CHECK(got.k == direct[steps].k);
      ++steps;
    }
    CHECK(pass.problem().empty());
    CHECK(steps == direct.size());
    CHECK(prefetched.bytesFetched < checkpoint.fileBytes);
    const HeadQk head = headOf(checkpoint.config, direct.back(), want.request.head);
    CHECK(fixture::relativeError(head.logits, want.logits) <= 1e-5);
  }
}

TEST_CASE("model: a step whose bytes were not fetched fails by name and ends the pass", "[model]") {
  fixture::FolderSource disk("llama-f32");
  const Checkpoint checkpoint = openCheckpoint(disk);
  StreamedPass pass(checkpoint, {1, 2, 3}, 1);
  PrefetchedSource empty;
  LayerQk layer;
  CHECK_FALSE(pass.step(empty, layer));
  CHECK_THAT(pass.problem(), Catch::Matchers::StartsWith("model.safetensors: bytes "));
  CHECK(pass.done());
  StreamedPass beyond(checkpoint, {1, 2, 3}, 2);
  CHECK_THAT(beyond.problem(), Catch::Matchers::StartsWith("layer: 2 is outside [0, 1]"));
  CHECK(beyond.done());
}
