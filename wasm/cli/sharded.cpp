#include "sharded.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "attnlab/experiment.hpp"
#include "attnlab/sweep.hpp"
#include "read_file.hpp"

namespace attnlab::cli {
namespace {

namespace fs = std::filesystem;

// Bad input: exit 2 with this one-line message.
struct Refused {
  std::string message;
};

struct Args {
  std::string command, id, jobsPath, output, missingDir, resultsDir, print;
  long index = -1;
  bool allowPartial = false;
  Json params = Json::object();
};

Args parseArgs(int argc, char** argv) {
  Args a;
  a.command = argv[1];
  if (argc < 3) throw Refused{a.command + " needs an experiment id"};
  a.id = argv[2];
  if (!findExperiment(a.id)) throw Refused{"unknown experiment " + quoteValue(a.id)};
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw Refused{arg + " needs a value"};
      return argv[++i];
    };
    if (arg == "-o") a.output = value();
    else if (arg == "--jobs") a.jobsPath = value();
    else if (arg == "--missing") a.missingDir = value();
    else if (arg == "--print" && a.command == "plan") a.print = value();
    else if (arg == "--allow-partial" && a.command == "combine") a.allowPartial = true;
    else if (arg == "--index") {
      const std::string text = value();
      if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        throw Refused{"--index must be a job index (0, 1, ...), got " + quoteValue(text)};
      a.index = std::stol(text);
    } else if (arg.find('=') != std::string::npos && arg.find('=') > 0) {
      const std::string key = arg.substr(0, arg.find('='));
      if (a.params.contains(key)) throw Refused{key + " is given twice: give each parameter once"};
      a.params[key] = arg.substr(arg.find('=') + 1);
    } else if (a.command == "combine" && a.resultsDir.empty()) {
      a.resultsDir = arg;
    } else {
      throw Refused{"unexpected argument " + quoteValue(arg)};
    }
  }
  return a;
}

// Writes text to path atomically, or to stdout: a temporary file of this writer alone
// (<path>.<pid>.<random>.tmp, in the same folder), then rename, so concurrent writers of one path never
// collide: the last rename wins and every reader sees one whole file.
void writeOut(const std::string& path, const std::string& text) {
  if (path.empty()) {
    std::cout << text;
    return;
  }
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path());
  char unique[64];
  std::snprintf(unique, sizeof unique, ".%ld.%08x.tmp", static_cast<long>(::getpid()), std::random_device{}());
  const std::string temporary = path + unique;
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(temporary, ignored);
      throw std::runtime_error("cannot write " + temporary);
    }
  }
  std::error_code failed;
  fs::rename(temporary, target, failed);
  if (failed) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw std::runtime_error("cannot rename " + temporary + " to " + path + ": " + failed.message());
  }
}

Json unwrap(const Outcome& out) {
  if (!out.ok) {
    if (out.badInput) throw Refused{out.error};
    throw std::runtime_error(out.error);
  }
  return out.value;
}

// The job lines of a jobs file, checked by the core (this experiment and version, one plan).
Json readJobs(const Args& a) {
  if (a.jobsPath.empty()) throw Refused{a.command + " needs --jobs jobs.jsonl"};
  std::string bytes, error;
  if (!readFileBytes(a.jobsPath, kInputFileLimitBytes, bytes, error)) throw Refused{"--jobs: " + error};
  return unwrap(readSweepJobs(a.id, a.jobsPath, bytes));
}

// Every entry of a results folder but interrupted writes (*.tmp), read without blocking: a FIFO, a
// device or a directory named like a result is reported to the core as an error, never opened for reading.
Json resultFiles(const std::string& dir) {
  Json files = Json::array();
  std::error_code missing;
  if (!fs::is_directory(dir, missing)) return files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0) continue;
    if (shardIndex(name) < 0) {
      files.push_back({{"name", name}, {"error", "not a result file name"}});
      continue;
    }
    std::string bytes, error;
    if (readFileBytes(entry.path().string(), kInputFileLimitBytes, bytes, error)) {
      files.push_back({{"name", name}, {"text", std::move(bytes)}});
    } else {
      // "'<path>' is a FIFO, not a regular file" -> "a FIFO, not a regular file" (the path is named by the caller)
      const auto quoted = error.find("' is ");
      files.push_back({{"name", name}, {"error", quoted == std::string::npos ? error : error.substr(quoted + 5)}});
    }
  }
  return files;
}

