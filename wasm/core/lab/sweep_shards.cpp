// SPDX-License-Identifier: Apache-2.0
// A sweep's shards (lab/sweep.hpp): the file each job writes, its checks, and the merge of a results folder.
#include <algorithm>
#include <cmath>

#include "lab/params.hpp"
#include "lab/json_parse.hpp"
#include "lab/result_shape.hpp"
#include "lab/sweep.hpp"
#include "lab/sweep_detail.hpp"

namespace attnlab {
namespace {

using sweep_detail::requireExperiment;
using sweep_detail::shown;

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

Json shardOf(const Json& line, const Json& result) {
  Json shard;
  for (const char* key : {"app", "experiment", "plan", "index", "params", "at", "seed", "stream"})
    shard[key] = line.at(key);
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
  const JsonParse parsed = parseJsonBounded(text);
  if (parsed.fault == JsonFault::Limit) return parsed.error;
  const Json& shard = parsed.value;
  if (!parsed.ok()) return text.empty() ? "empty (an interrupted write)" : "not JSON (truncated, or not a result file)";
  if (!shard.is_object()) return "not a result file (expected an object)";
  const auto field = [&](const char* key) { return shard.value(key, Json()); };
  if (field("experiment") != line.at("experiment"))
    return "a result of " + shown(field("experiment")) + ", not of " + line.at("experiment").get<std::string>();
  if (field("app") != line.at("app"))
    return "written by attnlab " + shown(field("app")) + "; this sweep is attnlab " + line.at("app").get<std::string>();
  if (field("plan") != line.at("plan"))
    return "a result of another plan (plan " + shown(field("plan")) + "; this sweep's is " +
           line.at("plan").get<std::string>() + ")";
  if (field("index") != line.at("index"))
    return "holds job " + shown(field("index")) + ", not job " + line.at("index").dump();
  for (const char* key : {"at", "params", "seed", "stream"})
    if (field(key) != line.at(key))
      return std::string("its ") + key + " " + shown(field(key)) + " is not job " + line.at("index").dump() + "'s " +
             shown(line.at(key));
  if (!shard.contains("result")) return "holds no result";
  const Json& result = shard.at("result");
  if (result.is_null()) return "its result is null";
  const std::string infinite = nonFinite(result, "result");
  if (!infinite.empty()) return infinite + " is not a finite number";
  try {
    const Experiment& e = requireExperiment(line.at("experiment").get<std::string>());
    const Json& shape = e.singleJob() || e.jobResult.is_null() ? e.result : e.jobResult;
    const std::string mismatch = shapeMismatch(shape, result);
    if (!mismatch.empty()) return mismatch.rfind("result", 0) == 0 ? mismatch : "result." + mismatch;
    if (e.checkJobResult)
      return e.checkJobResult(Job{validate(e.params, line.at("params")), line.at("at"), nullptr}, result);
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
      out.error = folder + " holds a foreign file " + quoteValue(name) +
                  " (results are <index>.json: no leading zeros, index < " + std::to_string(jobs.size()) + ")";
      return out;
    }
    const std::string problem = file.contains("error") ? file.at("error").get<std::string>()
                                                       : shardProblem(jobs[index], file.at("text").get<std::string>());
    if (problem.empty())
      valid[index] = true;
    else
      refused.push_back({{"file", joinPath(folder, name)}, {"index", index}, {"reason", problem}});
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
    if (good[index])
      finished.push_back(
          {{"index", index}, {"result", parseJsonBounded(file.at("text").get<std::string>()).value.at("result")}});
  }
  std::sort(finished.begin(), finished.end(),
            [](const Json& a, const Json& b) { return a.at("index").get<long>() < b.at("index").get<long>(); });
  Outcome merged = combineExperiment(jobs.at(0).at("experiment").get<std::string>(), jobs.at(0).at("params"), finished);
  if (!merged.ok) return merged;
  const Json& missing = checked.value.at("missing");
  if (!missing.empty())
    merged.value["partial"] = {{"done", finished.size()}, {"total", jobs.size()}, {"missing", missing}};
  Outcome out;
  out.ok = true;
  out.value = {{"result", std::move(merged.value)},
               {"missing", missing},
               {"refused", checked.value.at("refused")},
               {"done", finished.size()},
               {"total", jobs.size()}};
  return out;
}

}  // namespace attnlab
