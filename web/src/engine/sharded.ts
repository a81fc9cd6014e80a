// SPDX-License-Identifier: Apache-2.0
// plan | run-job | combine on the wasm build, the same files and verdicts as the native CLI's
// (wasm/cli/sharded.cpp): the command line, the job lines, the shards, the checked merge and every message
// are the core's (host/command_line.hpp, lab/sweep.hpp); this file reads and writes the files.
import { readFileSync } from 'node:fs';
import { CoreError, unwrap, type Command, type Core, type PlannedJob } from './core';
import { outputCollision, readBounded, resultFiles, writeOut } from './node-files';

type JobLine = PlannedJob & Record<string, unknown>;
const bad = (message: string) => new CoreError(message, true);

/** The job lines of --jobs, or the one job line on stdin (run-job without --jobs). */
function readJobs(core: Core, c: Command): JobLine[] {
  if (!c.jobsPath && c.kind === 'run-job')
    return unwrap<JobLine[]>(core.module.sweepReadJobs(c.id, 'stdin', readFileSync(0, 'utf8').split('\n')[0]));
  if (!c.jobsPath) throw bad(`${c.kind} needs --jobs jobs.jsonl`);
  const read = readBounded(core, c.jobsPath);
  if ('problem' in read) throw bad(`--jobs: ${read.problem}`);
  return unwrap<JobLine[]>(core.module.sweepReadJobs(c.id, c.jobsPath, Buffer.from(read.bytes).toString('utf8')));
}

/** Runs a parsed plan, run-job or combine command; returns the exit code. */
export function runSharded(core: Core, c: Command, stdout: (t: string) => void, stderr: (t: string) => void): number {
  const m = core.module;
  const collision = outputCollision(core, c);
  if (collision) throw bad(collision);
  if (c.kind === 'plan') {
    const lines = unwrap<JobLine[]>(m.sweepPlan(c.id, JSON.stringify(c.params)));
    let done: number[] = [];
    if (c.missingDir) {
      const checked = unwrap<{ done: number[] }>(
        m.sweepCheck(JSON.stringify(lines), c.missingDir, JSON.stringify(resultFiles(core, c.missingDir))),
      );
      stderr(m.commandRefusedLines(JSON.stringify(checked)));
      done = checked.done;
    }
    writeOut(c.output, m.commandPlanOutput(JSON.stringify(lines), JSON.stringify(done), c.print), stdout);
    return 0;
  }
  const jobs = readJobs(core, c);
  if (c.kind === 'run-job') {
    const index = c.jobsPath ? c.index : 0;
    if (index < 0 || index >= jobs.length) throw bad(`--index must be in [0, ${jobs.length - 1}] for ${c.jobsPath}`);
    const result = core.runJob(c.id, { params: jobs[index].params, at: jobs[index].at });
    writeOut(
      c.output,
      `${JSON.stringify(unwrap(m.sweepShard(JSON.stringify(jobs[index]), JSON.stringify(result))))}\n`,
      stdout,
    );
    return 0;
  }
  if (!c.resultsDir) throw bad('combine needs the results folder');
  const merged = unwrap<{ result: unknown }>(
    m.sweepCombine(JSON.stringify(jobs), c.resultsDir, JSON.stringify(resultFiles(core, c.resultsDir))),
  );
  stderr(m.commandRefusedLines(JSON.stringify(merged)));
  const verdict = unwrap<{ line: string; exit: number }>(
    m.commandCombineVerdict(JSON.stringify(merged), jobs.length, c.resultsDir, c.allowPartial),
  );
  stderr(verdict.line);
  writeOut(c.output, `${JSON.stringify(merged.result)}\n`, stdout);
  return verdict.exit;
}
