// SPDX-License-Identifier: Apache-2.0
// The npm library's run in the calling thread (web/src/engine/library-run.ts, what a browser uses): the jobs through
// Core.runJobs give Core.run's result; an abort stops at the core's next step keeping the jobs finished by then; an
// onProgress that throws ends the run with its own error. (Node's worker_thread run: npm-package.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { CoreError, type Core, type PlannedJob } from '../../web/src/engine/core';
import { JobsStopped, runJobsHere } from '../../web/src/engine/library-run';
import { loadCoreNode } from '../../web/src/engine/load-node';

const params = { betas: '1,2,4', n: 32, seed: 3 };
let core: Core;
let jobs: PlannedJob[];

beforeAll(async () => {
  core = await loadCoreNode();
  jobs = core.plan('rank-beta', params).jobs;
});

/** The run's end when it did not finish: the JobsStopped it threw. */
function stoppedBy(run: () => unknown): JobsStopped {
  try {
    run();
  } catch (error) {
    if (error instanceof JobsStopped) return error;
    throw error;
  }
  throw new Error('the run finished');
}

describe('the library run in this thread', () => {
  it("gives Core.run's result, its progress a fraction of all the jobs", () => {
    expect(jobs.length).toBe(3);
    const fractions: number[] = [];
    const finished = runJobsHere(core, { id: 'rank-beta', jobs, onProgress: (f) => fractions.push(f) });
    expect(core.resultOf('rank-beta', params, false, finished)).toEqual(core.run('rank-beta', params));
    expect(fractions.every((f, i) => f >= 0 && f <= 1 && f >= (fractions[i - 1] ?? 0))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });

  it('an abort stops it at the next step, keeping the jobs finished by then', () => {
    const stop = new AbortController();
    const onProgress = (f: number) => f > 1 / 3 && stop.abort(); // within the second job
    const stopped = stoppedBy(() => runJobsHere(core, { id: 'rank-beta', jobs, onProgress, signal: stop.signal }));
    expect(stopped.cause).toBeInstanceOf(CoreError);
    expect((stopped.cause as CoreError).stopped).toBe(true);
    expect(stopped.finished.map((j) => j.index)).toEqual([0]);
  });

  it('an onProgress that throws ends it with its own error', () => {
    const mine = new Error('my progress bar broke');
    const onProgress = () => {
      throw mine;
    };
    expect(stoppedBy(() => runJobsHere(core, { id: 'rank-beta', jobs, onProgress })).cause).toBe(mine);
  });
});
