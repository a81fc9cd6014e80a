// The experiment contract: a pure function of (params incl. seed) -> result, split into independent
// jobs (sweep points) that a pool can run anywhere, each running as steps that report progress.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "attnlab/json.hpp"

namespace attnlab {

// Thrown by Progress::step when the caller asked to stop; caught at the boundary like any error.
class Stopped : public std::runtime_error {
 public:
  Stopped() : std::runtime_error("stopped") {}
};

// Called between steps. The callback returns false to stop the run.
class Progress {
 public:
  using Callback = std::function<bool(double done, double total)>;
  Progress() = default;
  explicit Progress(Callback callback) : callback_(std::move(callback)) {}
  void step(double done, double total) const {
    if (callback_ && !callback_(done, total)) throw Stopped();
  }

 private:
  Callback callback_;
};

// One unit of work: its params (validated by the experiment) and an optional user file, already
// parsed into numbers by the host (never through the URL).
struct Job {
  Json params;
  std::vector<double> upload;
};

struct Experiment {
  std::string id;
  std::string family;
  // Validates params and splits them into independent jobs (a single job for simple experiments).
  std::function<std::vector<Json>(const Json& params)> plan;
  std::function<Json(const Job& job, const Progress& progress)> runJob;
  // Aggregates any subset of finished jobs, given as [{"index": i, "result": {...}}, ...], so a
  // partial sweep can be drawn while it runs.
  std::function<Json(const Json& params, const Json& finished)> combine;
};

const std::vector<Experiment>& experiments();
const Experiment* findExperiment(const std::string& id);

// Helpers for the common single-job case.
std::vector<Json> singleJob(const Json& params);
Json onlyResult(const Json& params, const Json& finished);

// The boundary: errors are values, never exceptions (toolchain.md §5).
struct Outcome {
  bool ok = false;
  // Bad input (the message names the parameter and its range) as opposed to a failure of the run.
  bool badInput = false;
  std::string error;
  Json value;
};

Outcome planExperiment(const std::string& id, const Json& params);
Outcome runExperimentJob(const std::string& id, const Job& job, const Progress& progress);
Outcome combineExperiment(const std::string& id, const Json& params, const Json& finished);
// plan + every job in order + combine: what the native CLI and headless runs do.
Outcome runExperiment(const std::string& id, const Json& params, const std::vector<double>& upload,
                      const Progress& progress);

}  // namespace attnlab
