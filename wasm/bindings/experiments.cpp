// Embind surface: one flat, stateless entry point per step of the experiment contract, shared by
// every family. Strings in (JSON), JSON envelope strings out; no handles, no views of wasm memory.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attnlab/experiment.hpp"
#include "convert.hpp"

using emscripten::val;
using namespace attnlab;
using namespace attnlab::bindings;

namespace {

Outcome failed(const std::string& error) {
  Outcome out;
  out.error = error;
  return out;
}

std::string plan(const std::string& id, const std::string& paramsText) {
  Json params;
  std::string error;
  if (!parseJson(paramsText, params, error)) return envelope(failed(error));
  return envelope(planExperiment(id, params));
}

// progress(done, total) -> boolean; the caller guarantees it never throws.
std::string runJob(const std::string& id, const std::string& jobText, val upload, val progress) {
  Job job;
  std::string error;
  if (!parseJson(jobText, job.params, error)) return envelope(failed(error));
  job.upload = toDoubles(upload);
  const bool report = progress.typeOf().as<std::string>() == "function";
  const Progress bridge([&](double done, double total) {
    return report ? progress(done, total).as<bool>() : true;
  });
  return envelope(runExperimentJob(id, job, bridge));
}

std::string combine(const std::string& id, const std::string& paramsText, const std::string& finishedText) {
  Json params, finished;
  std::string error;
  if (!parseJson(paramsText, params, error) || !parseJson(finishedText, finished, error))
    return envelope(failed(error));
  return envelope(combineExperiment(id, params, finished));
}

std::string listExperiments() {
  Json list = Json::array();
  for (const auto& e : experiments()) list.push_back({{"id", e.id}, {"family", e.family}});
  return list.dump();
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_experiments) {
  emscripten::function("plan", &plan);
  emscripten::function("runJob", &runJob);
  emscripten::function("combine", &combine);
  emscripten::function("listExperiments", &listExperiments);
}
