// SPDX-License-Identifier: Apache-2.0
// A model study's job lines and shards (lab/model_study.hpp): checked as a sweep's are (lab/sweep_shards.cpp).
#include <cstdio>
#include <sstream>

#include "lab/json_parse.hpp"
#include "lab/model_study.hpp"
#include "lab/sweep.hpp"

namespace attnlab {
namespace {

std::string fnv1a64(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

// The hash of a study: the app, its parameters, grid, layers, model fingerprint and every window (not the folder).
std::string studyHash(const Json& lines) {
  const Json& first = lines.at(0);
  std::string text = std::string("attnlab study\n") + kAppVersion + "\n" + first.at("params").dump() + "\n" +
                     first.at("eps").dump() + "\n" + first.at("lastLayer").dump() + "\n" +
                     first.at("model").at("fingerprint").dump() + "\n";
  for (const Json& line : lines)
    text += line.at("n").dump() + " " + line.at("window").dump() + " " + line.at("ids").dump() + "\n";
  return fnv1a64(text);
}

Outcome refusal(const std::string& error) {
  Outcome out;
  out.badInput = true;
  out.error = error;
  return out;
}

Outcome value(Json v) {
  Outcome out;
  out.ok = true;
  out.value = std::move(v);
  return out;
}

// Why `text` is not the shard of `line`, "" when it is.
std::string studyShardProblem(const Json& line, const std::string& text) {
  const JsonParse parsed = parseJsonBounded(text);
  if (!parsed.ok()) return parsed.fault == JsonFault::Syntax ? "not JSON (an interrupted write?)" : parsed.error;
  const Json& shard = parsed.value;
  if (!shard.is_object()) return "not a shard (a JSON object)";
  if (shard.value("study", "") != "corpus") return "not a shard of a model study";
  if (shard.value("plan", "") != line.at("plan").get<std::string>()) return "a shard of another study (plan differs)";
  if (shard.value("index", -1L) != line.at("index").get<long>()) return "the shard of another job (index differs)";
  const Json* runs = shard.contains("result") ? &shard.at("result") : nullptr;
  if (!runs || !runs->contains("runs") || !runs->at("runs").is_array()) return "no runs in its result";
  for (const Json& run : runs->at("runs"))
    if (!run.is_object() || run.value("n", -1L) != line.at("n").get<long>() ||
        run.value("window", -1L) != line.at("window").get<long>() || !run.contains("result") ||
        !run.at("result").contains("rows"))
      return "a run of another window";
  return "";
}

}  // namespace

Json studyJobLines(const StudyPlan& plan, const Json& windows) {
  Json lines = Json::array();
  for (std::size_t i = 0; i < windows.size(); ++i)
    lines.push_back({{"app", kAppVersion},
                     {"experiment", "rank-zoo"},
                     {"study", "corpus"},
                     {"plan", ""},
                     {"index", i},
                     {"jobs", windows.size()},
                     {"params", plan.params},
                     {"eps", plan.eps},
                     {"lastLayer", plan.lastLayer},
                     {"model", plan.model},
                     {"n", windows[i].at("n")},
                     {"window", windows[i].at("window")},
                     {"ids", windows[i].at("ids")}});
  if (lines.empty()) return lines;
  const std::string hash = studyHash(lines);
  for (Json& line : lines) line["plan"] = hash;
  return lines;
}

bool isStudyJobs(const std::string& text) {
  const JsonParse first = parseJsonBounded(text.substr(0, text.find('\n')));
  return first.ok() && first.value.is_object() && first.value.contains("study");
}

Outcome readStudyJobs(const std::string& fileName, const std::string& text) {
  std::istringstream in(text);
  Json lines = Json::array();
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    JsonParse parsed = parseJsonBounded(line);
    Json j = std::move(parsed.value);
    if (!parsed.ok() || !j.is_object() || j.value("study", "") != "corpus")
      return refusal(fileName + ": line " + std::to_string(lines.size() + 1) + " is not a model study's job line");
    lines.push_back(std::move(j));
  }
  if (lines.empty()) return refusal(fileName + ": no job lines");
  try {
    const std::string hash = studyHash(lines);
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (lines[i].at("index").get<std::size_t>() != i || lines[i].at("plan").get<std::string>() != hash ||
          lines[i].at("jobs").get<std::size_t>() != lines.size())
        return refusal(fileName + ": line " + std::to_string(i + 1) + " was edited or belongs to another study");
  } catch (const std::exception&) {
    return refusal(fileName + ": a job line lacks a key of a model study's job");
  }
  return value(std::move(lines));
}

Json studyShard(const Json& line, const Json& runs) {
  return {{"app", kAppVersion},      {"experiment", "rank-zoo"},  {"study", "corpus"},
          {"plan", line.at("plan")}, {"index", line.at("index")}, {"result", {{"runs", runs}}}};
}

Outcome combineStudyShards(const Json& jobs, const std::string& folder, const Json& files) {
  std::vector<Json> runs(jobs.size());
  Json refused = Json::array(), missing = Json::array(), windows = Json::array(), all = Json::array();
  for (const Json& file : files) {
    const std::string name = file.at("name").get<std::string>();
    const long index = shardIndex(name);
    if (index < 0 || index >= static_cast<long>(jobs.size()))
      return refusal(folder + " holds a foreign file '" + name + "' (results are <index>.json, index < " +
                     std::to_string(jobs.size()) + ")");
    const std::string problem = file.contains("error")
                                    ? file.at("error").get<std::string>()
                                    : studyShardProblem(jobs[index], file.at("text").get<std::string>());
    if (problem.empty())
      runs[index] = parseJsonBounded(file.at("text").get<std::string>()).value.at("result").at("runs");
    else
      refused.push_back({{"file", folder + "/" + name}, {"index", index}, {"reason", problem}});
  }
  std::size_t done = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    windows.push_back({{"n", jobs[i].at("n")}, {"window", jobs[i].at("window")}, {"ids", jobs[i].at("ids")}});
    if (runs[i].is_null()) {
      missing.push_back(i);
      continue;
    }
    ++done;
    for (const Json& run : runs[i]) all.push_back(run);
  }
  Json result = combineModelStudy(windows, all, jobs.at(0).at("params").value("seed", std::uint64_t{1}));
  if (!missing.empty()) result["partial"] = {{"done", done}, {"total", jobs.size()}, {"missing", missing}};
  return value({{"result", std::move(result)},
                {"missing", missing},
                {"refused", refused},
                {"done", done},
                {"total", jobs.size()}});
}

}  // namespace attnlab
