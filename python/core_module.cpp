// SPDX-License-Identifier: Apache-2.0
// attnlab._core: the native core for Python (pybind11). The command line's own parsing and preparation (the words of
// `attnlab <id> key=value ...`), then the run the native CLI does: the same numbers, bit for bit. Results travel as
// JSON text; attnlab/__init__.py turns lists of numbers into numpy arrays. Bad input raises ValueError with the
// core's message (naming the parameter and its range); any other failure RuntimeError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fstream>
#include <sstream>

#include "host/command_line.hpp"
#include "lab/experiment.hpp"

namespace py = pybind11;

namespace {

std::string run(const std::vector<std::string>& words, const std::vector<std::pair<std::string, std::string>>& files) {
  const attnlab::CommandParse parsed = attnlab::parseCommandLine(words, 0);
  if (!parsed.ok) throw py::value_error(parsed.error);
  const attnlab::CommandLine& c = parsed.command;
  if (c.kind != attnlab::CommandKind::Run)
    throw py::value_error("give an experiment id and its values, e.g. run('rank-beta', n=256)");
  std::vector<attnlab::ReadInput> inputs;
  for (const auto& [name, path] : files) {
    attnlab::ReadInput file{name, path, "", ""};
    std::ifstream in(path, std::ios::binary);
    if (!in)
      file.problem = attnlab::fileProblem(path, "missing", 0);
    else {
      std::ostringstream bytes;
      bytes << in.rdbuf();
      file.bytes = bytes.str();
    }
    inputs.push_back(std::move(file));
  }
  const attnlab::PreparedRun prepared = attnlab::prepareRun(c.id, c.params, "1e9", inputs);
  if (!prepared.ok) throw py::value_error(prepared.error);
  attnlab::Outcome out;
  {
    py::gil_scoped_release release;  // other Python threads run meanwhile
    out = attnlab::runExperiment(c.id, prepared.params, prepared.inputs, attnlab::Progress());
  }
  if (!out.ok) {
    if (out.badInput) throw py::value_error(out.error);
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
        "Runs `attnlab <words...>` and returns the result as JSON text.");
  m.def("schemas", &schemas, "Every experiment's schema as JSON text.");
}
