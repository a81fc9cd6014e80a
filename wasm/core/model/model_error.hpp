// SPDX-License-Identifier: Apache-2.0
// The one refusal of the model reader: a line naming the file and the cause ("config.json: model_type
// 'mamba' is not supported ..."). Thrown inside the reader only; every entry point returns it as a value.
#pragma once
#include <stdexcept>
#include <string>

namespace attnlab::model {

struct ModelError : std::runtime_error {
  explicit ModelError(const std::string& line) : std::runtime_error(line) {}
};

}  // namespace attnlab::model
