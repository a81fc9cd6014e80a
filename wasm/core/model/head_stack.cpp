// SPDX-License-Identifier: Apache-2.0
#include "model/head_stack.hpp"

#include <cstdio>
#include <map>
#include <utility>

#include "model/model_error.hpp"
#include "model/streamed_pass.hpp"
#include "model/weight_heads.hpp"

namespace attnlab::model {
namespace {

// Records every byte range read successfully, by file and offset.
class RecordingSource : public ByteSource {
 public:
  explicit RecordingSource(ByteSource& inner) : inner_(inner) {}
  std::map<std::pair<std::string, std::uint64_t>, std::string> reads;
  bool fileSize(const std::string& fileName, std::uint64_t& size) override { return inner_.fileSize(fileName, size); }
  bool read(const std::string& fileName, std::uint64_t offset, std::uint64_t length, std::string& bytes,
            std::string& error) override {
    if (!inner_.read(fileName, offset, length, bytes, error)) return false;
    reads[{fileName, offset}] = bytes;
    return true;
  }

 private:
  ByteSource& inner_;
};

}  // namespace

HeadStacker::HeadStacker(const ModelConfig& config, int layers, int tokens) : config_(config), tokens_(tokens) {
  const std::vector<std::int64_t> shape{layers, config.heads, tokens, config.headDim};
  q_.shape = k_.shape = shape;
  const std::size_t size = static_cast<std::size_t>(layers) * config.heads * tokens * config.headDim;
  q_.values.assign(size, 0.0);
  k_.values.assign(size, 0.0);
}

void HeadStacker::add(const LayerQk& layer) {
  const int heads = config_.heads, dh = config_.headDim, group = heads / config_.kvHeads;
  const std::size_t per = static_cast<std::size_t>(tokens_) * dh;
  for (int h = 0; h < heads; ++h) {
    const int kh = h / group;
    const std::size_t base = (static_cast<std::size_t>(layer.layer) * heads + h) * per;
    for (int t = 0; t < tokens_; ++t)
      for (int c = 0; c < dh; ++c) {
        q_.values[base + static_cast<std::size_t>(t) * dh + c] = layer.q(t, h * dh + c) * layer.scale;
        k_.values[base + static_cast<std::size_t>(t) * dh + c] = layer.k(t, kh * dh + c);
      }
  }
}

Inputs HeadStacker::take() { return {{"q", std::move(q_)}, {"k", std::move(k_)}}; }

double headStackBytes(const ModelConfig& config, int layers, int tokens) {
  return 2.0 * 8.0 * layers * config.heads * static_cast<double>(tokens) * config.headDim;
}

Inputs modelHeadStacks(ByteSource& source, const Checkpoint& checkpoint, const std::vector<std::int64_t>& ids,
                       int lastLayer, bool weights) {
  const ModelConfig& c = checkpoint.config;
  HeadStacker stacker(c, lastLayer + 1, weights ? c.hidden : static_cast<int>(ids.size()));
  if (weights) {
    for (int layer = 0; layer <= lastLayer; ++layer) stacker.add(weightHeads(source, checkpoint, layer));
    return stacker.take();
  }
  StreamedPass pass(checkpoint, ids, lastLayer);
  if (!pass.problem().empty()) throw ModelError(pass.problem());
  while (!pass.done()) {
    LayerQk out;
    if (!pass.step(source, out)) throw ModelError(pass.problem());
    stacker.add(out);
  }
  return stacker.take();
}

std::string checkpointFingerprint(ByteSource& source) {
  RecordingSource recording(source);
  openCheckpoint(recording);
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&h](const std::string& text) {
    for (unsigned char ch : text) h = (h ^ ch) * 0x100000001b3ULL;
  };
  for (const auto& [at, bytes] : recording.reads) {
    mix(at.first + '\0' + std::to_string(at.second) + '\0');
    mix(bytes);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace attnlab::model
