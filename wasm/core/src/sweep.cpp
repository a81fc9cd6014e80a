#include "attnlab/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>

#include "attnlab/params.hpp"
#include "attnlab/result_shape.hpp"

namespace attnlab {
namespace {

const Experiment& require(const std::string& id) {
  const Experiment* e = findExperiment(id);
  if (!e) throw ParamError("unknown experiment " + quoteValue(id));
  return *e;
}

std::string fnv1a64(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::string hashOf(const std::string& id, const ParamValues& values, const Json& jobs) {
  std::string text = std::string("attnlab sweep\n") + kAppVersion + "\n" + id + "\n" + values.json().dump() + "\n";
  for (const auto& job : jobs) text += job.at("at").dump() + "\n";
  return fnv1a64(text);
}

// The job lines of params, planned afresh.
Json planLines(const std::string& id, const Json& params) {
  const Experiment& e = require(id);
  const ParamValues values = validate(e.params, params);
  const Outcome planned = planExperiment(id, params, {});
  if (!planned.ok) throw ParamError(planned.error);
  const Json& jobs = planned.value.at("jobs");
  const std::string plan = hashOf(id, values, jobs);
  Json lines = Json::array();
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const Json& at = jobs[i].at("at");
    lines.push_back({{"app", kAppVersion}, {"experiment", id}, {"plan", plan}, {"index", i}, {"jobs", jobs.size()},
                     {"params", params}, {"at", at}, {"seed", values.seed()}, {"stream", at.value("stream", Json())},
                     {"estimatedBytes", planned.value.at("estimatedBytes")}, {"estimatedSeconds", jobs[i].at("estimatedSeconds")}});
  }
  return lines;
}

// The first number in value that is not finite (a parser may read 1e999 as infinity), as a path; "" if none.
std::string nonFinite(const Json& value, const std::string& path) {
  if (value.is_number_float() && !std::isfinite(value.get<double>())) return path;
  if (value.is_array())
    for (std::size_t i = 0; i < value.size(); ++i) {
      const std::string found = nonFinite(value[i], path + "[" + std::to_string(i) + "]");
      if (!found.empty()) return found;
    }
  if (value.is_object())
    for (const auto& item : value.items()) {
      const std::string found = nonFinite(item.value(), path + "." + item.key());
      if (!found.empty()) return found;
    }
  return "";
}

std::string shown(const Json& v) {
  const std::string text = v.dump();
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

std::string joinPath(const std::string& folder, const std::string& name) {
  if (folder.empty()) return name;
  return folder.back() == '/' ? folder + name : folder + "/" + name;
}

Json indexList(const std::vector<long>& indices) {
  Json list = Json::array();
  for (long i : indices) list.push_back(i);
  return list;
}

}  // namespace

std::string planHash(const std::string& id, const Json& params) {
  return planLines(id, params).at(0).at("plan").get<std::string>();
}

Outcome planSweep(const std::string& id, const Json& params) {
  Outcome out;
  try {
    out.value = planLines(id, params);
    out.ok = true;
  } catch (const std::invalid_argument& e) {
    out.error = e.what();
    out.badInput = true;
  } catch (const std::exception& e) {
    out.error = e.what();
  }
  return out;
}

namespace {

// "" when line is job line `fresh` of a fresh plan of its parameters, else what differs.
std::string lineMismatch(const Json& line, const Json& fresh) {
  for (const char* key : {"plan", "params", "at", "seed", "stream", "jobs"})
    if (line.value(key, Json()) != fresh.at(key))
      return std::string("its ") + key + " " + shown(line.value(key, Json())) + " is not what its parameters plan (" +
             shown(fresh.at(key)) + "): plan again";
  return "";
}

// "" when the line is a job of experiment id planned by this version, else why not.
std::string lineOrigin(const std::string& id, const std::string& fileName, const Json& job) {
  if (job.value("experiment", Json()) != Json(id))
    return fileName + " holds jobs of " + quoteValue(job.value("experiment", Json("?")).is_string() ? job.value("experiment", std::string("?"))
                                                                                                : job.value("experiment", Json()).dump()) +
           ", not of " + id;
  if (job.value("app", Json()) != Json(kAppVersion))
    return fileName + " was planned by attnlab " + (job.value("app", Json()).is_string() ? job.value("app", std::string("?")) : shown(job.value("app", Json()))) +
           "; this is attnlab " + kAppVersion + ": plan again";
  return "";
}

}  // namespace

Outcome readSweepJob(const std::string& id, const std::string& text) {
  Outcome out;
  out.badInput = true;
  const Json job = Json::parse(text, nullptr, false);
  if (job.is_discarded() || !job.is_object()) {
    out.error = "stdin: not a job line (malformed JSON)";
    return out;
  }
  out.error = lineOrigin(id, "stdin", job);
  if (!out.error.empty()) return out;
  const Outcome fresh = planSweep(id, job.value("params", Json::object()));
  if (!fresh.ok) {
    out.error = "stdin: " + fresh.error;
    return out;
  }
  const Json index = job.value("index", Json());
  if (!index.is_number_integer() || index.get<long>() < 0 || index.get<long>() >= static_cast<long>(fresh.value.size())) {
    out.error = "stdin: job index " + shown(index) + " is not one of the plan's " + std::to_string(fresh.value.size()) + " jobs";
    return out;
  }
  out.error = lineMismatch(job, fresh.value[index.get<std::size_t>()]);
  if (!out.error.empty()) {
    out.error = "stdin: " + out.error;
    return out;
  }
  out.ok = true;
  out.badInput = false;
  out.value = job;
  return out;
}

Outcome readSweepJobs(const std::string& id, const std::string& fileName, const std::string& text) {
  Outcome out;
  out.badInput = true;
  Json lines = Json::array();
  std::istringstream stream(text);
  std::string line;
  for (int number = 1; std::getline(stream, line); ++number) {
    if (line.empty()) continue;
    const std::string where = fileName + " line " + std::to_string(number);
    Json job = Json::parse(line, nullptr, false);
    if (job.is_discarded() || !job.is_object()) {
      out.error = where + ": not a job (malformed JSON)";
      return out;
    }
    out.error = lineOrigin(id, fileName, job);
    if (!out.error.empty()) return out;
    if (job.value("index", Json()) != Json(lines.size())) {
      out.error = where + ": job index " + shown(job.value("index", Json(-1))) + " out of order (expected " + std::to_string(lines.size()) + ")";
      return out;
    }
    lines.push_back(std::move(job));
  }
  if (lines.empty()) {
    out.error = fileName + " holds no job";
    return out;
  }
  // Every line must be what planning its parameters gives: the same sweep, coordinates and hash.
  const Outcome fresh = planSweep(id, lines[0].value("params", Json::object()));
  if (!fresh.ok) {
    out.error = fileName + " line 1: " + fresh.error;
    return out;
  }
  if (fresh.value.size() != lines.size()) {
    out.error = fileName + " holds " + std::to_string(lines.size()) + " jobs; its parameters plan " +
                std::to_string(fresh.value.size()) + " (a truncated or edited jobs file: plan again)";
    return out;
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string mismatch = lineMismatch(lines[i], fresh.value[i]);
    if (!mismatch.empty()) {
      out.error = fileName + " line " + std::to_string(i + 1) + ": " + mismatch;
      return out;
    }
  }
  out.ok = true;
  out.badInput = false;
  out.value = std::move(lines);
  return out;
}

Json shardOf(const Json& line, const Json& result) {
  Json shard;
  for (const char* key : {"app", "experiment", "plan", "index", "params", "at", "seed", "stream"}) shard[key] = line.at(key);
  shard["result"] = result;
  return shard;
}

long shardIndex(const std::string& name) {
  const std::size_t dot = name.size() >= 5 ? name.size() - 5 : std::string::npos;
  if (dot == std::string::npos || dot == 0 || dot > 9 || name.compare(dot, std::string::npos, ".json") != 0) return -1;
  const std::string digits = name.substr(0, dot);
  if (digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  if (digits.size() > 1 && digits[0] == '0') return -1;  // "07.json" is not job 7
  return std::stol(digits);
}

std::string shardProblem(const Json& line, const std::string& text) {
  const Json shard = Json::parse(text, nullptr, false);
  if (shard.is_discarded()) return text.empty() ? "empty (an interrupted write)" : "not JSON (truncated, or not a result file)";
  if (!shard.is_object()) return "not a result file (expected an object)";
  const auto field = [&](const char* key) { return shard.value(key, Json()); };
  if (field("experiment") != line.at("experiment"))
    return "a result of " + shown(field("experiment")) + ", not of " + line.at("experiment").get<std::string>();
  if (field("app") != line.at("app"))
    return "written by attnlab " + shown(field("app")) + "; this sweep is attnlab " + line.at("app").get<std::string>();
  if (field("plan") != line.at("plan"))
    return "a result of another plan (plan " + shown(field("plan")) + "; this sweep's is " + line.at("plan").get<std::string>() + ")";
  if (field("index") != line.at("index"))
    return "holds job " + shown(field("index")) + ", not job " + line.at("index").dump();
  for (const char* key : {"at", "params", "seed", "stream"})
    if (field(key) != line.at(key))
      return std::string("its ") + key + " " + shown(field(key)) + " is not job " + line.at("index").dump() + "'s " + shown(line.at(key));
  if (!shard.contains("result")) return "holds no result";
  const Json& result = shard.at("result");
  if (result.is_null()) return "its result is null";
  const std::string infinite = nonFinite(result, "result");
  if (!infinite.empty()) return infinite + " is not a finite number";
  try {
    const Experiment& e = require(line.at("experiment").get<std::string>());
    const Json& shape = e.singleJob() || e.jobResult.is_null() ? e.result : e.jobResult;
    const std::string mismatch = shapeMismatch(shape, result);
    if (!mismatch.empty()) return mismatch.rfind("result", 0) == 0 ? mismatch : "result." + mismatch;
    if (e.checkJobResult) return e.checkJobResult(Job{validate(e.params, line.at("params")), line.at("at"), nullptr}, result);
  } catch (const std::exception& error) {
    return std::string("cannot be checked: ") + error.what();
  }
  return "";
}

Outcome checkShards(const Json& jobs, const std::string& folder, const Json& files) {
  Outcome out;
  std::vector<bool> valid(jobs.size(), false);
  Json refused = Json::array();
  for (const auto& file : files) {
    const std::string name = file.at("name").get<std::string>();
    const long index = shardIndex(name);
    if (index < 0 || index >= static_cast<long>(jobs.size())) {
      out.badInput = true;
      out.error = folder + " holds a foreign file " + quoteValue(name) + " (results are <index>.json: no leading zeros, index < " +
                  std::to_string(jobs.size()) + ")";
      return out;
    }
    const std::string problem = file.contains("error") ? file.at("error").get<std::string>()
                                                       : shardProblem(jobs[index], file.at("text").get<std::string>());
    if (problem.empty()) valid[index] = true;
    else refused.push_back({{"file", joinPath(folder, name)}, {"index", index}, {"reason", problem}});
  }
  std::vector<long> done, missing;
  for (std::size_t i = 0; i < valid.size(); ++i) (valid[i] ? done : missing).push_back(static_cast<long>(i));
  out.ok = true;
  out.value = {{"done", indexList(done)}, {"missing", indexList(missing)}, {"refused", refused}};
  return out;
}

Outcome combineSweep(const Json& jobs, const std::string& folder, const Json& files) {
  Outcome checked = checkShards(jobs, folder, files);
  if (!checked.ok) return checked;
  std::vector<bool> good(jobs.size(), false);
  for (const auto& d : checked.value.at("done")) good[d.get<std::size_t>()] = true;
  Json finished = Json::array();
  for (const auto& file : files) {
    const long index = shardIndex(file.at("name").get<std::string>());
    if (good[index]) finished.push_back({{"index", index}, {"result", Json::parse(file.at("text").get<std::string>()).at("result")}});
  }
  std::sort(finished.begin(), finished.end(), [](const Json& a, const Json& b) { return a.at("index").get<long>() < b.at("index").get<long>(); });
  Outcome merged = combineExperiment(jobs.at(0).at("experiment").get<std::string>(), jobs.at(0).at("params"), finished);
  if (!merged.ok) return merged;
  const Json& missing = checked.value.at("missing");
  if (!missing.empty())
    merged.value["partial"] = {{"done", finished.size()}, {"total", jobs.size()}, {"missing", missing}};
  Outcome out;
  out.ok = true;
  out.value = {{"result", std::move(merged.value)}, {"missing", missing}, {"refused", checked.value.at("refused")},
               {"done", finished.size()}, {"total", jobs.size()}};
  return out;
}

}  // namespace attnlab
