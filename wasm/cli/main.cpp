// attnlab: the native command-line runner over the core's experiments.
//   attnlab <experiment-id> key=value ... [<input>=<file>] [--max-seconds S]   result JSON on stdout, progress on stderr
//   attnlab <experiment-id> --help                           its parameters and inputs as a table
//   attnlab --schema                                         every experiment's schema as JSON
// Exit 0 on success, 2 on bad input (the message names the parameter or file), 1 on a failed run.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "attnlab/experiment.hpp"
#include "attnlab/time_budget.hpp"
#include "read_file.hpp"
#include "sharded.hpp"

namespace {

using attnlab::Experiment;
using attnlab::Json;

void usage(std::ostream& out) {
  out << "usage: attnlab <experiment-id> [key=value ...] [<input>=<file.csv|file.npy|file.json>] [--max-seconds S]\n"
         "       attnlab <experiment-id> --help    parameters, defaults, ranges and inputs\n"
         "       attnlab --schema                  every experiment's schema as JSON\n"
         "       attnlab plan <experiment-id> [key=value ...] [-o jobs.jsonl] [--missing results/] [--print KEY]\n"
         "       attnlab run-job <experiment-id> --jobs jobs.jsonl --index I [-o results/I.json]\n"
         "       attnlab combine <experiment-id> --jobs jobs.jsonl results/ [-o result.json] [--allow-partial]\n"
         "experiments:";
  for (const auto& e : attnlab::experiments()) out << ' ' << e.id;
  out << '\n';
}

int refuse(const std::string& message) {
  std::cerr << "attnlab: " << message << '\n';
  return 2;
}


// key=value names a file when key is an input; when key is also a parameter (rmt-*'s R), only when the
// value ends in one of the input's formats (R=my.csv is a file, R=prefix:3 the parameter).
bool isInput(const Experiment& e, const std::string& key, const std::string& value) {
  const bool param = std::any_of(e.params.begin(), e.params.end(), [&](const auto& p) { return p.key == key; });
  for (const auto& rule : e.inputs) {
    if (rule.name != key) continue;
    if (!param) return true;
    std::string lower = value;  // extensions in any case: R.CSV is a file, as headless and the page read it
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& format : rule.formats)
      if (lower.size() > format.size() && lower.compare(lower.size() - format.size() - 1, std::string::npos, "." + format) == 0)
        return true;
  }
  return false;
}

// Reads and parses every named input file, bounded by the run's memory budget. A head bundle's own Q·K
// scale becomes the scale parameter when none was given (said on stderr: the command line then reproduces it);
// two bundles of different scale are refused, naming both (Q of one head and K of another is no head).
bool readInputs(const Experiment& e, const std::vector<std::pair<std::string, std::string>>& files, double budget,
                attnlab::Inputs& inputs, Json& params, std::string& error) {
  std::string scalePath;
  double scaleSeen = 0;
  for (const auto& [name, path] : files) {
    std::string bytes;
    if (!attnlab::cli::readFileBytes(path, attnlab::kInputFileLimitBytes, bytes, error)) {
      error = name + ": " + error;
      return false;
    }
    const attnlab::ParseOutcome parsed = attnlab::parseExperimentInput(e.id, name, path, bytes, budget);
    if (!parsed.ok) {
      error = parsed.error;
      return false;
    }
    inputs[name] = parsed.array;
    if (parsed.bundleScale > 0 && scaleSeen > 0 && parsed.bundleScale != scaleSeen) {
      error = "the head bundles " + attnlab::quoteValue(scalePath) + " (scale " + Json(scaleSeen).dump() + ") and " +
              attnlab::quoteValue(path) + " (scale " + Json(parsed.bundleScale).dump() +
              ") disagree on scale: give Q and K of one head";
      return false;
    }
    if (parsed.bundleScale > 0 && scaleSeen == 0) {
      scaleSeen = parsed.bundleScale;
      scalePath = path;
    }
    if (parsed.bundleScale > 0 && !params.contains("scale") &&
        std::any_of(e.params.begin(), e.params.end(), [](const auto& p) { return p.key == "scale"; })) {
      params["scale"] = parsed.bundleScale;
      std::cerr << "attnlab: scale=" << Json(parsed.bundleScale).dump() << " from the head bundle " << path << '\n';
    }
  }
  return true;
}

