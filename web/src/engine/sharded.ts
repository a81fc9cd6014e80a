// SPDX-License-Identifier: Apache-2.0
// plan | run-job | combine on the wasm build, the same files and verdicts as the native CLI's
// (wasm/cli/sharded.cpp): the command line, the job lines, the shards, the checked merge and every message
// are the core's (host/command_line.hpp, lab/sweep.hpp); this file reads and writes the files.
import { readFileSync } from 'node:fs';
import { CoreError, unwrap, type Command, type Core, type PlannedJob } from './core';
import { combineStudy, isStudyJobs, readStudyJobs, runStudyJob, type StudyLine } from './model-study-shards';
import { outputCollision, readBounded, resultFiles, writeOut } from './node-files';

type JobLine = PlannedJob & Record<string, unknown>;
const bad = (message: string) => new CoreError(message, true);

/** The job lines of --jobs, or the one job line on stdin (run-job without --jobs); a model study's, or a sweep's. */
function readJobs(core: Core, c: Command): { jobs: JobLine[]; study: false } | { jobs: StudyLine[]; study: true } {
  if (!c.jobsPath && c.kind === 'run-job')
    return {
      jobs: unwrap<JobLine[]>(core.module.sweepReadJobs(c.id, 'stdin', readFileSync(0, 'utf8').split('\n')[0])),
      study: false,
    };
  if (!c.jobsPath) throw bad(`${c.kind} needs --jobs jobs.jsonl`);
  const read = readBounded(core, c.jobsPath);
  if ('problem' in read) throw bad(`--jobs: ${read.problem}`);
  const text = Buffer.from(read.bytes).toString('utf8');
  if (isStudyJobs(core, text)) return { jobs: readStudyJobs(core, c.jobsPath, text), study: true };
  return { jobs: unwrap<JobLine[]>(core.module.sweepReadJobs(c.id, c.jobsPath, text)), study: false };
}

/** Runs a parsed plan, run-job or combine command; returns the exit code. */
export async function runSharded(
  core: Core,
  c: Command,
  stdout: (t: string) => void,
  stderr: (t: string) => void,
): Promise<number> {
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
  const read = readJobs(core, c);
  const jobs: (JobLine | StudyLine)[] = read.jobs;
  if (c.kind === 'run-job') {
    const index = c.jobsPath ? c.index : 0;
    if (index < 0 || index >= jobs.length) throw bad(`--index must be in [0, ${jobs.length - 1}] for ${c.jobsPath}`);
    if (read.study) {
      writeOut(c.output, await runStudyJob(core, read.jobs[index]), stdout);
      return 0;
    }
    const job = read.jobs[index];
    const result = core.runJob(c.id, { params: job.params, at: job.at });
    writeOut(
      c.output,
      `${JSON.stringify(unwrap(m.sweepShard(JSON.stringify(job), JSON.stringify(result))))}\n`,
      stdout,
    );
    return 0;
  }
  if (!c.resultsDir) throw bad('combine needs the results folder');
  const files = resultFiles(core, c.resultsDir);
  const merged = unwrap<{ result: unknown }>(
    read.study
      ? combineStudy(core, read.jobs, c.resultsDir, files)
      : m.sweepCombine(JSON.stringify(read.jobs), c.resultsDir, JSON.stringify(files)),
  );
  stderr(m.commandRefusedLines(JSON.stringify(merged)));
  const verdict = unwrap<{ line: string; exit: number }>(
    m.commandCombineVerdict(JSON.stringify(merged), jobs.length, c.resultsDir, c.allowPartial),
  );
  stderr(verdict.line);
  writeOut(c.output, `${JSON.stringify(merged.result)}\n`, stdout);
  return verdict.exit;
}
