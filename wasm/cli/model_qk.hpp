// SPDX-License-Identifier: Apache-2.0
// `attnlab model-qk model=<folder> ids=<id,...> layer=<i> head=<h>`: one head's Q, K and logits of a
// checkpoint folder as JSON on stdout. Exit 0, or 2 with one line naming the argument or file at fault.
#pragma once
#include <string>
#include <vector>

namespace attnlab::cli {

// What model-qk prints for its arguments: the JSON text, or (ok false) the one line of its refusal. Shared with the
// Python package (attnlab.model_qk).
struct QkText {
  bool ok = false;
  std::string text;
};
QkText modelQkText(const std::vector<std::string>& args);

int runModelQk(const std::vector<std::string>& args);

}  // namespace attnlab::cli
