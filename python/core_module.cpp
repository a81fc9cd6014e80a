// SPDX-License-Identifier: Apache-2.0
// attnlab._core: the native core for Python (pybind11). The command line's own parsing and preparation (the words of
// `attnlab <id> key=value ... [--max-seconds S]`), the CLI's file reader (wasm/cli/read_file.hpp: special files and
// oversized files refused before a byte is read), the CLI's time budget (default one hour), then the run as the page
// runs it: plan, each job, combine, the same numbers as the native CLI bit for bit. Between steps the run polls
// Python's signal handlers, so Ctrl-C stops it: the handler's exception (KeyboardInterrupt) is raised carrying the
// finished jobs' combined result. Results travel as JSON text; attnlab/__init__.py turns lists into numpy arrays.
// Bad input raises ValueError with the core's message (naming the parameter and its range); a failed run RuntimeError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "../wasm/cli/model_qk.hpp"
#include "../wasm/cli/model_run.hpp"
#include "../wasm/cli/read_file.hpp"
#include "host/command_line.hpp"
#include "lab/experiment.hpp"
#include "lab/time_budget.hpp"

namespace py = pybind11;

namespace {

// The CLI's refusals name its option; Python's caller gives it as the keyword max_seconds=.
std::string pythonWords(std::string message) {
  const std::pair<std::string, std::string> spellings[] = {{"give --max-seconds ", "give max_seconds="},
                                                           {"--max-seconds", "max_seconds"}};
  for (const auto& [cli, python] : spellings)
    for (auto at = message.find(cli); at != std::string::npos; at = message.find(cli, at + python.size()))
      message.replace(at, cli.size(), python);
  return message;
}

// Polls Python's signal handlers between the run's steps, at most every 50 ms (each poll takes the GIL), so a
// handler that raises (Ctrl-C's KeyboardInterrupt) stops the run at its next step. The exception is kept and raised
// once the run has stopped and the GIL is back.
class SignalWatch {
 public:
  ~SignalWatch() {
    if (!raised()) return;
    py::gil_scoped_acquire gil;
    Py_XDECREF(type_), Py_XDECREF(value_), Py_XDECREF(trace_);
  }
  // false: a handler raised, stop.
  bool poll() {
    if (raised()) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_) return true;
    next_ = now + std::chrono::milliseconds(50);
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return true;
    PyErr_Fetch(&type_, &value_, &trace_);
    return false;
  }
  bool raised() const { return type_ != nullptr; }
  // With the GIL: raises the handler's exception with the partial result as attributes (attnlab/__init__.py).
  [[noreturn]] void raise(const std::optional<attnlab::Json>& partial, std::size_t done, std::size_t jobs) {
    PyErr_NormalizeException(&type_, &value_, &trace_);
    if (value_) {
      const py::handle exception(value_);
      exception.attr("partial_json") = partial ? py::object(py::str(partial->dump())) : py::object(py::none());
      exception.attr("jobs_done") = done;
      exception.attr("jobs_total") = jobs;
    }
    PyErr_Restore(type_, value_, trace_);
    type_ = value_ = trace_ = nullptr;
    throw py::error_already_set();
  }

 private:
  std::chrono::steady_clock::time_point next_{};
  PyObject *type_ = nullptr, *value_ = nullptr, *trace_ = nullptr;
};

// A run in the page's steps: the plan's jobs in order, then their combination; stopped, the jobs that finished.
struct StepRun {
  attnlab::Outcome outcome;              // the result, or the first failure (not set when stopped)
  std::optional<attnlab::Json> partial;  // stopped: the finished jobs combined (none finished: empty)
  std::size_t done = 0, jobs = 0;
};

StepRun runInSteps(const std::string& id, const attnlab::PreparedRun& prepared, SignalWatch& watch) {
  StepRun run;
  run.outcome = attnlab::planExperiment(id, prepared.params, prepared.inputs);
  if (!run.outcome.ok) return run;
  const attnlab::Json jobs = std::move(run.outcome.value["jobs"]);
  run.jobs = jobs.size();
  const attnlab::Progress progress([&](double, double, const std::string&) { return watch.poll(); });
  attnlab::Json finished = attnlab::Json::array();
  for (std::size_t i = 0; i < jobs.size() && watch.poll(); ++i) {
    attnlab::Outcome job = attnlab::runExperimentJob(id, jobs[i], prepared.inputs, progress);
    if (watch.raised()) break;  // the job stopped at a step: it did not finish
    if (!job.ok) {
      run.outcome = std::move(job);
      return run;
    }
    finished.push_back({{"index", i}, {"result", std::move(job.value)}});
  }
  run.done = finished.size();
  const bool stopped = watch.raised();
  if (stopped && finished.empty()) return run;
  attnlab::Outcome combined = attnlab::combineExperiment(id, prepared.params, finished);
  if (stopped && combined.ok) run.partial = std::move(combined.value);
  if (!stopped) run.outcome = std::move(combined);
  return run;
}

