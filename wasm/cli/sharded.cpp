#include "sharded.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "attnlab/experiment.hpp"
#include "read_file.hpp"

namespace attnlab::cli {
namespace {

namespace fs = std::filesystem;

// Bad input: exit 2 with this one-line message.
struct Refused {
  std::string message;
};

struct Args {
  std::string command, id, jobsPath, output, missingDir, resultsDir;
  long index = -1;
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
    else if (arg == "--index") {
      const std::string text = value();
      if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        throw Refused{"--index must be a job index (0, 1, ...), got " + quoteValue(text)};
      a.index = std::stol(text);
    } else if (arg.find('=') != std::string::npos && arg.find('=') > 0) {
      a.params[arg.substr(0, arg.find('='))] = arg.substr(arg.find('=') + 1);
    } else if (a.command == "combine" && a.resultsDir.empty()) {
      a.resultsDir = arg;
    } else {
      throw Refused{"unexpected argument " + quoteValue(arg)};
    }
  }
  return a;
}

// Writes text to path atomically (a temporary file in the same folder, then rename), or to stdout.
void writeOut(const std::string& path, const std::string& text) {
  if (path.empty()) {
    std::cout << text;
    return;
  }
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path());
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + temporary);
  }
  fs::rename(temporary, target);
}

// The job lines of a jobs file, checked to belong to this experiment and this version of attnlab.
std::vector<Json> readJobs(const Args& a) {
  if (a.jobsPath.empty()) throw Refused{a.command + " needs --jobs jobs.jsonl"};
  std::string bytes, error;
  if (!readFileBytes(a.jobsPath, kInputFileLimitBytes, bytes, error)) throw Refused{"--jobs: " + error};
  std::vector<Json> jobs;
  std::istringstream lines(bytes);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (line.empty()) continue;
    Json job = Json::parse(line, nullptr, false);
    if (job.is_discarded() || !job.is_object()) throw Refused{a.jobsPath + " line " + std::to_string(number) + ": not a job (malformed JSON)"};
    if (job.value("experiment", "") != a.id)
      throw Refused{a.jobsPath + " holds jobs of " + quoteValue(job.value("experiment", "?")) + ", not of " + a.id};
    if (job.value("app", "") != kAppVersion)
      throw Refused{a.jobsPath + " was planned by attnlab " + job.value("app", "?") + "; this is attnlab " + kAppVersion + ": plan again"};
    if (job.value("index", -1) != static_cast<long>(jobs.size()))
      throw Refused{a.jobsPath + " line " + std::to_string(number) + ": job index " + job.value("index", Json(-1)).dump() +
                    " out of order (expected " + std::to_string(jobs.size()) + ")"};
    jobs.push_back(std::move(job));
  }
  if (jobs.empty()) throw Refused{a.jobsPath + " holds no job"};
  return jobs;
}

// A finished result for `job`, or null when the file is missing, truncated or belongs to another job.
Json validResult(const fs::path& file, const Json& job) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return nullptr;
  std::stringstream text;
  text << in.rdbuf();
  Json r = Json::parse(text.str(), nullptr, false);
  if (r.is_discarded() || !r.is_object() || !r.contains("result")) return nullptr;
  for (const char* key : {"app", "experiment", "index", "params", "at"})
    if (r.value(key, Json()) != job.value(key, Json())) return nullptr;
  return r;
}

// Result files of a folder by job index; any file that is not <index>.json of this sweep is refused.
std::map<long, fs::path> resultFiles(const std::string& dir, std::size_t jobCount) {
  std::map<long, fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0) continue;  // an interrupted write
    const std::string stem = entry.path().stem().string();
    const bool numbered = entry.path().extension() == ".json" && !stem.empty() && stem.size() < 10 &&
                          stem.find_first_not_of("0123456789") == std::string::npos;
    if (!numbered || std::stoul(stem) >= jobCount)
      throw Refused{dir + " holds a foreign file " + quoteValue(name) + " (results are <index>.json, index < " +
                    std::to_string(jobCount) + ")"};
    files[std::stol(stem)] = entry.path();
  }
  return files;
}

int plan(const Args& a) {
  const Outcome planned = planExperiment(a.id, a.params, {});
  if (!planned.ok) throw Refused{planned.error};
  const Json& bytes = planned.value["estimatedBytes"];
  const Json& jobs = planned.value["jobs"];
  std::map<long, fs::path> done;
  if (!a.missingDir.empty()) done = resultFiles(a.missingDir, jobs.size());
  std::string out;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    Json line = {{"app", kAppVersion}, {"experiment", a.id}, {"index", i}, {"jobs", jobs.size()},
                 {"params", jobs[i]["params"]}, {"at", jobs[i]["at"]},
                 {"estimatedBytes", bytes}, {"estimatedSeconds", jobs[i]["estimatedSeconds"]}};
    if (!a.missingDir.empty()) {
      const auto found = done.find(static_cast<long>(i));
      if (found != done.end() && !validResult(found->second, line).is_null()) continue;
    }
    out += line.dump() + "\n";
  }
  writeOut(a.output, out);
  return 0;
}

int runJob(const Args& a) {
  Json job;
  if (a.jobsPath.empty()) {  // one job line on stdin
    std::string line;
    std::getline(std::cin, line);
    job = Json::parse(line, nullptr, false);
    if (job.is_discarded() || !job.is_object() || job.value("experiment", "") != a.id || job.value("app", "") != kAppVersion)
      throw Refused{"stdin: not a job line of " + a.id + " planned by attnlab " + kAppVersion};
  } else {
    const std::vector<Json> jobs = readJobs(a);
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
  Json file = {{"app", kAppVersion}, {"experiment", a.id}, {"index", job["index"]}, {"params", job["params"]},
               {"at", job["at"]}, {"result", out.value}};
  writeOut(a.output, file.dump() + "\n");
  return 0;
}

int combine(const Args& a) {
  const std::vector<Json> jobs = readJobs(a);
  if (a.resultsDir.empty()) throw Refused{"combine needs the results folder"};
  const std::map<long, fs::path> files = resultFiles(a.resultsDir, jobs.size());
  Json finished = Json::array();
  std::vector<long> missing;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto found = files.find(static_cast<long>(i));
    const Json r = found == files.end() ? Json(nullptr) : validResult(found->second, jobs[i]);
    if (r.is_null()) missing.push_back(static_cast<long>(i));
    else finished.push_back({{"index", i}, {"result", r["result"]}});
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t k = 0; k < missing.size() && k < 20; ++k) list += (k ? " " : "") + std::to_string(missing[k]);
    std::fprintf(stderr, "attnlab: combining %zu of %zu jobs; missing or invalid: %s%s (attnlab plan ... --missing %s)\n",
                 finished.size(), jobs.size(), list.c_str(), missing.size() > 20 ? " ..." : "", a.resultsDir.c_str());
  }
  const Outcome out = combineExperiment(a.id, jobs[0]["params"], finished);
  if (!out.ok) throw Refused{out.error};
  writeOut(a.output, out.value.dump() + "\n");
  return 0;
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
