// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a sharded checkpoint's model.safetensors.index.json (model/checkpoint.hpp) on arbitrary
// text, in a folder holding a small LLaMA config.json and one shard "a.safetensors" with no tensor. No such folder
// opens (the shard lacks the tensors), so every input is refused; findings are crashes, sanitizer reports and a
// refusal that is not one line of bounded length.
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

#include "model/checkpoint.hpp"
#include "model/model_error.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

class MemoryFolder : public attnlab::model::ByteSource {
 public:
  std::map<std::string, std::string> files;
  bool fileSize(const std::string& name, std::uint64_t& size) override {
    const auto it = files.find(name);
    if (it == files.end()) return false;
    size = it->second.size();
    return true;
  }
  bool read(const std::string& name, std::uint64_t offset, std::uint64_t length, std::string& bytes,
            std::string& error) override {
    const std::string& all = files.at(name);
    if (offset > all.size() || length > all.size() - offset) return error = "beyond the end", false;
    bytes = all.substr(offset, length);
    return true;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace attnlab::model;
  MemoryFolder folder;
  folder.files["config.json"] =
      R"({"model_type":"llama","vocab_size":8,"hidden_size":4,"num_hidden_layers":1,"num_attention_heads":1,)"
      R"("intermediate_size":8,"max_position_embeddings":8})";
  folder.files["a.safetensors"] = std::string("\x02\0\0\0\0\0\0\0{}", 10);
  folder.files["model.safetensors.index.json"] = std::string(reinterpret_cast<const char*>(data), size);
  try {
    openCheckpoint(folder);
    std::abort();  // the shard has no tensor: nothing can open
  } catch (const ModelError& e) {
    const std::string message = e.what();
    require(message.size() < 1024);
    require(message.find('\n') == std::string::npos && message.find('\r') == std::string::npos);
  }
  return 0;
}
