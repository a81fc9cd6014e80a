// SPDX-License-Identifier: Apache-2.0
// The experiment contract: a pure function of (params incl. seed, named inputs) -> result, split
// into independent jobs (sweep points) that a pool can run anywhere, each running as steps that
// report progress. Each experiment declares once, here in the core: its parameter schema, its named
// inputs with their shape rules, and its result's keys and types.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "lab/inputs/parse_input.hpp"
#include "lab/json.hpp"
#include "lab/schema.hpp"

namespace attnlab {

// Thrown by Progress::step when the caller asked to stop; caught at the boundary like any error.
class Stopped : public std::runtime_error {
 public:
  Stopped() : std::runtime_error("stopped") {}
};

// Called between steps. The callback returns false to stop the run. A step may say what it is
// doing ("singular values of a 4096 × 4096 matrix") so a long step without progress never looks hung.
class Progress {
 public:
  using Callback = std::function<bool(double done, double total, const std::string& label)>;
  Progress() = default;
  explicit Progress(Callback callback) : callback_(std::move(callback)) {}
  // A callback that ignores labels: bool(double done, double total).
  template <class F, std::enable_if_t<std::is_invocable_r_v<bool, F, double, double>, int> = 0>
  explicit Progress(F f) : callback_([f](double done, double total, const std::string&) { return f(done, total); }) {}
  void step(double done, double total, const std::string& label = "") const {
    if (callback_ && !callback_(done, total, label)) throw Stopped();
  }

