// SPDX-License-Identifier: Apache-2.0
// Where a checkpoint's bytes come from: the core never opens a file. The CLI backs this with files of a
// folder (wasm/cli/model_files.cpp), the page with File.slice, the tests with bytes in memory.
#pragma once
#include <cstdint>
#include <string>

namespace attnlab::model {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // The size of `fileName` (a name inside the model folder, e.g. "config.json"); false when it is absent.
  virtual bool fileSize(const std::string& fileName, std::uint64_t& size) = 0;
  // Why fileSize found no file of that name, in a message's words ("a directory, not a file" where there is one).
  virtual std::string whyAbsent(const std::string&) { return "missing from the model folder"; }
  // Exactly `length` bytes from `offset` into `bytes`; false (with a one-line `error`) when they cannot be read.
  virtual bool read(const std::string& fileName, std::uint64_t offset, std::uint64_t length, std::string& bytes,
                    std::string& error) = 0;
};

}  // namespace attnlab::model
