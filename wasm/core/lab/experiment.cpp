// SPDX-License-Identifier: Apache-2.0
#include "lab/experiment.hpp"

#include <algorithm>
#include <iterator>
#include <new>

#include "numerics/kernels/blocking.hpp"
#include "lab/params.hpp"
#include "lab/result_shape.hpp"

namespace attnlab {
namespace {

template <class F>
Outcome guarded(F&& body) {
  Outcome out;
  pinProductBlocking();  // the same numbers on every machine (numerics/kernels/blocking.hpp)
  try {
    out.value = body();
    out.ok = true;
  } catch (const Stopped&) {
    out.error = "stopped";
  } catch (const std::invalid_argument& e) {  // ParamError and every other validation failure
    out.error = e.what();
    out.badInput = true;
  } catch (const std::bad_alloc&) {
    out.error = "out of memory: choose smaller sizes";
  } catch (const std::exception& e) {
    out.error = e.what();
  } catch (...) {
    out.error = "unknown error in the core";
  }
  return out;
}

const Experiment& require(const std::string& id) {
  const Experiment* e = findExperiment(id);
  if (!e) {
    std::string known;
    for (const auto& x : experiments()) known += (known.empty() ? "" : ", ") + x.id;
    throw ParamError("unknown experiment " + quoteValue(id) + " (known: " + known + ")");
  }
  return *e;
}

// Inputs given to an experiment that does not declare them are refused, never silently ignored.
void requireDeclaredInputs(const Experiment& e, const Inputs& inputs) {
  for (const auto& [name, array] : inputs) {
    bool declared = false;
    for (const auto& rule : e.inputs) declared = declared || rule.name == name;
    if (!declared) {
      std::string names;
      for (const auto& rule : e.inputs) names += (names.empty() ? "" : ", ") + rule.name;
      throw ParamError(e.id + " takes no input named " + quoteValue(name) +
                       (names.empty() ? " (it takes no file)" : " (its inputs: " + names + ")"));
    }
  }
}

// "attention-map with n = 4096, d = 3 (parameters n, d)": what a refused run was asked to do.
std::string sizeLabel(const Experiment& e, const ParamValues& values, const Inputs& inputs) {
  std::string what = e.id, given, names;
  for (const auto& key : e.sizeParams) {
    given += (given.empty() ? " with " : ", ") + key + " = " + values.json()[key].dump();
    names += (names.empty() ? "" : ", ") + key;
  }
  for (const auto& [name, array] : inputs) names += (names.empty() ? "input " : ", input ") + name;
  if (!names.empty())
    what += given + " (" + (e.sizeParams.size() + inputs.size() > 1 ? "parameters " : "parameter ") + names + ")";
  return what;
}

std::vector<Json> planJobs(const Experiment& e, const ParamValues& values, const Inputs& inputs) {
  requireDeclaredInputs(e, inputs);
  if (e.singleJob()) {
    if (e.memoryBytes) requireMemory(e.memoryBytes(values, inputs), values.budgetBytes(), sizeLabel(e, values, inputs));
    return {Json::object()};
  }
  return e.plan(values, inputs);
}

}  // namespace

Experiment declareExperiment(std::string id, std::string family, std::vector<ParamDecl> params, Json result,
                             decltype(Experiment::runJob) runJob) {
  Experiment e;
  e.id = std::move(id);
  e.family = std::move(family);
  e.params = std::move(params);
  e.result = std::move(result);
  e.runJob = std::move(runJob);
  return e;
}

void declareJobs(Experiment& e, decltype(Experiment::plan) plan, decltype(Experiment::combine) combine, Json jobResult,
                 decltype(Experiment::checkJobResult) checkJobResult) {
  e.plan = std::move(plan);
  e.combine = std::move(combine);
  e.jobResult = std::move(jobResult);
  e.checkJobResult = std::move(checkJobResult);
}

void declareTestSets(Experiment& e, const char* json) {
  static const char* const known[] = {"cheap", "showingData", "drawsNoRandomData", "memory", "reference",
                                      "view",  "engine",      "sharded",           "timing", "corrupt"};
  e.tests = Json::parse(json);
  if (!e.tests.is_object() || !e.tests.contains("cheap") || !e.tests["cheap"].is_object())
    throw std::logic_error(e.id + ": its test sets declare no cheap parameter object");
  for (const auto& item : e.tests.items())
    if (std::find(std::begin(known), std::end(known), item.key()) == std::end(known))
      throw std::logic_error(e.id + ": unknown test set '" + item.key() + "' (lab/experiment.hpp lists them)");
}

const Experiment* findExperiment(const std::string& id) {
  for (const auto& e : experiments())
    if (e.id == id) return &e;
  return nullptr;
}

Json resultMismatches(const Json& value) {
  Json out = Json::object();
  for (const auto& e : experiments()) {
    std::string mismatch = shapeMismatch(e.result, value);
    if (mismatch.empty() && e.checkResult) mismatch = e.checkResult(value);
    out[e.id] = mismatch;
  }
  return out;
}

Json experimentJson(const Experiment& e) {
  Json params = Json::array(), inputs = Json::array();
  for (const auto& p : e.params) params.push_back(paramJson(p));
  for (const auto& rule : e.inputs) inputs.push_back(rule.describe());
  return {{"id", e.id},
          {"family", e.family},
          {"module", e.module},
          {"singleJob", e.singleJob()},
          {"hasTheory", static_cast<bool>(e.theory)},
          {"params", params},
          {"inputs", inputs},
          {"result", e.result}};
}

std::string experimentHelp(const Experiment& e) {
  std::string text = e.id + " (" + e.family + ")\n\nparameters (key=value):\n" + helpTable(e.params);
  if (!e.inputs.empty()) {
    text += "\ninputs (<name>=<file>, never part of a link):\n";
    for (const auto& rule : e.inputs) text += "  " + rule.describe().dump() + "\n";
  }
  return text;
}

ParseOutcome parseExperimentInput(const std::string& id, const std::string& input, const std::string& fileName,
                                  const std::string& bytes, double budgetBytes) {
  ParseOutcome out;
  const Experiment* e = findExperiment(id);
  if (!e) {
    out.error = "unknown experiment " + quoteValue(id);
    return out;
  }
  for (const auto& rule : e->inputs)
    if (rule.name == input) return parseInput(rule, fileName, bytes, InputLimits{kInputFileLimitBytes, budgetBytes});
  out.error = e->id + " takes no input named " + quoteValue(input);
  return out;
}

Outcome planExperiment(const std::string& id, const Json& params, const Inputs& inputs) {
  return guarded([&] {
    const Experiment& e = require(id);
    const ParamValues values = validate(e.params, params);
    Json jobs = Json::array();
    double seconds = 0;
    for (auto& at : planJobs(e, values, inputs)) {
      Json estimate = nullptr;
      if (e.jobSeconds) {
        const double s = e.jobSeconds(Job{values, at, &inputs});
        seconds += s;
        estimate = s;
      }
      jobs.push_back({{"params", params}, {"at", std::move(at)}, {"estimatedSeconds", estimate}});
    }
    return Json{{"jobs", std::move(jobs)},
                {"singleJob", e.singleJob()},
                {"estimatedBytes", e.memoryBytes ? Json(e.memoryBytes(values, inputs)) : Json(nullptr)},
                {"estimatedSeconds", e.jobSeconds ? Json(seconds) : Json(nullptr)}};
  });
}

Outcome runExperimentJob(const std::string& id, const Json& job, const Inputs& inputs, const Progress& progress) {
  return guarded([&] {
    const Experiment& e = require(id);
    if (!job.is_object() || !job.contains("params"))
      throw ParamError("a job must be {\"params\": {...}, \"at\": {...}}");
    requireDeclaredInputs(e, inputs);
    Job j{validate(e.params, job.at("params")), job.value("at", Json::object()), &inputs};
    return e.runJob(j, progress);
  });
}

Outcome combineExperiment(const std::string& id, const Json& params, const Json& finished) {
  return guarded([&] {
    const Experiment& e = require(id);
    const ParamValues values = validate(e.params, params);
    if (e.singleJob()) return finished.empty() ? Json::object() : finished.at(0).at("result");
    return e.combine(values, finished);
  });
}

Outcome theoryExperiment(const std::string& id, const Json& params) {
  return guarded([&] {
    const Experiment& e = require(id);
    if (!e.theory) throw ParamError(e.id + " has no separate theory: its curves come with the run");
    return e.theory(validate(e.params, params));
  });
}

Outcome runExperiment(const std::string& id, const Json& params, const Inputs& inputs, const Progress& progress) {
  return guarded([&] {
    const Experiment& e = require(id);
    const ParamValues values = validate(e.params, params);
    const std::vector<Json> jobs = planJobs(e, values, inputs);
    Json finished = Json::array();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      // Progress over the whole run: each job reports within its own slot.
      const Progress inner([&, i](double done, double total, const std::string& label) {
        progress.step(static_cast<double>(i) + (total > 0 ? done / total : 0.0), static_cast<double>(jobs.size()),
                      label);
        return true;
      });
      Json result = e.runJob(Job{values, jobs[i], &inputs}, inner);
      if (e.singleJob()) return result;
      finished.push_back({{"index", i}, {"result", std::move(result)}});
      progress.step(static_cast<double>(i + 1), static_cast<double>(jobs.size()));
    }
    return e.combine(values, finished);
  });
}

}  // namespace attnlab
