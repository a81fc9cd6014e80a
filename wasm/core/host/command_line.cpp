// SPDX-License-Identifier: Apache-2.0
// Parsing the command line of every host (host/command_line.hpp): the forms, the options and the rule
// that tells a file from a parameter.
#include "host/command_line.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "lab/time_budget.hpp"

namespace attnlab {
namespace {

bool takes(const std::vector<ParamDecl>& params, const std::string& key) {
  return std::any_of(params.begin(), params.end(), [&](const ParamDecl& p) { return p.key == key; });
}

// key=value names a file when key is an input; when key is also a parameter (rmt-*'s R), only when the
// value ends in one of the input's formats, in any case (R=my.csv and R=R.CSV are files, R=prefix:3 is not).
bool isFile(const Experiment& e, const std::string& key, const std::string& value) {
  std::string lower = value;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const InputRule& rule : e.inputs) {
    if (rule.name != key) continue;
    if (!takes(e.params, key)) return true;
    for (const std::string& format : rule.formats)
      if (lower.size() > format.size() + 1 &&
          lower.compare(lower.size() - format.size() - 1, std::string::npos, "." + format) == 0)
        return true;
  }
  return false;
}

std::string knownExperiments() {
  std::string list;
  for (const Experiment& e : experiments()) list += (list.empty() ? "" : ", ") + e.id;
  return list;
}

struct Refusal {
  std::string message;
};

// The options given so far: each may be given once, as each parameter may.
using Seen = std::set<std::string>;

void once(Seen& seen, const std::string& name) {
  if (!seen.insert(name).second) throw Refusal{name + " is given twice: give each option once"};
}

// The value of an option given as "--name value" or "--name=value".
bool option(const std::vector<std::string>& args, std::size_t& i, const std::string& name, std::string& value,
            Seen& seen) {
  const std::string& arg = args[i];
  if (arg.rfind(name + "=", 0) == 0) {
    once(seen, name);
    value = arg.substr(name.size() + 1);
    return true;
  }
  if (arg != name) return false;
  once(seen, name);
  if (i + 1 >= args.size()) throw Refusal{name + " needs a value"};
  value = args[++i];
  return true;
}

bool allDigits(const std::string& text, std::size_t most) {
  return !text.empty() && text.size() <= most && text.find_first_not_of("0123456789") == std::string::npos;
}

// A parameter or file key given twice is refused. `seen` holds the keys (and options) given so far: a set, since
// ordered_json's contains() and operator[] search its keys one by one (40,000 words took 9 s, 200,000 minutes).
void refuseRepeat(Seen& seen, const std::string& key) {
  if (!seen.insert(key).second) throw Refusal{key + " is given twice: give each parameter once"};
}

void addParam(CommandLine& c, Seen& seen, const std::string& key, const std::string& value) {
  refuseRepeat(seen, key);
  c.params.get_ref<Json::object_t&>().emplace_back(key, value);  // a new key: appended without a search
}

// attnlab <id> key=value ... [<input>=<file>] [--pool N] [--max-seconds S] [--help]
void parseRun(const std::vector<std::string>& args, int maxPool, CommandLine& c) {
  const Experiment& e = *findExperiment(c.id);
  Seen seen;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    std::string value;
    if (arg == "--help" || arg == "-h") {
      c.kind = CommandKind::Help;
      return;
    }
    if (option(args, i, "--pool", value, seen)) {
      if (maxPool < 1)
        throw Refusal{"--pool: this program runs in one thread (npm run lab -- ... --pool N runs in workers)"};
      if (!allDigits(value, 4) || std::stoi(value) < 1 || std::stoi(value) > maxPool)
        throw Refusal{"--pool must be an integer in [1, " + std::to_string(maxPool) +
                      "] (the cores of this machine), got " + quoteValue(value)};
      c.pool = std::stoi(value);
    } else if (option(args, i, "--max-seconds", value, seen)) {
      if (const std::string bad = maxSecondsProblem(value); !bad.empty()) throw Refusal{bad};
      c.maxSeconds = value;
    } else {
      const auto eq = arg.find('=');
      if (eq == std::string::npos || eq == 0) throw Refusal{"expected key=value, got " + quoteValue(arg)};
      std::string key = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      if (key == "upload" && e.inputs.size() == 1) key = e.inputs[0].name;  // the old spelling of the only input
      if (isFile(e, key, value)) {
        refuseRepeat(seen, key);
        c.files.emplace_back(key, value);
      } else {
        addParam(c, seen, key, value);
      }
    }
  }
}

// attnlab plan|run-job|combine <id> [key=value ...] [-o F] [--jobs F] [--index I] [--missing D] [--print K]
// [--allow-partial] [results/]
void parseSharded(const std::vector<std::string>& args, CommandLine& c) {
  const std::string& command = args[0];
  Seen seen;
  for (std::size_t i = 2; i < args.size(); ++i) {
    const std::string& arg = args[i];
    std::string value;
    if (option(args, i, "-o", value, seen))
      c.output = value;
    else if (option(args, i, "--jobs", value, seen))
      c.jobsPath = value;
    else if (option(args, i, "--missing", value, seen))
      c.missingDir = value;
    else if (command == "plan" && option(args, i, "--print", value, seen))
      c.print = value;
    else if (command == "combine" && arg == "--allow-partial") {
      once(seen, arg);
      c.allowPartial = true;
    } else if (option(args, i, "--index", value, seen)) {
      if (!allDigits(value, 9)) throw Refusal{"--index must be a job index (0, 1, ...), got " + quoteValue(value)};
      c.index = std::stol(value);
    } else if (arg.find('=') != std::string::npos && arg.find('=') > 0 && arg[0] != '-') {
      addParam(c, seen, arg.substr(0, arg.find('=')), arg.substr(arg.find('=') + 1));
    } else if (command == "combine" && c.resultsDir.empty() && arg[0] != '-') {
      c.resultsDir = arg;
    } else {
      throw Refusal{"unexpected argument " + quoteValue(arg)};
    }
  }
}

