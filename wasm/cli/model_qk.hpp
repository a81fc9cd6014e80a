// SPDX-License-Identifier: Apache-2.0
// `attnlab model-qk model=<folder> ids=<id,...> layer=<i> head=<h>`: one head's Q, K and logits of a
// checkpoint folder as JSON on stdout. Exit 0, or 2 with one line naming the argument or file at fault.
#pragma once
#include <string>
#include <vector>

namespace attnlab::cli {
int runModelQk(const std::vector<std::string>& args);
}
