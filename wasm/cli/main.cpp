// SPDX-License-Identifier: Apache-2.0
// attnlab: the native command-line runner over the core's experiments.
//   attnlab <experiment-id> key=value ... [<input>=<file>] [--max-seconds S]   result JSON on stdout, progress on
//   stderr attnlab <experiment-id> --help                           its parameters and inputs as a table attnlab
//   --schema                                         every experiment's schema as JSON attnlab --syntax the syntax of
//   numbers and text values, as JSON attnlab plan|run-job|combine <experiment-id> ...         a sweep in shards
//   (sharded.cpp) attnlab model-qk model=<folder> ids=<id,...> layer=<i> head=<h>   one head of a checkpoint
//   (model_qk.cpp)
//   attnlab <experiment-id> model=<folder> ids=<id,...> [lastLayer=<i>] [dropFirst=1] | weights=1 ...   an experiment
//   that takes heads, on a checkpoint's heads (model_run.cpp)
//   attnlab --test-sets   every experiment's test parameter sets (lab/experiment.hpp: declareTestSets), as JSON
//   attnlab --stream-hash <id>   FNV-1a of its cheap run on rng=box-muller (tests/fixtures/stream-hashes.json)
// Exit 0 on success, 2 on bad input (the message names the parameter or file), 1 on a failed run.
// The command line itself is the core's (host/command_line.hpp), shared with `npm run lab`: this file
// reads the files, runs in this thread and prints.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "host/command_line.hpp"
#include "host/model_run.hpp"
#include "lab/value_syntax.hpp"
#include "model_qk.hpp"
#include "model_run.hpp"
#include "peak_memory.hpp"
#include "read_file.hpp"
#include "sharded.hpp"

namespace {

using attnlab::Json;
using attnlab::cli::peakResidentBytes;

int refuse(const std::string& message) {
  std::cerr << "attnlab: " << message << '\n';
  return 2;
}

// ATTNLAB_REPORT_MEMORY=1: one line "memory: estimate <bytes> peak <bytes>" on stderr after the run.
void reportMemory(const attnlab::Experiment& e, const Json& params, const attnlab::Inputs& inputs) {
  const char* flag = std::getenv("ATTNLAB_REPORT_MEMORY");
  if (!flag || std::strcmp(flag, "1") != 0) return;
  double estimate = -1;
  try {
    if (e.memoryBytes) estimate = e.memoryBytes(attnlab::validate(e.params, params), inputs);
  } catch (const std::exception&) {
  }
  std::fprintf(stderr, "memory: estimate %.0f peak %.0f\n", estimate, peakResidentBytes());
}

attnlab::PreparedRun prepareFiles(const attnlab::CommandLine& c) {
  std::vector<attnlab::ReadInput> files;
  for (const auto& [name, path] : c.files) {
    attnlab::ReadInput file{name, path, "", ""};
    attnlab::cli::readFileBytes(path, file.bytes, file.problem);
    files.push_back(std::move(file));
  }
  return attnlab::prepareRun(c.id, c.params, c.maxSeconds, files);  // the bytes are dropped once parsed
}

int run(const std::string& id, const attnlab::PreparedRun& prepared) {
  if (!prepared.ok) return refuse(prepared.error);
  for (const std::string& note : prepared.notes) std::cerr << "attnlab: " << note << '\n';
  int lastPercent = -1;
  const attnlab::Progress progress([&](double done, double total, const std::string&) {
    const int percent = total > 0 ? static_cast<int>(100.0 * done / total) : 0;
    if (percent != lastPercent) std::fprintf(stderr, "\rprogress %3d%%", lastPercent = percent);
    return true;
  });
  const attnlab::Outcome out = attnlab::runExperiment(id, prepared.params, prepared.inputs, progress);
  if (lastPercent >= 0) std::fputc('\n', stderr);
  reportMemory(*attnlab::findExperiment(id), prepared.params, prepared.inputs);
  if (!out.ok) {
    std::cerr << "attnlab: " << out.error << '\n';
    return out.badInput ? 2 : 1;
  }
  std::cout << out.value.dump() << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--test-sets") == 0) {  // for tests and benches only: not the page's
    Json all = Json::object();
    for (const auto& e : attnlab::experiments()) all[e.id] = e.tests;
    std::cout << all.dump(1) << '\n';
    return 0;
  }
  if (argc == 3 && std::strcmp(argv[1], "--stream-hash") == 0) {  // npm run gen: tests/cpp/test_rng_param.cpp's hash
    const attnlab::Experiment* e = attnlab::findExperiment(argv[2]);
    if (!e) return refuse(std::string("no experiment '") + argv[2] + "'");
    Json params = e->tests.at("cheap");
    params["rng"] = "box-muller";
    const attnlab::Outcome out = attnlab::runExperiment(e->id, params, {}, attnlab::Progress());
    if (!out.ok) return refuse(out.error);
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a of the result's JSON text
    for (unsigned char c : out.value.dump()) h = (h ^ c) * 1099511628211ULL;
    std::printf("0x%016llx\n", static_cast<unsigned long long>(h));
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "model-qk") == 0)
    return attnlab::cli::runModelQk(std::vector<std::string>(argv + 2, argv + argc));
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (const attnlab::cli::CommandOnModel onModel = attnlab::cli::prepareCommandOnModel(words, 0); onModel.present)
    return run(onModel.id, onModel.prepared);
  const attnlab::CommandParse parsed = attnlab::parseCommandLine(words, 0);
  if (!parsed.ok) return refuse(parsed.error);
  const attnlab::CommandLine& c = parsed.command;
  switch (c.kind) {
    case attnlab::CommandKind::Usage:
      (c.asked ? std::cout : std::cerr)
          << attnlab::commandUsage("attnlab", false) << "a model's heads: attnlab <rank-interaction|rank-zoo> "
          << "model=<folder> (ids=<id,...> | weights=1) [lastLayer=<i>] [dropFirst=1] (see attnlab rank-zoo --help)\n"
          << "one head's Q, K and logits: attnlab model-qk model=<folder> ids=<id,...> layer=<i> head=<h>\n";
      return c.asked ? 0 : 2;
    case attnlab::CommandKind::Schema: {
      Json all = Json::array();
      for (const auto& e : attnlab::experiments()) all.push_back(attnlab::experimentJson(e));
      std::cout << all.dump(2) << '\n';
      return 0;
    }
    case attnlab::CommandKind::Syntax:
      std::cout << attnlab::valueSyntaxJson().dump(2) << '\n';
      return 0;
    case attnlab::CommandKind::Help:
      std::cout << attnlab::experimentHelp(*attnlab::findExperiment(c.id)) << attnlab::modelRunHelp(c.id);
      return 0;
    case attnlab::CommandKind::Run:
      return run(c.id, prepareFiles(c));
    default:
      return attnlab::cli::runSharded(c);
  }
}
