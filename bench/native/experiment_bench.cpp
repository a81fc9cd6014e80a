// SPDX-License-Identifier: Apache-2.0
// attnlab_bench <experiment-id> [key=value ...] [repeat=N]: times a whole experiment run (plan, every
// job in order, combine) on the core, the way the CLI runs it, and prints one timing line. The same
// source builds natively (attnlab_bench) and for Node as wasm (attnlab_bench_wasm.cjs), so the two
// builds are compared on identical work. Example:
//   ./build/p1-native/attnlab_bench sparse-dmin ns=512,1024,2048,3072 seeds=3 repeat=1
//   node build/p1-wasm/attnlab_bench_wasm.cjs sparse-dmin ns=512,1024 seeds=3
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "lab/experiment.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: attnlab_bench <experiment-id> [key=value ...] [repeat=N]\n");
    return 2;
  }
  const std::string id = argv[1];
  attnlab::Json params = attnlab::Json::object();
  std::string label = id;
  int repeat = 3;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::fprintf(stderr, "attnlab_bench: expected key=value, got '%s'\n", arg.c_str());
      return 2;
    }
    if (arg.compare(0, eq, "repeat") == 0) {
      repeat = std::max(1, std::atoi(arg.c_str() + eq + 1));
      continue;
    }
    params[arg.substr(0, eq)] = arg.substr(eq + 1);
    label += " " + arg;
  }
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const attnlab::Outcome out = attnlab::runExperiment(id, params, {}, attnlab::Progress());
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (!out.ok) {
      std::fprintf(stderr, "attnlab_bench: %s\n", out.error.c_str());
      return 2;
    }
  }
  std::sort(ms.begin(), ms.end());
#ifdef __EMSCRIPTEN__
  const char* build = "wasm";
#else
  const char* build = "native";
#endif
  std::printf("bench %s: min %.1f ms, median %.1f ms over %d run(s) [%s]\n", label.c_str(), ms.front(),
              ms[ms.size() / 2], repeat, build);
  return 0;
}
