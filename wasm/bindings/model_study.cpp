// SPDX-License-Identifier: Apache-2.0
// Embind surface of a model studied over a corpus (lab/model_study.hpp): the windows of a tokenized corpus, and the
// merge of rank-zoo's results on every window. JSON strings in, envelopes out; nothing throws across.
#include <emscripten/bind.h>

#include "convert.hpp"
#include "lab/model_study.hpp"
#include "lab/params.hpp"

using namespace attnlab;
using namespace attnlab::bindings;

namespace {

// request: {"stream", "prefix", "suffix", "lengths", "windows", "tokenLimit"} -> [{"n", "window", "ids"}].
std::string modelStudyWindows(const std::string& requestText) {
  Json j;
  std::string error;
  if (!parseJson(requestText, j, error)) return envelope(failed(error));
  try {
    WindowRequest r;
    r.stream = j.at("stream").get<std::vector<std::int64_t>>();
    r.prefix = j.at("prefix").get<std::vector<std::int64_t>>();
    r.suffix = j.at("suffix").get<std::vector<std::int64_t>>();
    r.lengths = j.at("lengths").get<std::vector<std::int64_t>>();
    r.windowsPerLength = j.at("windows").get<int>();
    r.tokenLimit = j.at("tokenLimit").get<std::int64_t>();
    Json out = Json::array();
    for (const CorpusWindow& w : corpusWindows(r)) out.push_back({{"n", w.n}, {"window", w.window}, {"ids", w.ids}});
    return envelope(succeeded(std::move(out)));
  } catch (const ParamError& e) {
    return envelope(failed(e.what(), true));
  } catch (const std::exception& e) {
    return envelope(failed(std::string("windows: ") + e.what()));
  }
}

std::string modelStudyCombine(const std::string& windowsText, const std::string& runsText, double seed) {
  Json windows, runs;
  std::string error;
  if (!parseJson(windowsText, windows, error) || !parseJson(runsText, runs, error)) return envelope(failed(error));
  try {
    return envelope(succeeded(combineModelStudy(windows, runs, static_cast<std::uint64_t>(seed))));
  } catch (const std::exception& e) {
    return envelope(failed(std::string("the study's results could not be merged: ") + e.what()));
  }
}

// plan: {"params", "eps", "lastLayer", "model"}; windows: modelStudyWindows' value. value: the job lines.
std::string modelStudyJobs(const std::string& planText, const std::string& windowsText) {
  Json plan, windows;
  std::string error;
  if (!parseJson(planText, plan, error) || !parseJson(windowsText, windows, error)) return envelope(failed(error));
  try {
    const StudyPlan p{plan.at("params"), plan.at("eps"), plan.at("lastLayer").get<int>(), plan.at("model")};
    return envelope(succeeded(studyJobLines(p, windows)));
  } catch (const std::exception& e) {
    return envelope(failed(std::string("the study's plan: ") + e.what()));
  }
}

bool modelStudyIsJobs(const std::string& text) { return isStudyJobs(text); }

std::string modelStudyReadJobs(const std::string& fileName, const std::string& text) {
  return envelope(readStudyJobs(fileName, text));
}

std::string modelStudyShard(const std::string& lineText, const std::string& runsText) {
  Json line, runs;
  std::string error;
  if (!parseJson(lineText, line, error) || !parseJson(runsText, runs, error)) return envelope(failed(error));
  try {
    return envelope(succeeded(studyShard(line, runs)));
  } catch (const std::exception& e) {
    return envelope(failed(std::string("the shard: ") + e.what()));
  }
}

std::string modelStudyCombineShards(const std::string& jobsText, const std::string& folder, const std::string& files) {
  Json jobs, list;
  std::string error;
  if (!parseJson(jobsText, jobs, error) || !parseJson(files, list, error)) return envelope(failed(error));
  try {
    return envelope(combineStudyShards(jobs, folder, list));
  } catch (const std::exception& e) {
    return envelope(failed(std::string("the study's shards: ") + e.what()));
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_model_study) {
  emscripten::function("modelStudyWindows", &modelStudyWindows);
  emscripten::function("modelStudyCombine", &modelStudyCombine);
  emscripten::function("modelStudyJobs", &modelStudyJobs);
  emscripten::function("modelStudyIsJobs", &modelStudyIsJobs);
  emscripten::function("modelStudyReadJobs", &modelStudyReadJobs);
  emscripten::function("modelStudyShard", &modelStudyShard);
  emscripten::function("modelStudyCombineShards", &modelStudyCombineShards);
}
