// SPDX-License-Identifier: Apache-2.0
// The CLI's byte source for a model folder: files of one folder, regular files only, read with pread
// at the offsets the core asks for (model/byte_source.hpp).
#pragma once
#include <string>

#include "model/byte_source.hpp"

namespace attnlab::cli {

class FolderByteSource : public model::ByteSource {
 public:
  explicit FolderByteSource(std::string folder) : folder_(std::move(folder)) {}
  bool fileSize(const std::string& fileName, std::uint64_t& size) override;
  std::string whyAbsent(const std::string& fileName) override;
  bool read(const std::string& fileName, std::uint64_t offset, std::uint64_t length, std::string& bytes,
            std::string& error) override;

 private:
  std::string folder_;
};

}  // namespace attnlab::cli
