// SPDX-License-Identifier: Apache-2.0
// Embind surface of the command line (host/command_line.hpp) for `npm run lab`: the same parse, file
// words, input resolution, time budget and sweep output as the native CLI's. JSON strings in; envelopes out.
#include <emscripten/bind.h>

#include "host/command_line.hpp"
#include "lab/value_syntax.hpp"
#include "convert.hpp"

using namespace attnlab;
using namespace attnlab::bindings;
using emscripten::val;

namespace {

// A command line's refusals are the user's input at fault (exit 2).
Outcome refused(const std::string& error) { return failed(error, true); }

// argsText: the arguments after the program, as a JSON array of strings.
std::string commandParse(const std::string& argsText, int maxPool) {
  Json args;
  std::string error;
  if (!parseJson(argsText, args, error) || !args.is_array())
    return envelope(refused("malformed arguments passed to the core"));
  std::vector<std::string> list;
  for (const Json& a : args) list.push_back(a.is_string() ? a.get<std::string>() : a.dump());
  const CommandParse parsed = parseCommandLine(list, maxPool);
  return envelope(parsed.ok ? succeeded(commandJson(parsed.command)) : refused(parsed.error));
}

// The fields of a parsed command (commandParse's value) that say what it reads and writes.
CommandLine readsOf(const std::string& commandText) {
  CommandLine c;
  Json j;
  std::string error;
  if (!parseJson(commandText, j, error) || !j.is_object()) return c;
  const std::string kind = j.value("kind", "");
  c.kind = kind == "plan"      ? CommandKind::Plan
           : kind == "combine" ? CommandKind::Combine
           : kind == "run-job" ? CommandKind::RunJob
                               : CommandKind::Run;
  c.output = j.value("output", "");
  c.jobsPath = j.value("jobsPath", "");
  c.resultsDir = j.value("resultsDir", "");
  c.missingDir = j.value("missingDir", "");
  return c;
}

// [{path, folder, what}]: what the command reads (attnlab::commandReads).
std::string commandReadsText(const std::string& commandText) {
  Json out = Json::array();
  for (const CommandRead& r : commandReads(readsOf(commandText)))
    out.push_back({{"path", r.path}, {"folder", r.folder}, {"what", r.what}});
  return out.dump();
}

std::string commandOutputCollision(const std::string& commandText, int readIndex, const std::string& entry) {
  const CommandLine c = readsOf(commandText);
  const std::vector<CommandRead> reads = commandReads(c);
  if (readIndex < 0 || readIndex >= static_cast<int>(reads.size())) return "";
  return outputCollision(c, reads[readIndex], entry);
}

// `--syntax`: the syntax of numbers and text values (valueSyntaxJson), as JSON text.
std::string commandSyntax() { return valueSyntaxJson().dump(2); }

std::string commandFileProblem(const std::string& path, const std::string& kind, double sizeBytes) {
  return fileProblem(path, kind, sizeBytes > 0 ? static_cast<std::uint64_t>(sizeBytes) : 0);
}

// files: [{name, path, bytes?: Uint8Array, problem?: string}]. Returns {ok, error?, badInput?, params (JSON
// text), inputs: {name: {shape, sparse, values}}, notes: string[], jobs}.
val commandPrepare(const std::string& id, const std::string& paramsText, const std::string& maxSeconds, val files) {
  Json params;
  std::string error;
  val out = val::object();
  if (!parseJson(paramsText, params, error)) {
    out.set("ok", false);
    out.set("error", error);
    return out;
  }
  std::vector<ReadInput> read;
  const int count = files["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const val f = files[i];
    ReadInput file{f["name"].as<std::string>(), f["path"].as<std::string>(), toBytes(f["bytes"]), ""};
    if (!f["problem"].isUndefined()) file.problem = f["problem"].as<std::string>();
    read.push_back(std::move(file));
  }
  const PreparedRun run = prepareRun(id, params, maxSeconds, read);
  out.set("ok", run.ok);
  if (!run.ok) {
    out.set("error", run.error);
    out.set("badInput", run.badInput);
    return out;
  }
  out.set("params", run.params.dump());
  val inputs = val::object();
  for (const auto& [name, array] : run.inputs) inputs.set(name, fromInput(array));
  out.set("inputs", inputs);
  val notes = val::array();
  for (const std::string& note : run.notes) notes.call<void>("push", note);
  out.set("notes", notes);
  out.set("jobs", run.jobs);
  return out;
}

std::string commandPlanOutput(const std::string& linesText, const std::string& doneText, const std::string& print) {
  Json lines, done;
  std::string error;
  if (!parseJson(linesText, lines, error) || !parseJson(doneText, done, error)) return "";
  return planOutput(lines, done, print);
}

std::string commandRefusedLines(const std::string& checkedText) {
  Json checked;
  std::string error;
  return parseJson(checkedText, checked, error) ? refusedLines(checked) : "";
}

// {"line": text for stderr, "exit": code}
std::string commandCombineVerdict(const std::string& mergedText, double jobs, const std::string& resultsDir,
                                  bool allowPartial) {
  Json merged;
  std::string error;
  if (!parseJson(mergedText, merged, error)) return envelope(refused(error));
  const auto [line, code] = combineVerdict(merged, static_cast<std::size_t>(jobs), resultsDir, allowPartial);
  return envelope(succeeded({{"line", line}, {"exit", code}}));
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_command_line) {
  emscripten::function("commandParse", &commandParse);
  emscripten::function("commandUsage", &commandUsage);
  emscripten::function("commandSyntax", &commandSyntax);
  emscripten::function("commandFileProblem", &commandFileProblem);
  emscripten::function("commandReads", &commandReadsText);
  emscripten::function("commandOutputCollision", &commandOutputCollision);
  emscripten::function("commandPrepare", &commandPrepare);
  emscripten::function("commandPlanOutput", &commandPlanOutput);
  emscripten::function("commandRefusedLines", &commandRefusedLines);
  emscripten::function("commandCombineVerdict", &commandCombineVerdict);
}