// Each input file through the CLI's reader: a FIFO, a device or a file above the input limit is refused unread.
std::vector<attnlab::ReadInput> readFiles(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<attnlab::ReadInput> read;
  for (const auto& [name, path] : files) {
    attnlab::ReadInput file{name, path, "", ""};
    attnlab::cli::readFileBytes(path, file.bytes, file.problem);
    read.push_back(std::move(file));
  }
  return read;
}

// The run's parameters and inputs: its files read and parsed, or (model=) a checkpoint's heads.
attnlab::PreparedRun prepare(const std::vector<std::string>& words,
                             const std::vector<std::pair<std::string, std::string>>& files, std::string& id) {
  const bool model =
      std::any_of(words.begin(), words.end(), [](const std::string& w) { return w.rfind("model=", 0) == 0; });
  if (model && !files.empty()) throw py::value_error("model: a model gives the heads; leave out files=");
  attnlab::cli::CommandOnModel onModel;
  {
    py::gil_scoped_release release;  // reading a model: other Python threads run meanwhile
    onModel = attnlab::cli::prepareCommandOnModel(words, 0);
  }
  if (onModel.present) {
    id = onModel.id;
    return onModel.prepared;
  }
  const attnlab::CommandParse parsed = attnlab::parseCommandLine(words, 0);
  if (!parsed.ok) throw py::value_error(pythonWords(parsed.error));
  const attnlab::CommandLine& c = parsed.command;
  if (c.kind != attnlab::CommandKind::Run)
    throw py::value_error("give an experiment id and its values, e.g. run('rank-beta', n=256)");
  std::vector<std::pair<std::string, std::string>> paths = c.files;  // <input>=<file> words, then files=
  paths.insert(paths.end(), files.begin(), files.end());
  id = c.id;
  py::gil_scoped_release release;  // reading and parsing large files: other Python threads run meanwhile
  return attnlab::prepareRun(c.id, c.params, c.maxSeconds, readFiles(paths));
}

std::string run(const std::vector<std::string>& words, const std::vector<std::pair<std::string, std::string>>& files) {
  std::string id;
  const attnlab::PreparedRun prepared = prepare(words, files, id);
  if (!prepared.ok) throw py::value_error(pythonWords(prepared.error));
  SignalWatch watch;
  StepRun out;
  {
    py::gil_scoped_release release;
    out = runInSteps(id, prepared, watch);
  }
  if (watch.raised()) watch.raise(out.partial, out.done, out.jobs);
  if (!out.outcome.ok) {
    if (out.outcome.badInput) throw py::value_error(out.outcome.error);
    throw std::runtime_error(out.outcome.error);
  }
  return out.outcome.value.dump();
}

// A study over a corpus whose tokens Python gives (attnlab.run with corpus=): the core cuts the windows, runs each as
// `attnlab run-job` does and merges them as `attnlab combine` does.
std::string modelStudy(const std::vector<std::string>& words, const attnlab::cli::CorpusTokens& tokens) {
  SignalWatch watch;
  attnlab::Outcome out;
  {
    py::gil_scoped_release release;
    const attnlab::Progress progress([&](double, double, const std::string&) { return watch.poll(); });
    out = attnlab::cli::runCorpusStudy(words, tokens, progress);
  }
  if (watch.raised()) watch.raise(std::nullopt, 0, 0);
  if (!out.ok) {
    if (out.badInput) throw py::value_error(pythonWords(out.error));
    throw std::runtime_error(out.error);
  }
  return out.value.dump();
}

std::string schemas() {
  attnlab::Json list = attnlab::Json::array();
  for (const attnlab::Experiment& e : attnlab::experiments()) list.push_back(attnlab::experimentJson(e));
  return list.dump();
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "attnlab's native core (see the attnlab package)";
  m.def("run", &run, py::arg("words"), py::arg("files") = std::vector<std::pair<std::string, std::string>>{},
        "Runs `attnlab <words...>` and returns the result as JSON text; a signal handler that raises stops it.");
  m.def("schemas", &schemas, "Every experiment's schema as JSON text.");
  m.def(
      "model_study",
      [](const std::vector<std::string>& words, const std::vector<std::int64_t>& stream,
         const std::vector<std::int64_t>& prefix, const std::vector<std::int64_t>& suffix) {
        return modelStudy(words, {stream, prefix, suffix});
      },
      py::arg("words"), py::arg("stream"), py::arg("prefix"), py::arg("suffix"),
      "A study over a corpus's tokens (without special tokens; the special tokens around one sequence): JSON text.");
  m.def(
      "model_qk",
      [](const std::vector<std::string>& words) {
        const attnlab::cli::QkText out = attnlab::cli::modelQkText(words);
        if (!out.ok) throw py::value_error(out.text);
        return out.text;
      },
      py::arg("words"), "What `attnlab model-qk <words...>` prints (JSON text); its refusal as a ValueError.");
  m.def(
      "default_max_seconds", [] { return std::string(attnlab::kDefaultMaxSeconds); },
      "The time budget a run gets when max_seconds is not given (the CLI's default).");
}