const char* kindName(CommandKind kind) {
  switch (kind) {
    case CommandKind::Usage:
      return "usage";
    case CommandKind::Schema:
      return "schema";
    case CommandKind::Syntax:
      return "syntax";
    case CommandKind::Help:
      return "help";
    case CommandKind::Run:
      return "run";
    case CommandKind::Plan:
      return "plan";
    case CommandKind::RunJob:
      return "run-job";
    case CommandKind::Combine:
      return "combine";
  }
  return "usage";
}

}  // namespace

CommandParse parseCommandLine(const std::vector<std::string>& args, int maxPool) {
  CommandParse out;
  CommandLine& c = out.command;
  c.maxSeconds = kDefaultMaxSeconds;
  try {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
      c.asked = !args.empty();
      out.ok = true;
      return out;
    }
    const std::string& first = args[0];
    if (first == "--schema" || first == "--syntax") {
      if (args.size() > 1) throw Refusal{first + " takes no argument, got " + quoteValue(args[1])};
      c.kind = first == "--schema" ? CommandKind::Schema : CommandKind::Syntax;
      out.ok = true;
      return out;
    }
    const bool sharded = first == "plan" || first == "run-job" || first == "combine";
    if (sharded) {
      c.kind = first == "plan" ? CommandKind::Plan : first == "run-job" ? CommandKind::RunJob : CommandKind::Combine;
      if (args.size() < 2) throw Refusal{first + " needs an experiment id"};
    } else {
      c.kind = CommandKind::Run;
    }
    c.id = args[sharded ? 1 : 0];
    if (!sharded && c.id.rfind("-", 0) == 0) throw Refusal{"expected an experiment id first, got " + quoteValue(c.id)};
    if (!findExperiment(c.id))
      throw Refusal{"unknown experiment " + quoteValue(c.id) + " (known: " + knownExperiments() + ")"};
    if (sharded)
      parseSharded(args, c);
    else
      parseRun(args, maxPool, c);
    out.ok = true;
  } catch (const Refusal& r) {
    out.error = r.message;
  }
  return out;
}

std::string commandUsage(const std::string& program, bool pool) {
  const std::string p = program;
  std::string text = "usage: " + p + " <experiment-id> [key=value ...] [<input>=<file.csv|file.npy|file.json>]" +
                     (pool ? " [--pool N]" : "") + " [--max-seconds S]\n";
  const std::string pad(7, ' ');  // under "usage: "
  text += pad + p + " <experiment-id> --help    parameters, defaults, ranges and inputs\n";
  text += pad + p + " --schema                  every experiment's schema as JSON\n";
  text += pad + p + " --syntax                  the syntax of numbers and text values, as JSON\n";
  text += pad + p + " plan <experiment-id> [key=value ...] [-o jobs.jsonl] [--missing results/] [--print KEY]\n";
  text += pad + p + " run-job <experiment-id> --jobs jobs.jsonl --index I [-o results/I.json]\n";
  text += pad + p + " combine <experiment-id> --jobs jobs.jsonl results/ [-o result.json] [--allow-partial]\n";
  text += "experiments: " + knownExperiments() + "\n";
  return text;
}

std::vector<CommandRead> commandReads(const CommandLine& c) {
  std::vector<CommandRead> reads;
  if (!c.jobsPath.empty()) reads.push_back({c.jobsPath, false, "the jobs file (--jobs)"});
  if (c.kind == CommandKind::Combine && !c.resultsDir.empty())
    reads.push_back({c.resultsDir, true, "the results folder"});
  if (c.kind == CommandKind::Plan && !c.missingDir.empty())
    reads.push_back({c.missingDir, true, "the results folder (--missing)"});
  return reads;
}

std::string outputCollision(const CommandLine& c, const CommandRead& read, const std::string& entry) {
  const std::string head = "-o " + quoteValue(c.output) + " ";
  if (!read.folder)
    return head + "is " + read.what + " " + quoteValue(read.path) +
           " that this command reads: writing it would replace it; give -o another file";
  if (entry.empty())
    return head + "is inside " + read.what + " " + quoteValue(read.path) +
           " that this command reads, where only result files of the sweep may be: give -o a file outside it";
  return head + "is " + quoteValue(entry) + ", a file of " + read.what + " " + quoteValue(read.path) +
         " that this command reads: writing it would replace that file; give -o a file outside the folder";
}

Json commandJson(const CommandLine& c) {
  Json files = Json::array();
  for (const auto& [name, path] : c.files) files.push_back(Json::array({name, path}));
  return {{"kind", kindName(c.kind)},
          {"asked", c.asked},
          {"id", c.id},
          {"params", c.params},
          {"files", files},
          {"maxSeconds", c.maxSeconds},
          {"pool", c.pool},
          {"jobsPath", c.jobsPath},
          {"output", c.output},
          {"missingDir", c.missingDir},
          {"resultsDir", c.resultsDir},
          {"print", c.print},
          {"index", c.index},
          {"allowPartial", c.allowPartial}};
}

}  // namespace attnlab
