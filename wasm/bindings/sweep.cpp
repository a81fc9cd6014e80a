// SPDX-License-Identifier: Apache-2.0
// Embind surface of a sweep in shards (lab/sweep.hpp): the same plan lines, shard files and
// checked merge as the native CLI's, for the headless runner. JSON strings in, envelopes out.
#include <emscripten/bind.h>

#include "lab/sweep.hpp"
#include "convert.hpp"

using namespace attnlab;
using namespace attnlab::bindings;

namespace {

std::string sweepPlan(const std::string& id, const std::string& paramsText) {
  Json params;
  std::string error;
  if (!parseJson(paramsText, params, error)) return envelope(failed(error));
  return envelope(planSweep(id, params));
}

std::string sweepReadJobs(const std::string& id, const std::string& fileName, const std::string& text) {
  return envelope(readSweepJobs(id, fileName, text));
}

// The shard file of a job line and its result.
std::string sweepShard(const std::string& lineText, const std::string& resultText) {
  Json line, result;
  std::string error;
  if (!parseJson(lineText, line, error) || !parseJson(resultText, result, error)) return envelope(failed(error));
  return envelope(succeeded(shardOf(line, result)));
}

// files: [{"name", "text"} | {"name", "error"}]; see checkShards and combineSweep.
std::string sweepFolder(bool merge, const std::string& jobsText, const std::string& folder,
                        const std::string& filesText) {
  Json jobs, files;
  std::string error;
  if (!parseJson(jobsText, jobs, error) || !parseJson(filesText, files, error)) return envelope(failed(error));
  try {
    return envelope(merge ? combineSweep(jobs, folder, files) : checkShards(jobs, folder, files));
  } catch (const std::exception& e) {  // a malformed request from the host, not from a file
    return envelope(failed(e.what()));
  }
}

std::string sweepCheck(const std::string& jobs, const std::string& folder, const std::string& files) {
  return sweepFolder(false, jobs, folder, files);
}

std::string sweepCombine(const std::string& jobs, const std::string& folder, const std::string& files) {
  return sweepFolder(true, jobs, folder, files);
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_sweep) {
  emscripten::function("sweepPlan", &sweepPlan);
  emscripten::function("sweepReadJobs", &sweepReadJobs);
  emscripten::function("sweepShard", &sweepShard);
  emscripten::function("sweepCheck", &sweepCheck);
  emscripten::function("sweepCombine", &sweepCombine);
}
