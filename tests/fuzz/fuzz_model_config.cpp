// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a model's config.json (model/model_config.hpp) on arbitrary text. Crashes, sanitizer
// reports and broken invariants (abort) are findings:
//   accepted -> a model the pass can run: sizes >= 1, heads a multiple of key heads, >= 1 token, finite RoPE
//   refused  -> one line of bounded length starting with "config.json: "
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "numerics/transformer/layer_math.hpp"
#include "model/model_config.hpp"
#include "model/model_error.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace attnlab::model;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const ModelConfig c = parseModelConfig(text);
    require(c.hidden >= 1 && c.layers >= 1 && c.heads >= 1 && c.kvHeads >= 1 && c.headDim >= 1 && c.vocab >= 1);
    require(c.heads % c.kvHeads == 0);
    require(c.tokenLimit() >= 1);
    require(std::isfinite(c.attentionScale(0)) && std::isfinite(c.normEps));
    if (c.rotary()) require(ropeInverseFrequencies(c.headDim, c.rope, c.maxPositions).allFinite());
  } catch (const ModelError& e) {
    const std::string message = e.what();
    require(message.rfind("config.json: ", 0) == 0);
    require(message.size() < 512);
    require(message.find('\n') == std::string::npos && message.find('\r') == std::string::npos);
  }
  return 0;
}
