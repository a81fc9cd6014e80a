// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the safetensors header reader (model/safetensors.hpp) on arbitrary bytes taken
// as a whole file. Crashes, sanitizer reports and broken invariants (abort) are findings:
//   accepted -> every span lies in the data, spans tile [8 + N, file size) and each is numel × element size
//   refused  -> one line of bounded length starting with the file's name
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "model/model_error.hpp"
#include "model/safetensors.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

void checkRefusal(const std::string& message) {
  require(message.rfind("fuzz.safetensors: ", 0) == 0);
  require(message.size() < 512);
  require(message.find('\n') == std::string::npos && message.find('\r') == std::string::npos);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace attnlab::model;
  const std::string file(reinterpret_cast<const char*>(data), size);
  try {
    const std::uint64_t n = safetensorsHeaderLength("fuzz.safetensors", file.substr(0, 8), size);
    require(n <= kMaxSafetensorsHeaderBytes && 8 + n <= size);
    const auto tensors = parseSafetensorsHeader("fuzz.safetensors", file.substr(8, n), size);
    std::vector<TensorSpan> spans;
    for (const auto& [name, span] : tensors) {
      require(span.begin >= 8 + n && span.begin <= span.end && span.end <= size);
      require(dtypeBytes(span.dtype) > 0);
      std::uint64_t bytes = dtypeBytes(span.dtype);
      for (const std::int64_t side : span.shape) bytes *= static_cast<std::uint64_t>(side);
      require(bytes == span.end - span.begin);
      spans.push_back(span);
    }
    std::sort(spans.begin(), spans.end(), [](const TensorSpan& a, const TensorSpan& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;  // a zero-size span first
    });
    std::uint64_t at = 8 + n;
    for (const TensorSpan& span : spans) {
      require(span.begin == at);
      at = span.end;
    }
    require(at == size);
  } catch (const ModelError& e) {
    checkRefusal(e.what());
  }
  return 0;
}
