// SPDX-License-Identifier: Apache-2.0
// A sweep in shards, for every host (native CLI, headless runner): the job lines of a plan, the file
// each job writes (a shard), and the merge that checks every shard before it counts. The hosts only
// list folders and read files (never blocking: a FIFO is reported, not read); every verdict is here.
//
// A job line: {app, experiment, plan, index, jobs, params, at, seed, stream, estimatedBytes, estimatedSeconds}
// A shard:    {app, experiment, plan, index, params, at, seed, stream, result}
// `plan` is the hash of (app, experiment, validated parameters, every job's coordinates): a shard or a
// jobs file of another sweep is recognised by it. `stream` is the job's random stream (its at.stream,
// null when the experiment derives it from the coordinates alone).
#pragma once
#include <string>

#include "lab/experiment.hpp"

namespace attnlab {

// The sweep's identity: 16 hex digits of FNV-1a 64 over the version, the experiment, the parameters
// after validation (so argument order and spelled-out defaults do not matter) and the jobs' coordinates.
std::string planHash(const std::string& id, const Json& params);

// value: the job lines of a plan, in order.
Outcome planSweep(const std::string& id, const Json& params);

// value: the job lines of a jobs file, checked: this experiment and version, indices 0, 1, ... in
// order, and the coordinates and hash a fresh plan of their parameters gives (an edited line is refused).
Outcome readSweepJobs(const std::string& id, const std::string& fileName, const std::string& text);

// value: one job line given alone (on stdin), checked as readSweepJobs checks each line of a file.
Outcome readSweepJob(const std::string& id, const std::string& text);

// The file job `line` writes when it finished with `result`.
Json shardOf(const Json& line, const Json& result);

// The job index of a canonical result file name: "7.json" -> 7; -1 for "07.json", "7.JSON", "7.json.bak".
long shardIndex(const std::string& name);

// Why `text` is not job `line`'s result, "" when it is: not JSON (truncated), another experiment, version,
// plan, index or job (coordinates, parameters, seed, stream), no result or a null one, a result of another
// shape, a number that is not finite, or a value outside the experiment's invariants (its checkJobResult).
std::string shardProblem(const Json& line, const std::string& text);

// Checks a results folder. files: [{"name": "7.json", "text": "..."} | {"name": "8.json", "error": "a FIFO, ..."}],
// every entry of the folder except *.tmp (interrupted writes). A name that is not <index>.json of this
// sweep is bad input (the folder holds something else). value: {"done": [indices], "missing": [indices],
// "refused": [{"file": "<folder>/7.json", "index": 7, "reason": "..."}]} (refused jobs are missing too).
Outcome checkShards(const Json& jobs, const std::string& folder, const Json& files);

// checkShards, then the merge of the valid shards: value {"result": ..., "missing": [...], "refused": [...],
// "done": k, "total": n}. With missing jobs the result carries "partial": {"done", "total", "missing"}.
Outcome combineSweep(const Json& jobs, const std::string& folder, const Json& files);

}  // namespace attnlab
