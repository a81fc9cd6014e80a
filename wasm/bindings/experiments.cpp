// SPDX-License-Identifier: Apache-2.0
// Embind surface: one flat, stateless entry point per step of the experiment contract, shared by
// every family, plus the one input parser. Strings in (JSON), JSON envelope strings out; inputs as
// plain JS objects {name: {shape, sparse, values: Float64Array}}; no handles, no views of wasm memory.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "lab/experiment.hpp"
#include "convert.hpp"

using emscripten::val;
using namespace attnlab;
using namespace attnlab::bindings;

namespace {

// With files, the parameters are first resolved as on the command line (host/resolve_inputs.hpp): the keys a
// file determines are dropped, a head bundle's scale fills an unset scale; the jobs carry the resolved ones.
std::string plan(const std::string& id, const std::string& paramsText, val inputs) {
  Json params;
  std::string error;
  if (!parseJson(paramsText, params, error)) return envelope(failed(error));
  const std::vector<GivenInput> given = givenInputs(inputs);
  if (const Experiment* e = findExperiment(id); e && !given.empty()) {
    ResolvedInputs resolved = resolveInputs(*e, params, given);
    if (!resolved.ok) return envelope(failed(resolved.error, true), id);
    params = std::move(resolved.params);
  }
  return envelope(planExperiment(id, params, toInputs(inputs)), id);
}

// progress(done, total, label) -> boolean; the caller guarantees it never throws.
std::string runJob(const std::string& id, const std::string& jobText, val inputs, val progress) {
  Json job;
  std::string error;
  if (!parseJson(jobText, job, error)) return envelope(failed(error));
  const bool report = progress.typeOf().as<std::string>() == "function";
  const Progress bridge([&](double done, double total, const std::string& label) {
    return report ? progress(done, total, label).as<bool>() : true;
  });
  return envelope(runExperimentJob(id, job, toInputs(inputs), bridge), id);
}

std::string combine(const std::string& id, const std::string& paramsText, const std::string& finishedText) {
  Json params, finished;
  std::string error;
  if (!parseJson(paramsText, params, error) || !parseJson(finishedText, finished, error))
    return envelope(failed(error));
  return envelope(combineExperiment(id, params, finished), id);
}

std::string theory(const std::string& id, const std::string& paramsText) {
  Json params;
  std::string error;
  if (!parseJson(paramsText, params, error)) return envelope(failed(error));
  return envelope(theoryExperiment(id, params), id);
}

// {"ok": true, "value": {"shape": [...], "sparse": bool, "values": Float64Array, "bundleScale"?: number}} or an
// error envelope.
val parseInputFile(const std::string& id, const std::string& input, const std::string& fileName, val bytes,
                   double budgetMiB) {
  const std::string data = toBytes(bytes);
  const ParseOutcome parsed = parseExperimentInput(id, input, fileName, data, budgetMiB * 1024.0 * 1024.0);
  val out = val::object();
  out.set("ok", parsed.ok);
  if (!parsed.ok) {
    out.set("error", parsed.error);
    out.set("badInput", true);
    return out;
  }
  val value = fromInput(parsed.array);
  if (parsed.bundleScale > 0) value.set("bundleScale", parsed.bundleScale);  // a head bundle's own Q·K scale
  out.set("value", value);
  return out;
}

std::string listExperiments() {
  Json list = Json::array();
  for (const auto& e : experiments()) list.push_back(experimentJson(e));
  return list.dump();
}

// {"ok": true, "value": {id: mismatch, ...}}: the text's JSON value against every experiment's result shape.
std::string resultMismatchesOf(const std::string& text) {
  Json value;
  std::string error;
  if (!parseJson(text, value, error)) return envelope(failed(error, true));
  return envelope(succeeded(resultMismatches(value)));
}

std::string help(const std::string& id) {
  const Experiment* e = findExperiment(id);
  return e ? experimentHelp(*e) : "unknown experiment " + quoteValue(id) + "\n";
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_experiments) {
  emscripten::function("plan", &plan);
  emscripten::function("runJob", &runJob);
  emscripten::function("combine", &combine);
  emscripten::function("theory", &theory);
  emscripten::function("parseInput", &parseInputFile);
  emscripten::function("listExperiments", &listExperiments);
  emscripten::function("experimentHelp", &help);
  emscripten::function("resultMismatches", &resultMismatchesOf);
}
