// SPDX-License-Identifier: Apache-2.0
#include "sharded.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "host/command_line.hpp"
#include "model/study_job.hpp"
#include "lab/model_study.hpp"
#include "lab/sweep.hpp"
#include "model_files.hpp"
#include "read_file.hpp"

namespace attnlab::cli {
namespace {

namespace fs = std::filesystem;

// Bad input: exit 2 with this one-line message.
struct Refused {
  std::string message;
};

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

// A file's identity (device, inode), symlinks followed; false when it does not exist.
bool identity(const std::string& path, std::pair<dev_t, ino_t>& id) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return false;
  id = {info.st_dev, info.st_ino};
  return true;
}

// Refuses, before anything is read or computed, an -o that is a file the command reads, a file of a folder it
// reads, or a new file inside such a folder (by identity: symlinks, "./" and ".." spellings are the same file).
void refuseOutputOverInput(const CommandLine& a) {
  if (a.output.empty()) return;
  std::pair<dev_t, ino_t> output{}, outputFolder{}, read{}, entryId{};
  const bool exists = identity(a.output, output);
  const fs::path parent = fs::path(a.output).parent_path();
  const bool folderKnown = identity(parent.empty() ? "." : parent.string(), outputFolder);
  for (const CommandRead& r : commandReads(a)) {
    if (!identity(r.path, read)) continue;
    if (exists && output == read) throw Refused{outputCollision(a, r, r.path)};
    if (!r.folder) continue;
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(r.path, ignored))
      if (exists && identity(entry.path().string(), entryId) && entryId == output)
        throw Refused{outputCollision(a, r, entry.path().string())};
    if (folderKnown && outputFolder == read) throw Refused{outputCollision(a, r, "")};
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
Json readJobs(const CommandLine& a, const char* command) {
  if (a.jobsPath.empty()) throw Refused{std::string(command) + " needs --jobs jobs.jsonl"};
  std::string bytes, error;
  if (!readFileBytes(a.jobsPath, bytes, error)) throw Refused{"--jobs: " + error};
  if (isStudyJobs(bytes)) return unwrap(readStudyJobs(a.jobsPath, bytes));  // a model studied over a corpus
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
    if (readFileBytes(entry.path().string(), bytes, error)) {
      files.push_back({{"name", name}, {"text", std::move(bytes)}});
    } else {
      // "'<path>' is a FIFO, not a regular file" -> "a FIFO, not a regular file" (the path is named by the caller)
      const auto quoted = error.find("' is ");
      files.push_back({{"name", name}, {"error", quoted == std::string::npos ? error : error.substr(quoted + 5)}});
    }
  }
  return files;
}

int plan(const CommandLine& a) {
  const Json lines = unwrap(planSweep(a.id, a.params));
  Json done = Json::array();
  if (!a.missingDir.empty()) {
    const Json checked = unwrap(checkShards(lines, a.missingDir, resultFiles(a.missingDir)));
    std::cerr << refusedLines(checked);
    done = checked.at("done");
  }
  writeOut(a.output, planOutput(lines, done, a.print));
  return 0;
}

int runJob(const CommandLine& a) {
  Json job;
  if (a.jobsPath.empty()) {  // one job line on stdin
    std::string line;
    std::getline(std::cin, line);
    job = unwrap(readSweepJob(a.id, line));
  } else {
    const Json jobs = readJobs(a, "run-job");
    if (a.index < 0 || a.index >= static_cast<long>(jobs.size()))
      throw Refused{"--index must be in [0, " + std::to_string(jobs.size() - 1) + "] for " + a.jobsPath};
    job = jobs[a.index];
  }
  int lastPercent = -1;
  const Progress progress([&](double done, double total, const std::string&) {
    const int percent = total > 0 ? static_cast<int>(100.0 * done / total) : 0;
    if (percent != lastPercent)
      std::fprintf(stderr, "\rjob %ld: progress %3d%%", job.value("index", -1L), lastPercent = percent);
    return true;
  });
  const bool study = job.contains("study");
  Outcome out;
  if (study) {  // a window of a model study: the folder read by path, its fingerprint checked
    FolderByteSource source(job.at("model").at("folder").get<std::string>());
    out = model::runStudyJob(source, job, progress);
  } else {
    out = runExperimentJob(a.id, {{"params", job["params"]}, {"at", job["at"]}}, {}, progress);
  }
  if (lastPercent >= 0) std::fputc('\n', stderr);
  if (!out.ok) {
    if (out.badInput) throw Refused{out.error};
    std::cerr << "attnlab: " << out.error << '\n';
    return 1;
  }
  writeOut(a.output, (study ? studyShard(job, out.value) : shardOf(job, out.value)).dump() + "\n");
  return 0;
}

int combine(const CommandLine& a) {
  const Json jobs = readJobs(a, "combine");
  if (a.resultsDir.empty()) throw Refused{"combine needs the results folder"};
  const Json files = resultFiles(a.resultsDir);
  const Json merged = unwrap(jobs.at(0).contains("study") ? combineStudyShards(jobs, a.resultsDir, files)
                                                          : combineSweep(jobs, a.resultsDir, files));
  std::cerr << refusedLines(merged);
  const auto [line, exitCode] = combineVerdict(merged, jobs.size(), a.resultsDir, a.allowPartial);
  std::cerr << line;
  writeOut(a.output, merged.at("result").dump() + "\n");
  return exitCode;
}

}  // namespace

int runSharded(const CommandLine& command) {
  try {
    refuseOutputOverInput(command);
    if (command.kind == CommandKind::Plan) return plan(command);
    if (command.kind == CommandKind::RunJob) return runJob(command);
    return combine(command);
  } catch (const Refused& r) {
    std::cerr << "attnlab: " << r.message << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "attnlab: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace attnlab::cli