// Peak resident memory of this process (Linux VmHWM), for checking the memory estimates.
double peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::atof(line.c_str() + 6) * 1024.0;
  return 0;
}

// ATTNLAB_REPORT_MEMORY=1: one line "memory: estimate <bytes> peak <bytes>" on stderr after the run.
void reportMemory(const Experiment& e, const Json& params, const attnlab::Inputs& inputs) {
  const char* flag = std::getenv("ATTNLAB_REPORT_MEMORY");
  if (!flag || std::strcmp(flag, "1") != 0) return;
  double estimate = -1;
  try {
    if (e.memoryBytes) estimate = e.memoryBytes(attnlab::validate(e.params, params), inputs);
  } catch (const std::exception&) {
  }
  std::fprintf(stderr, "memory: estimate %.0f peak %.0f\n", estimate, peakResidentBytes());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  const std::string first = argv[1];
  if (first == "--help" || first == "-h") {
    usage(std::cout);
    return 0;
  }
  if (first == "plan" || first == "run-job" || first == "combine") return attnlab::cli::runSharded(argc, argv);
  if (first == "--schema") {
    Json all = Json::array();
    for (const auto& e : attnlab::experiments()) all.push_back(attnlab::experimentJson(e));
    std::cout << all.dump(2) << '\n';
    return 0;
  }
  const Experiment* e = attnlab::findExperiment(first);
  if (!e) {
    usage(std::cerr);
    return refuse("unknown experiment " + attnlab::quoteValue(first));
  }
  Json params = Json::object();
  std::vector<std::pair<std::string, std::string>> files;
  std::string maxSeconds = attnlab::kDefaultMaxSeconds;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << attnlab::experimentHelp(*e);
      return 0;
    }
    if (arg == "--max-seconds" || arg.rfind("--max-seconds=", 0) == 0) {
      if (arg == "--max-seconds" && i + 1 == argc) return refuse("--max-seconds needs a value");
      maxSeconds = arg == "--max-seconds" ? argv[++i] : arg.substr(std::strlen("--max-seconds="));
      if (const std::string bad = attnlab::maxSecondsProblem(maxSeconds); !bad.empty()) return refuse(bad);
      continue;
    }
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0) return refuse("expected key=value, got " + attnlab::quoteValue(arg));
    std::string key = arg.substr(0, eq);
    const std::string value = arg.substr(eq + 1);
    if (key == "upload" && e->inputs.size() == 1) key = e->inputs[0].name;  // the old spelling of the only input
    const bool repeated = params.contains(key) || std::any_of(files.begin(), files.end(), [&](const auto& f) { return f.first == key; });
    if (repeated) return refuse(key + " is given twice: give each parameter once");
    if (isInput(*e, key, value)) files.emplace_back(key, value);
    else params[key] = value;
  }
  attnlab::Inputs inputs;
  std::string error;
  try {
    const double budget = attnlab::validate(e->params, params).budgetBytes();
    if (!readInputs(*e, files, budget, inputs, params, error)) return refuse(error);
  } catch (const std::exception& bad) {
    return refuse(bad.what());
  }
  // The time budget, before anything runs: the plan's estimate (bad parameters are left for the run to name).
  const attnlab::Outcome plan = attnlab::planExperiment(e->id, params, inputs);
  if (plan.ok && plan.value["estimatedSeconds"].is_number())
    if (const std::string over = attnlab::overTimeBudget(plan.value["estimatedSeconds"].get<double>(), maxSeconds); !over.empty())
      return refuse(over);
  int lastPercent = -1;
  const attnlab::Progress progress([&](double done, double total, const std::string&) {
    const int percent = total > 0 ? static_cast<int>(100.0 * done / total) : 0;
    if (percent != lastPercent) std::fprintf(stderr, "\rprogress %3d%%", lastPercent = percent);
    return true;
  });
  const attnlab::Outcome out = attnlab::runExperiment(e->id, params, inputs, progress);
  if (lastPercent >= 0) std::fputc('\n', stderr);
  reportMemory(*e, params, inputs);
  if (!out.ok) {
    std::cerr << "attnlab: " << out.error << '\n';
    return out.badInput ? 2 : 1;
  }
  std::cout << out.value.dump() << '\n';
  return 0;
}
