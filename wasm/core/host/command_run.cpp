// SPDX-License-Identifier: Apache-2.0
// After a command line is parsed (host/command_line.hpp): the words for a file a host could not read,
// a run's input files resolved and its time budget judged, and the output of plan and combine.
#include <algorithm>

#include "host/command_line.hpp"
#include "host/resolve_inputs.hpp"
#include "lab/time_budget.hpp"

namespace attnlab {
namespace {

std::string quotedPath(const std::string& path) { return "'" + path + "'"; }

}  // namespace

std::string fileProblem(const std::string& path, const std::string& kind, std::uint64_t sizeBytes) {
  if (kind == "missing") return "cannot open " + quotedPath(path);
  if (kind == "file") {
    if (sizeBytes <= kInputFileLimitBytes) return "";
    return quotedPath(path) + " holds " + std::to_string(sizeBytes) + " bytes, above the limit of " +
           std::to_string(kInputFileLimitBytes) + " for input files";
  }
  static const char* const kKinds[] = {"directory", "FIFO", "character device", "block device", "socket"};
  const bool named = std::find(std::begin(kKinds), std::end(kKinds), kind) != std::end(kKinds);
  return quotedPath(path) + " is " + (named ? "a " + kind : std::string("not a plain file")) + ", not a regular file";
}

PreparedRun prepareRun(const std::string& id, const Json& params, const std::string& maxSeconds,
                       const std::vector<ReadInput>& files) {
  PreparedRun run;
  run.params = params;
  const Experiment* e = findExperiment(id);
  if (!e) {
    run.error = "unknown experiment " + quoteValue(id);
    return run;
  }
  double budget = 0;
  try {  // the parameters are checked before any file is parsed: the budget bounds the parse
    budget = validate(e->params, params).budgetBytes();
  } catch (const std::exception& bad) {
    run.error = bad.what();
    return run;
  }
  std::vector<GivenInput> given;
  for (const ReadInput& file : files) {
    if (!file.problem.empty()) {
      run.error = file.name + ": " + file.problem;
      return run;
    }
    const ParseOutcome parsed = parseExperimentInput(id, file.name, file.path, file.bytes, budget);
    if (!parsed.ok) {
      run.error = parsed.error;
      return run;
    }
    run.inputs[file.name] = parsed.array;
    given.push_back({file.name, file.path, parsed.bundleScale});
  }
  return prepareRunOn(id, params, maxSeconds, std::move(run.inputs), given);
}

PreparedRun prepareRunOn(const std::string& id, const Json& params, const std::string& maxSeconds, Inputs inputs,
                         const std::vector<GivenInput>& given) {
  PreparedRun run;
  run.inputs = std::move(inputs);
  const Experiment* e = findExperiment(id);
  if (!e) {
    run.error = "unknown experiment " + quoteValue(id);
    return run;
  }
  ResolvedInputs resolved = resolveInputs(*e, params, given);
  if (!resolved.ok) {
    run.error = std::move(resolved.error);
    return run;
  }
  run.params = std::move(resolved.params);
  run.notes = std::move(resolved.notes);
  // The time budget, before anything runs: the plan's estimate (bad parameters are left for the run to name).
  const Outcome plan = planExperiment(id, run.params, run.inputs);
  if (plan.ok) {
    run.jobs = static_cast<int>(plan.value.at("jobs").size());
    if (plan.value["estimatedSeconds"].is_number())
      if (std::string over = overTimeBudget(plan.value["estimatedSeconds"].get<double>(), maxSeconds); !over.empty()) {
        run.error = std::move(over);
        return run;
      }
  }
  run.ok = true;
  return run;
}

std::string planOutput(const Json& lines, const Json& done, const std::string& print) {
  std::vector<bool> skip(lines.size(), false);
  for (const Json& i : done)
    if (i.is_number_integer() && i.get<long long>() >= 0 && i.get<unsigned long long>() < skip.size())
      skip[i.get<std::size_t>()] = true;
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (skip[i]) continue;
    if (print.empty()) {
      out += lines[i].dump() + "\n";
    } else {
      const Json value = lines[i].value(print, Json());
      out += (value.is_string() ? value.get<std::string>() : value.dump()) + "\n";
    }
  }
  return out;
}

std::string refusedLines(const Json& checked) {
  std::string out;
  for (const Json& r : checked.value("refused", Json::array()))
    out += "attnlab: refused " + r.at("file").get<std::string>() + ": " + r.at("reason").get<std::string>() + "\n";
  return out;
}

std::pair<std::string, int> combineVerdict(const Json& merged, std::size_t jobs, const std::string& resultsDir,
                                           bool allowPartial) {
  const Json& missing = merged.at("missing");
  if (missing.empty()) return {"", 0};
  std::string list;
  for (std::size_t k = 0; k < missing.size() && k < 20; ++k) list += (k ? " " : "") + missing[k].dump();
  if (missing.size() > 20) list += " ...";
  const std::string line = "attnlab: combined " + merged.at("done").dump() + " of " + std::to_string(jobs) +
                           " jobs; missing: " + list + " (run them: attnlab plan ... --missing " + resultsDir + ")" +
                           (allowPartial ? "" : "; the result is partial") + "\n";
  return {line, allowPartial ? 0 : kIncompleteExit};
}

}  // namespace attnlab
