// attnlab <experiment-id> key=value ... : runs an experiment on the native core, prints the result
// JSON on stdout and progress on stderr. Exit 2 on bad input, 1 on any other failure.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "attnlab/experiment.hpp"
#include "upload.hpp"

namespace {

int usage() {
  std::cerr << "usage: attnlab <experiment-id> [key=value ...] [upload=<file.csv|file.npy|file.json>]\n"
               "experiments:";
  for (const auto& e : attnlab::experiments()) std::cerr << ' ' << e.id;
  std::cerr << '\n';
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) return usage();
  const std::string id = argv[1];
  if (!attnlab::findExperiment(id)) {
    std::cerr << "attnlab: unknown experiment '" << id << "'\n";
    return usage();
  }
  attnlab::Json params = attnlab::Json::object();
  std::vector<double> upload;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "attnlab: expected key=value, got '" << arg << "'\n";
      return 2;
    }
    const std::string key = arg.substr(0, eq), value = arg.substr(eq + 1);
    if (key == "upload") {
      std::string error;
      if (!attnlab::cli::readUpload(value, upload, error)) {
        std::cerr << "attnlab: upload: " << error << '\n';
        return 2;
      }
      continue;
    }
    params[key] = value;
  }
  int lastPercent = -1;
  const attnlab::Progress progress([&](double done, double total) {
    const int percent = total > 0 ? static_cast<int>(100.0 * done / total) : 0;
    if (percent != lastPercent) std::fprintf(stderr, "\rprogress %3d%%", lastPercent = percent);
    return true;
  });
  const attnlab::Outcome out = attnlab::runExperiment(id, params, upload, progress);
  if (lastPercent >= 0) std::fputc('\n', stderr);
  if (!out.ok) {
    std::cerr << "attnlab: " << out.error << '\n';
    return out.badInput ? 2 : 1;
  }
  std::cout << out.value.dump() << '\n';
  return 0;
}
