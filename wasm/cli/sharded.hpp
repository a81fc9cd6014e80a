// The experiment contract on the command line, for engines that schedule jobs (GNU parallel, Slurm):
//   attnlab plan <id> key=value ... [-o jobs.jsonl] [--missing results/]
//   attnlab run-job <id> --jobs jobs.jsonl --index I [-o results/I.json]     (or one job line on stdin)
//   attnlab combine <id> --jobs jobs.jsonl results/ [-o result.json]
// A job line carries the app version, the experiment, its index, the user's parameters and the job's
// coordinates; a result file repeats them, so results from another experiment, version or sweep are
// refused. Combining gives exactly the JSON a one-process run prints. Exit 2 on bad input, 1 on failure.
#pragma once

namespace attnlab::cli {

// argv[1] is "plan", "run-job" or "combine"; returns the exit code.
int runSharded(int argc, char** argv);

}  // namespace attnlab::cli
