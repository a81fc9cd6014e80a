// SPDX-License-Identifier: Apache-2.0
// What both JSON readers share (json_reader.hpp: the plain form; json_bundle.cpp: head bundles): the first
// error wins, skipped values may nest only so deep, and the library's parse errors are reworded.
#pragma once
#include <string>

#include "lab/json.hpp"
#include "lab/inputs/input_detail.hpp"

namespace attnlab::input_detail {

class SaxReaderBase {
 public:
  static constexpr int kSkipDepthLimit = 64;  // nesting inside keys we ignore

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) {
    std::string text = ex.what();
    const auto bracket = text.find("] ");
    if (bracket != std::string::npos) text = text.substr(bracket + 2);
    return fail("not valid JSON: " + shortText(text));
  }

  std::string error;

 protected:
  bool fail(std::string message) {
    if (error.empty()) error = std::move(message);
    return false;
  }
  bool enterSkip() {
    if (++skip_ > kSkipDepthLimit) return fail("nested more than " + std::to_string(kSkipDepthLimit) + " levels deep");
    return true;
  }

  int skip_ = 0;  // depth inside a skipped value
};

}  // namespace attnlab::input_detail
