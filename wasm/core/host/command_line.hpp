// SPDX-License-Identifier: Apache-2.0
#pragma once
// The command line of every host: `attnlab ...` (native, wasm/cli) and `npm run lab -- ...` (Node, on the
// wasm build) parse their arguments, word their refusals, resolve the input files and judge the time
// budget here, so they give one verdict for one command. A host only reads and writes files, runs the
// jobs (in this thread or in workers) and prints.
//
// The flow of a run:  parseCommandLine -> the host reads each file of `files` (describing any it could not
// read with fileProblem) -> prepareRun (parses them, a head bundle's scale, the time budget) -> the host runs
// `params` on `inputs` and prints the result; `notes` go to stderr first.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lab/experiment.hpp"

namespace attnlab {

enum class CommandKind { Usage, Schema, Syntax, Help, Run, Plan, RunJob, Combine };

struct CommandLine {
  CommandKind kind = CommandKind::Usage;
  bool asked = false;  // Usage: --help asked for it (stdout, exit 0); otherwise it follows a bad call (stderr, exit 2)
  std::string id;
  Json params = Json::object();                            // key -> value, as text: the experiment validates
  std::vector<std::pair<std::string, std::string>> files;  // input name -> path, in the order given
  std::string maxSeconds;                                  // --max-seconds as given (kDefaultMaxSeconds)
  int pool = 0;                                            // --pool N; 0 when not given (the host's default)
  // plan | run-job | combine
  std::string jobsPath, output, missingDir, resultsDir, print;
  long index = -1;
  bool allowPartial = false;
};

struct CommandParse {
  bool ok = false;
  CommandLine command;
  std::string error;  // one line naming the argument (exit 2)
};

// args: everything after the program's name. maxPool: the cores --pool may ask for (0: this host runs in
// one thread and refuses --pool).
CommandParse parseCommandLine(const std::vector<std::string>& args, int maxPool);
// What `<program> --help` prints: every form of the command line and the experiments.
std::string commandUsage(const std::string& program, bool pool);
Json commandJson(const CommandLine& command);

// A file a host could not read, worded for every host: kind is "file" (a regular file: then only its size
// can be at fault), "missing" (it could not be opened), "directory", "FIFO", "character device",
// "block device", "socket" or "other". "" when the file may be read.
std::string fileProblem(const std::string& path, const std::string& kind, std::uint64_t sizeBytes);

// One input file of a run as its host read it: its bytes, or why it could not (fileProblem's words).
struct ReadInput {
  std::string name, path, bytes, problem;
};

struct PreparedRun {
  bool ok = false;
  bool badInput = true;  // when !ok
  std::string error;
  Json params = Json::object();    // the command's, plus a head bundle's scale when none was given
  Inputs inputs;                   // every file parsed by the one parser, bounded by the run's budget
  std::vector<std::string> notes;  // for stderr ("scale=0.25 from the head bundle h.json")
  int jobs = 1;                    // the plan's jobs (1 when it could not plan: the run names the fault)
};

// Parses the files, applies a head bundle's Q·K scale (two bundles of different scale are refused,
// naming both) and refuses a run the plan estimates above --max-seconds.
PreparedRun prepareRun(const std::string& id, const Json& params, const std::string& maxSeconds,
                       const std::vector<ReadInput>& files);
struct GivenInput;  // host/resolve_inputs.hpp
// The same on inputs a host already holds (a model's head stacks, host/model_run.hpp), `given` naming them.
PreparedRun prepareRunOn(const std::string& id, const Json& params, const std::string& maxSeconds, Inputs inputs,
                         const std::vector<GivenInput>& given);

// What a plan, run-job or combine command reads, for the hosts' check that its -o is none of it: a file (the
// jobs file) or a folder (combine's results, plan's --missing), every file of which is read. `what` names it.
struct CommandRead {
  std::string path;
  bool folder = false;
  std::string what;
};
std::vector<CommandRead> commandReads(const CommandLine& command);
// The refusal (exit 2) of an -o that would overwrite what the command reads, before anything is computed:
// `entry` is the file the output is (by device and inode, symlinks followed): the read file itself, a file of
// the read folder, or "" when the output is a new file inside the read folder.
std::string outputCollision(const CommandLine& command, const CommandRead& read, const std::string& entry);

// plan's output: one job line per job not done (or its --print KEY: strings bare, the rest as JSON).
std::string planOutput(const Json& lines, const Json& done, const std::string& print);
// One "attnlab: refused <file>: <reason>" line per refused shard of a check or merge.
std::string refusedLines(const Json& checked);
// combine's verdict on a merge of `jobs` jobs: the line for stderr ("" when complete) and the exit code
// (0, or kIncompleteExit when jobs are missing and partial results were not allowed).
constexpr int kIncompleteExit = 3;
std::pair<std::string, int> combineVerdict(const Json& merged, std::size_t jobs, const std::string& resultsDir,
                                           bool allowPartial);

}  // namespace attnlab
