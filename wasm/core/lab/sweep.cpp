// SPDX-License-Identifier: Apache-2.0
// A sweep's plan and its job lines (lab/sweep.hpp); the shards the jobs write are sweep_shards.cpp's.
#include "lab/sweep.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "lab/params.hpp"
#include "lab/json_parse.hpp"
#include "lab/sweep_detail.hpp"

namespace attnlab {
namespace sweep_detail {

const Experiment& requireExperiment(const std::string& id) {
  const Experiment* e = findExperiment(id);
  if (!e) throw ParamError("unknown experiment " + quoteValue(id));
  return *e;
}

std::string shown(const Json& v) {
  const std::string text = v.dump();
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

}  // namespace sweep_detail

namespace {

using sweep_detail::requireExperiment;
using sweep_detail::shown;

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
  const Experiment& e = requireExperiment(id);
  const ParamValues values = validate(e.params, params);
  const Outcome planned = planExperiment(id, params, {});
  if (!planned.ok) throw ParamError(planned.error);
  const Json& jobs = planned.value.at("jobs");
  const std::string plan = hashOf(id, values, jobs);
  Json lines = Json::array();
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const Json& at = jobs[i].at("at");
    lines.push_back({{"app", kAppVersion},
                     {"experiment", id},
                     {"plan", plan},
                     {"index", i},
                     {"jobs", jobs.size()},
                     {"params", params},
                     {"at", at},
                     {"seed", values.seed()},
                     {"stream", at.value("stream", Json())},
                     {"estimatedBytes", planned.value.at("estimatedBytes")},
                     {"estimatedSeconds", jobs[i].at("estimatedSeconds")}});
  }
  return lines;
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
    return fileName + " holds jobs of " +
           quoteValue(job.value("experiment", Json("?")).is_string() ? job.value("experiment", std::string("?"))
                                                                     : job.value("experiment", Json()).dump()) +
           ", not of " + id;
  if (job.value("app", Json()) != Json(kAppVersion))
    return fileName + " was planned by attnlab " +
           (job.value("app", Json()).is_string() ? job.value("app", std::string("?"))
                                                 : shown(job.value("app", Json()))) +
           "; this is attnlab " + kAppVersion + ": plan again";
  return "";
}

}  // namespace

Outcome readSweepJob(const std::string& id, const std::string& text) {
  Outcome out;
  out.badInput = true;
  const JsonParse parsed = parseJsonBounded(text);
  const Json& job = parsed.value;
  if (!parsed.ok() || !job.is_object()) {
    out.error = parsed.fault == JsonFault::Limit ? "stdin: " + parsed.error : "stdin: not a job line (malformed JSON)";
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
  if (!index.is_number_integer() || index.get<long>() < 0 ||
      index.get<long>() >= static_cast<long>(fresh.value.size())) {
    out.error = "stdin: job index " + shown(index) + " is not one of the plan's " + std::to_string(fresh.value.size()) +
                " jobs";
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
  std::string line;
  for (std::size_t at = 0, number = 1; at < text.size(); ++number) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    line = text.substr(at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    const std::string where = fileName + " line " + std::to_string(number);
    JsonParse parsed = parseJsonBounded(line);
    Json job = std::move(parsed.value);
    if (!parsed.ok() || !job.is_object()) {
      out.error = where + (parsed.fault == JsonFault::Limit ? ": " + parsed.error : ": not a job (malformed JSON)");
      return out;
    }
    out.error = lineOrigin(id, fileName, job);
    if (!out.error.empty()) return out;
    if (job.value("index", Json()) != Json(lines.size())) {
      out.error = where + ": job index " + shown(job.value("index", Json(-1))) + " out of order (expected " +
                  std::to_string(lines.size()) + ")";
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

}  // namespace attnlab
