// SPDX-License-Identifier: Apache-2.0
// The experiment contract on the command line, for engines that schedule jobs (GNU parallel, Slurm):
//   attnlab plan <id> key=value ... [-o jobs.jsonl] [--missing results/] [--print KEY]
//   attnlab run-job <id> --jobs jobs.jsonl --index I [-o results/I.json]     (or one job line on stdin)
//   attnlab combine <id> --jobs jobs.jsonl results/ [-o result.json] [--allow-partial]
// A job line carries the app version, the experiment, the plan's hash, its index, the user's parameters,
// the job's coordinates, seed and stream; a result file (a shard) repeats them, and combine checks every
// shard against its job and the experiment's invariants (lab/sweep.hpp, shared with the headless
// runner). Combining gives exactly the JSON a one-process run prints. Exit 2 on bad input, 1 on failure,
// 3 when combine is missing jobs (the result is written, marked "partial"; exit 0 with --allow-partial).
#pragma once

#include "host/command_line.hpp"

namespace attnlab::cli {

// A parsed plan, run-job or combine command (attnlab::parseCommandLine); returns the exit code.
int runSharded(const CommandLine& command);

}  // namespace attnlab::cli
