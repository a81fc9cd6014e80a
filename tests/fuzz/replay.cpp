// SPDX-License-Identifier: Apache-2.0
// Replays a fuzz target over corpus files or directories without libFuzzer (for sanitizer builds
// with any compiler): runs LLVMFuzzerTestOneInput on every file, prints how many ran. A crash or a
// sanitizer report ends the process with a non-zero status, naming the file last started.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int a = 1; a < argc; ++a) {
    const fs::path p = argv[a];
    if (fs::is_directory(p)) {
      for (const auto& entry : fs::recursive_directory_iterator(p))
        if (entry.is_regular_file()) files.push_back(entry.path());
    } else {
      files.push_back(p);
    }
  }
  for (const auto& f : files) {
    std::fprintf(stderr, "replay: %s\r", f.c_str());
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::fprintf(stderr, "\nreplay: %zu files, no crash\n", files.size());
  return files.empty() ? 1 : 0;
}
