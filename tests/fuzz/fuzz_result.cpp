// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a result file as Open result… hands it to the core (lab/experiment.hpp resultMismatches: every
// experiment's declared result shape, then the fitting experiment's own checkResult) on arbitrary text. The seeds are
// real results (tests/fuzz/corpus/result: each experiment's cheap set by the native CLI, those under -max_len) and
// hostile keys. Crashes, sanitizer reports and broken invariants (abort) are findings:
//   parsed  -> one entry per experiment, each "" or one line of bounded length
//   refused -> the parser's one line
#include <cstdint>
#include <cstdlib>
#include <string>

#include "lab/experiment.hpp"
#include "lab/json_parse.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

bool oneBoundedLine(const std::string& text) {
  return text.size() < 1024 && text.find('\n') == std::string::npos && text.find('\r') == std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace attnlab;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const JsonParse parsed = parseJsonBounded(text);
  if (!parsed.ok()) {
    require(oneBoundedLine(parsed.error));
    return 0;
  }
  const Json mismatches = resultMismatches(parsed.value);
  require(mismatches.is_object() && mismatches.size() == experiments().size());
  for (const auto& item : mismatches.items()) {
    require(item.value().is_string());
    require(oneBoundedLine(item.value().get<std::string>()));
  }
  return 0;
}