// One line on stderr per refused shard: which file, why.
void reportRefused(const Json& checked) {
  for (const auto& r : checked.at("refused"))
    std::cerr << "attnlab: refused " << r.at("file").get<std::string>() << ": " << r.at("reason").get<std::string>() << '\n';
}

std::string indexText(const Json& indices) {
  std::string list;
  for (std::size_t k = 0; k < indices.size() && k < 20; ++k) list += (k ? " " : "") + indices[k].dump();
  return list + (indices.size() > 20 ? " ..." : "");
}

int plan(const Args& a) {
  const Json lines = unwrap(planSweep(a.id, a.params));
  std::vector<bool> done(lines.size(), false);
  if (!a.missingDir.empty()) {
    const Json checked = unwrap(checkShards(lines, a.missingDir, resultFiles(a.missingDir)));
    reportRefused(checked);
    for (const auto& i : checked.at("done")) done[i.get<std::size_t>()] = true;
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (done[i]) continue;
    if (a.print.empty()) {
      out += lines[i].dump() + "\n";
    } else {
      const Json value = lines[i].value(a.print, Json());
      out += (value.is_string() ? value.get<std::string>() : value.dump()) + "\n";
    }
  }
  writeOut(a.output, out);
  return 0;
}

int runJob(const Args& a) {
  Json job;
  if (a.jobsPath.empty()) {  // one job line on stdin
    std::string line;
    std::getline(std::cin, line);
    job = unwrap(readSweepJob(a.id, line));
  } else {
    const Json jobs = readJobs(a);
    if (a.index < 0 || a.index >= static_cast<long>(jobs.size()))
      throw Refused{"--index must be in [0, " + std::to_string(jobs.size() - 1) + "] for " + a.jobsPath};
    job = jobs[a.index];
  }
  int lastPercent = -1;
  const Progress progress([&](double done, double total, const std::string&) {
    const int percent = total > 0 ? static_cast<int>(100.0 * done / total) : 0;
    if (percent != lastPercent) std::fprintf(stderr, "\rjob %ld: progress %3d%%", job.value("index", -1L), lastPercent = percent);
    return true;
  });
  const Outcome out = runExperimentJob(a.id, {{"params", job["params"]}, {"at", job["at"]}}, {}, progress);
  if (lastPercent >= 0) std::fputc('\n', stderr);
  if (!out.ok) {
    if (out.badInput) throw Refused{out.error};
    std::cerr << "attnlab: " << out.error << '\n';
    return 1;
  }
  writeOut(a.output, shardOf(job, out.value).dump() + "\n");
  return 0;
}

// Exit 0 when every job has a valid result; kIncomplete when some are missing or refused (the merged
// file is still written, marked "partial"), unless --allow-partial.
constexpr int kIncomplete = 3;

int combine(const Args& a) {
  const Json jobs = readJobs(a);
  if (a.resultsDir.empty()) throw Refused{"combine needs the results folder"};
  const Json merged = unwrap(combineSweep(jobs, a.resultsDir, resultFiles(a.resultsDir)));
  reportRefused(merged);
  const Json& missing = merged.at("missing");
  if (!missing.empty())
    std::cerr << "attnlab: combined " << merged.at("done").dump() << " of " << jobs.size() << " jobs; missing: " << indexText(missing)
              << " (run them: attnlab plan ... --missing " << a.resultsDir << ")" << (a.allowPartial ? "" : "; the result is partial")
              << '\n';
  writeOut(a.output, merged.at("result").dump() + "\n");
  return missing.empty() || a.allowPartial ? 0 : kIncomplete;
}

}  // namespace

int runSharded(int argc, char** argv) {
  try {
    const Args a = parseArgs(argc, argv);
    if (a.command == "plan") return plan(a);
    if (a.command == "run-job") return runJob(a);
    return combine(a);
  } catch (const Refused& r) {
    std::cerr << "attnlab: " << r.message << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "attnlab: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace attnlab::cli
