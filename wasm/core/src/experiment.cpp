#include "attnlab/experiment.hpp"

#include <new>

#include "attnlab/params.hpp"

namespace attnlab {
namespace {

template <class F>
Outcome guarded(F&& body) {
  Outcome out;
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
    throw ParamError("unknown experiment '" + id + "' (known: " + known + ")");
  }
  return *e;
}

}  // namespace

const Experiment* findExperiment(const std::string& id) {
  for (const auto& e : experiments())
    if (e.id == id) return &e;
  return nullptr;
}

std::vector<Json> singleJob(const Json& params) { return {params}; }

Json onlyResult(const Json&, const Json& finished) {
  if (finished.empty()) return Json::object();
  return finished.at(0).at("result");
}

Outcome planExperiment(const std::string& id, const Json& params) {
  return guarded([&] { return Json(require(id).plan(params)); });
}

Outcome runExperimentJob(const std::string& id, const Job& job, const Progress& progress) {
  return guarded([&] { return require(id).runJob(job, progress); });
}

Outcome combineExperiment(const std::string& id, const Json& params, const Json& finished) {
  return guarded([&] { return require(id).combine(params, finished); });
}

Outcome runExperiment(const std::string& id, const Json& params, const std::vector<double>& upload,
                      const Progress& progress) {
  return guarded([&] {
    const Experiment& e = require(id);
    const std::vector<Json> jobs = e.plan(params);
    Json finished = Json::array();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      // Progress over the whole run: each job reports within its own slot.
      const Progress inner([&, i](double done, double total) {
        progress.step(static_cast<double>(i) + (total > 0 ? done / total : 0.0), static_cast<double>(jobs.size()));
        return true;
      });
      finished.push_back({{"index", i}, {"result", e.runJob(Job{jobs[i], upload}, inner)}});
      progress.step(static_cast<double>(i + 1), static_cast<double>(jobs.size()));
    }
    return e.combine(params, finished);
  });
}

}  // namespace attnlab
