// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the core's JSON parser (lab/json_parse.hpp), which reads job lines and result files (and every
// JSON the bindings are given) on arbitrary text. Crashes, sanitizer reports and broken invariants (abort) are
// findings:
//   parsed    -> nlohmann's own parse gives the same tree, and the tree's text parses back to it
//   syntax    -> nlohmann's own parse refuses the text too
//   limit     -> refused in one line of bounded length (a limit may be met before a later syntax error)
#include <cstdint>
#include <cstdlib>
#include <string>

#include "lab/json_parse.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace attnlab;
  const std::string text(reinterpret_cast<const char*>(data), size);
  JsonLimits limits;
  limits.maxDepth = 16;  // small limits, so that short inputs reach them
  limits.maxKeysPerObject = 8;
  limits.maxValues = 256;
  const JsonParse got = parseJsonBounded(text, limits);
  const Json reference = Json::parse(text, nullptr, false);
  if (got.ok()) {
    require(!reference.is_discarded() && got.value == reference);
    const JsonParse again = parseJsonBounded(got.value.dump(), limits);
    require(again.ok() && again.value == got.value);
    return 0;
  }
  require(got.value.is_null());
  require(got.error.size() < 512 && got.error.find('\n') == std::string::npos);
  if (got.fault == JsonFault::Syntax) require(reference.is_discarded());
  return 0;
}
