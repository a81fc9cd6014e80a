// SPDX-License-Identifier: Apache-2.0
// The core must build anywhere: no Emscripten include may appear under wasm/core.
#include <catch2/catch.hpp>

#ifdef ATTNLAB_SOURCE_DIR
#include <filesystem>
#include <fstream>
#include <sstream>

TEST_CASE("wasm/core never mentions emscripten", "[purity]") {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(ATTNLAB_SOURCE_DIR) / "wasm" / "core")) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string body = text.str();
    for (auto& c : body) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    INFO(entry.path().string());
    CHECK(body.find("emscripten") == std::string::npos);
    ++files;
  }
  CHECK(files > 5);
}
#endif