 private:
  Callback callback_;
};

// The app's version (package.json's "version"; a test keeps them equal): jobs and results carry it.
constexpr const char* kAppVersion = "0.2.0";

// Largest user file any host reads (the budget bounds what parsing it may allocate).
constexpr std::uint64_t kInputFileLimitBytes = std::uint64_t{512} << 20;

// Parsed user files by input name ("pattern", "q", ...), already checked against the input's rule.
using Inputs = std::map<std::string, InputArray>;

// One unit of work: the user's validated parameters, this job's coordinates (kept apart from the
// parameters: curve, n, seed index, stream ...) and the run's inputs.
struct Job {
  ParamValues params;
  Json at = Json::object();
  const Inputs* inputs = nullptr;
  const InputArray* input(const std::string& name) const {
    if (!inputs) return nullptr;
    const auto found = inputs->find(name);
    return found == inputs->end() ? nullptr : &found->second;
  }
};

struct Experiment {
  std::string id;
  std::string family;
  std::string module;             // its group's wasm module on the page (lab/registry_groups.hpp)
  std::vector<ParamDecl> params;  // seed and budget included
  std::vector<InputRule> inputs;
  // The result's keys and their types ("int", "number", "number|null", "bool", "string",
  // "number[]", nested objects, [ {...} ] for arrays of objects): pinned by a golden test.
  Json result;
  // Splits validated params into job coordinates, refusing too-big runs before any job starts.
  // Empty for a single-job experiment, whose job's result is the result (no combine step).
  std::function<std::vector<Json>(const ParamValues& params, const Inputs& inputs)> plan;
  std::function<Json(const Job& job, const Progress& progress)> runJob;
  // Aggregates any subset of finished jobs, given as [{"index": i, "result": {...}}, ...], so a
  // partial sweep can be drawn while it runs.
  std::function<Json(const ParamValues& params, const Json& finished)> combine;
  // The shape of one job's result, in the language of `result` (a single job's result is `result`):
  // combine checks every shard of a sweep against it (lab/sweep.hpp).
  Json jobResult;
  // Optional: the experiment's own invariants on one job's result, beyond its shape: that it is the
  // job's (its coordinates are the job's) and its values are in range ("dmin: -7 is below 1"); "" when
  // they hold.
  std::function<std::string(const Job& job, const Json& result)> checkJobResult;
  // The invariants of a whole result, from its own values alone (it may come from a file without parameters):
  // "" when they hold, else the first value at fault ("result.perN[0].n = 1e308 is outside [1, 4096]").
  // Applied to every result a page opens (resultMismatches) and to the shipped presets in tests.
  std::function<std::string(const Json& result)> checkResult;
  // Estimated peak bytes of one job (the budget check of plan uses the same model).
  std::function<double(const ParamValues& params, const Inputs& inputs)> memoryBytes;
  // Optional: estimated seconds of one job on one core of the reference machine (native build; the
  // 2-core Intel Xeon of docs/cost-model.md): a count of the job's dominant operations times a constant
  // measured there by `npm run bench -- cost-model`. A guide for schedulers and for asking before a long
  // run, not a promise: the same bench reports measured against predicted.
  std::function<double(const Job& job)> jobSeconds;
  // (jobSeconds' constants were measured on the Box–Muller stream; see streamTimeFactor below.)
  // The parameters that drive memory, named when a run is refused ("with n = 4096, d = 16384 (parameters n, d)").
  std::vector<std::string> sizeParams;
  // Optional: the theory curves alone, cheap (closed forms, a grid), so the page can redraw them at
  // once while a parameter moves; the same keys appear in the full result.
  std::function<Json(const ParamValues& params)> theory;
  // The parameter sets the tests and benches run it with, declared beside its parameters (declareTestSets) so
  // that no test keeps a table of experiments; `attnlab --test-sets` prints them.
  Json tests = Json::object();
  bool singleJob() const { return !plan; }
};

// The keys of Experiment::tests, each a parameter object (CLI-style values) unless said otherwise:
//   cheap        (required) a run of a few ms that still exercises every job of its plan (tests/cpp);
//   showingData  laid over cheap so the result shows the random data (rng tests); drawsNoRandomData: true when
//                the result draws none (theory only, fixed heads);
//   memory       [params]: sizes where the memory estimate is checked against the measured peak;
//   reference    [{label, params, upload?: {input, file under tests/fixtures/}}]: native vs wasm byte for byte;
//   view         page values (arrays as arrays) laid over the first preset: small figures (figures-first, ghost);
//   engine       a link's values (tests/e2e/engines.mjs: under 2 s in Chromium, differing from every preset);
//   sharded      a sweep of several jobs run in shards and in one process (tests/web/sharded.test.ts);
//   timing       [params]: the cases bench/cost-model.mjs times against the time model;
//   corrupt      {pointer, value}: one value of a cheap result its checkResult refuses.
// Refuses (std::logic_error, at start-up) unknown keys or a missing cheap set.
void declareTestSets(Experiment& e, const char* json);

// The start of every experiment's declaration: its id, family, parameters, result shape and how one job runs
// (a single-job experiment's only job).
Experiment declareExperiment(std::string id, std::string family, std::vector<ParamDecl> params, Json result,
                             decltype(Experiment::runJob) runJob);
// Makes e a planned experiment: plan splits the parameters into jobs (each run by e.runJob), combine merges any
// finished subset; jobResult is one job's result shape and checkJobResult its invariants.
void declareJobs(Experiment& e, decltype(Experiment::plan) plan, decltype(Experiment::combine) combine, Json jobResult,
                 decltype(Experiment::checkJobResult) checkJobResult);

const std::vector<Experiment>& experiments();
const Experiment* findExperiment(const std::string& id);
// The experiment's schema as JSON: {id, family, module, singleJob, hasTheory, params: [...], inputs: [...], result}.
Json experimentJson(const Experiment& e);
// For every experiment, by id, the first mismatch of value against its declared result shape ("" when it conforms,
// shapeMismatch's words otherwise): how the page recognises an opened result file and judges it.
Json resultMismatches(const Json& value);
// What `attnlab <id> --help` prints: the parameter table (key, default, range, unit, help) and the inputs.
std::string experimentHelp(const Experiment& e);

// The boundary: errors are values, never exceptions.
struct Outcome {
  bool ok = false;
  // Bad input (the message names the parameter and its range) as opposed to a failure of the run.
  bool badInput = false;
  std::string error;
  Json value;
};

// Parses one named input of an experiment (the one parser, for every host), bounded by the budget.
ParseOutcome parseExperimentInput(const std::string& id, const std::string& input, const std::string& fileName,
                                  const std::string& bytes, double budgetBytes);
// value: {"jobs": [{"params": {...}, "at": {...}, "estimatedSeconds": s|null}, ...], "singleJob": bool,
// "estimatedBytes": peak bytes of the largest job|null, "estimatedSeconds": the jobs' sum|null}; a
// single-job experiment's one job result is its result (no combine step).
Outcome planExperiment(const std::string& id, const Json& params, const Inputs& inputs);
// job: {"params": {...}, "at": {...}} as plan gave it.
Outcome runExperimentJob(const std::string& id, const Json& job, const Inputs& inputs, const Progress& progress);
Outcome combineExperiment(const std::string& id, const Json& params, const Json& finished);
// The experiment's theory alone (an error value if it declares none).
Outcome theoryExperiment(const std::string& id, const Json& params);
// plan + every job in order + combine: what the native CLI and headless runs do.
Outcome runExperiment(const std::string& id, const Json& params, const Inputs& inputs, const Progress& progress);

// The time model's constants were measured on the Box–Muller stream. On the ziggurat stream (the default of new
// links) an experiment whose time goes largely into normal deviates runs `zigguratSpeedup` times faster (measured
// per experiment, natively, same machine and case: docs/cost-model.md); old links pinned to Box–Muller keep 1.
inline double streamTimeFactor(NormalMethod normals, double zigguratSpeedup) {
  return normals == NormalMethod::Ziggurat ? 1.0 / zigguratSpeedup : 1.0;
}

}  // namespace attnlab
