// SPDX-License-Identifier: Apache-2.0
// The pool/runner protocol (web/src/engine/pool.ts): jobs spread over runners, partial results,
// monotone progress, stop, errors. Scripted runners make timing deterministic; the real wasm in node
// worker_threads is pool-wasm.test.ts.
import { describe, expect, it } from 'vitest';
import { CoreError, type FinishedJob, type Inputs, type Params, type PlannedJob } from '../../web/src/engine/core';
import { PARTIAL_TIMING, Pool, type Runner } from '../../web/src/engine/pool';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/**
 * A fake experiment "sum": plan splits {count} into that many jobs; job k reports progress in
 * `steps` async steps and returns {k, squared: k*k, runner}; combine sums what is finished.
 * Job `failAt` throws a CoreError. Every runner logs which jobs it ran.
 */
interface Scripted {
  sum: { jobs: number[]; sum: number };
}

class ScriptedRunners {
  ran: number[][] = [];
  spawned = 0;
  terminated = 0;
  /** Per runner: how many times the run's inputs were sent to it. */
  inputsSent: number[] = [];
  combined = 0;
  /** How many times any runner was asked for a plan. */
  plans = 0;
  /** The experiments each runner was asked to load a core for ahead of its first call (prepare). */
  prepared: string[][] = [];
  constructor(
    private readonly steps = 3,
    private readonly failAt = -1,
    private readonly singleJob = false,
  ) {}

  factory = (): Runner<Scripted> => {
    const me = this.spawned++;
    this.ran[me] = [];
    this.inputsSent[me] = 0;
    this.prepared[me] = [];
    let dead = false;
    let inputs: Inputs | undefined;
    return {
      prepare: (id) => {
        this.prepared[me].push(id);
      },
      setInputs: async (given) => {
        inputs = given;
        this.inputsSent[me]++;
      },
      plan: async (_id: string, params: Params) => (
        this.plans++,
        {
          jobs: Array.from({ length: Number(params.count) }, (_, k) => ({ params, at: { k } })),
          singleJob: this.singleJob,
          estimatedBytes: null,
          estimatedSeconds: null,
        }
      ),
      runJob: async (_id: string, job: PlannedJob, onProgress?: (d: number, t: number, label: string) => void) => {
        const k = Number(job.at.k);
        this.ran[me].push(k);
        for (let s = 1; s <= this.steps; s++) {
          await tick();
          if (dead) return new Promise<never>(() => undefined); // a terminated worker never answers
          onProgress?.(s, this.steps, `step ${s} of job ${k}`);
        }
        if (inputs && k === 0) return { k, squared: inputs.x.values[0], runner: me };
        if (k === this.failAt) throw new CoreError(`job ${k}: k must not be ${k}`);
        return { k, squared: k * k, runner: me };
      },
      combine: async (_id: string, _params: Params, finished: FinishedJob[]) => {
        this.combined++;
        return {
          jobs: finished.map((f) => f.index),
          sum: finished.reduce((a, f) => a + (f.result as { squared: number }).squared, 0),
        };
      },
      terminate: () => {
        dead = true;
        this.terminated++;
      },
    };
  };
}

describe('Pool with scripted runners', () => {
  it('spreads jobs over all runners and combines every job in order', async () => {
    const runners = new ScriptedRunners();
    const pool = new Pool(runners.factory, 3);
    const result = await pool.run('sum', { count: 12 });
    expect(result).toEqual({ jobs: [...Array(12).keys()], sum: [...Array(12).keys()].reduce((a, k) => a + k * k, 0) });
    expect(runners.spawned).toBe(3);
    expect(runners.ran.every((jobs) => jobs.length >= 3)).toBe(true);
    expect(runners.ran.flat().sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });

  it('never spawns more runners than jobs', async () => {
    const runners = new ScriptedRunners();
    await new Pool(runners.factory, 8).run('sum', { count: 2 });
    expect(runners.spawned).toBe(2);
  });

  it('prepare starts the runners a run will use, each loading the core, and the run then reuses them', async () => {
    const sweep = new ScriptedRunners();
    const pool = new Pool(sweep.factory, 3);
    pool.prepare('sum', true);
    expect(sweep.spawned).toBe(3);
    expect(sweep.prepared).toEqual([['sum'], ['sum'], ['sum']]);
    expect((await pool.run('sum', { count: 6 }, { sweep: true })).sum).toBe(55);
    expect(sweep.spawned).toBe(3); // no new runner
    const single = new ScriptedRunners();
    new Pool(single.factory, 3).prepare('sum', false);
    expect(single.spawned).toBe(1);
    expect(single.prepared).toEqual([['sum']]);
  });

  it('a sweep starts every runner while the first one plans; a single job never does', async () => {
    const sweep = new ScriptedRunners();
    const pool = new Pool(sweep.factory, 3);
    const planned = pool.plan('sum', { count: 6 }, true);
    expect(sweep.spawned).toBe(3); // before the plan has answered
    // the two others load the experiment's core (its group's module) while the first plans
    expect(sweep.prepared.flat()).toEqual(['sum', 'sum']);
    expect((await planned).jobs).toHaveLength(6);
    const run = new ScriptedRunners();
    const result = new Pool(run.factory, 3).run('sum', { count: 6 }, { sweep: true });
    expect(run.spawned).toBe(3);
    expect((await result).sum).toBe(55);
    const single = new ScriptedRunners();
    await new Pool(single.factory, 3).plan('sum', { count: 6 });
    await new Pool(single.factory, 3).run('sum', { count: 1 });
    expect(single.spawned).toBe(2); // one runner per pool: plan and the one job
  });

  it(
    'a run right after plan() with the same parameters and no inputs uses ' + 'that plan; other runs plan again',
    async () => {
      const runners = new ScriptedRunners(1);
      const pool = new Pool(runners.factory, 2);
      await pool.plan('sum', { count: 4 });
      expect((await pool.run('sum', { count: 4 })).sum).toBe(0 + 1 + 4 + 9);
      expect(runners.plans).toBe(1);
      expect((await pool.run('sum', { count: 3 })).sum).toBe(0 + 1 + 4); // other parameters
      expect(runners.plans).toBe(2);
      const inputs: Inputs = { x: { shape: [1], sparse: false, values: new Float64Array([7]) } };
      await pool.plan('sum', { count: 2 });
      expect((await pool.run('sum', { count: 2 }, { inputs })).sum).toBe(7 + 1); // inputs: planned with them
      expect(runners.plans).toBe(4);
      await pool.plan('sum', { count: 2 });
      pool.stop();
      await pool.run('sum', { count: 2 }); // new runners after stop: planned again
      expect(runners.plans).toBe(6);
    },
  );

  it('reports partial results that grow, and progress that never decreases and ends at 1', async () => {
    // a partial result after every job
    const pool = new Pool(new ScriptedRunners(4).factory, 2, { firstMs: 0, intervalMs: 0 });
    const partial: { jobs: number[]; finished: number; total: number }[] = [];
    const progress: number[] = [];
    await pool.run(
      'sum',
      { count: 6 },
      {
        onPartial: (r, finished, total) => partial.push({ jobs: r.jobs, finished, total }),
        onProgress: (f) => progress.push(f),
      },
    );
    expect(partial.length).toBeGreaterThan(0);
    for (const p of partial) {
      expect(p.total).toBe(6);
      expect(p.jobs).toHaveLength(p.finished);
      expect(p.finished).toBeLessThan(6);
    }
    for (let k = 1; k < partial.length; k++)
      expect(partial[k].finished).toBeGreaterThanOrEqual(partial[k - 1].finished);
    for (let k = 1; k < progress.length; k++) expect(progress[k]).toBeGreaterThanOrEqual(progress[k - 1]);
    expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it('a run finished within PARTIAL_TIMING.firstMs is drawn once, with no partial result', async () => {
    const started = performance.now();
    const partial: number[] = [];
    const result = await new Pool(new ScriptedRunners(1).factory, 2).run(
      'sum',
      { count: 6 },
      { onPartial: (_r, finished) => partial.push(finished) },
    );
    expect(result.jobs).toHaveLength(6);
    // six ~1 ms jobs: always, barring a stalled machine
    if (performance.now() - started < PARTIAL_TIMING.firstMs) expect(partial).toEqual([]);
  });

  it('many short jobs: the first partial result after firstMs, then at most one per intervalMs', async () => {
    const timing = { firstMs: 40, intervalMs: 60 };
    const started = performance.now();
    const partial: { finished: number; at: number }[] = [];
    const result = await new Pool(new ScriptedRunners(1).factory, 2, timing).run(
      'sum',
      { count: 300 },
      { onPartial: (_r, finished) => partial.push({ finished, at: performance.now() - started }) },
    );
    const elapsed = performance.now() - started;
    expect(result.jobs).toHaveLength(300);
    expect(partial.length).toBeGreaterThan(0); // 300 jobs of a few ms on two runners outlast firstMs
    // Timers keep whole milliseconds and the event loop's clock may lag performance.now() a little: 5 ms of slack.
    expect(partial[0].at).toBeGreaterThanOrEqual(timing.firstMs - 5);
    expect(partial.length).toBeLessThanOrEqual(
      1 + Math.floor((elapsed - timing.firstMs + 5) / (timing.intervalMs - 5)),
    );
    for (let k = 1; k < partial.length; k++) expect(partial[k].finished).toBeGreaterThan(partial[k - 1].finished);
  });

  it('stop rejects the run with CoreError("stopped"), terminates runners, and the pool works again', async () => {
    const runners = new ScriptedRunners(50);
    const pool = new Pool(runners.factory, 2);
    const partials: number[] = [];
    const run = pool.run('sum', { count: 10 }, { onPartial: (_r, finished) => partials.push(finished) });
    await tick();
    await tick();
    pool.stop();
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).stopped).toBe(true);
    expect(runners.terminated).toBe(2);
    const spawnedBefore = runners.spawned;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runners.spawned).toBe(spawnedBefore); // the stopped run spawns nothing further
    expect(partials).toEqual([]);

    const again = await pool.run('sum', { count: 3 });
    expect(again.sum).toBe(0 + 1 + 4);
  });

  it('a new run replaces the one in progress, and can itself be stopped', async () => {
    const pool = new Pool(new ScriptedRunners(30).factory, 2);
    const first = pool.run('sum', { count: 10 });
    await tick();
    const second = pool.run('sum', { count: 10 });
    await expect(first).rejects.toThrow('stopped');
    await tick();
    pool.stop();
    await expect(second).rejects.toThrow('stopped');
    expect((await pool.run('sum', { count: 2 })).sum).toBe(1);
  });

  it('an error in one job rejects the run with that error, and the pool works again', async () => {
    const pool = new Pool(new ScriptedRunners(2, 4).factory, 2);
    await expect(pool.run('sum', { count: 8 })).rejects.toThrow('job 4: k must not be 4');
    const ok = new Pool(new ScriptedRunners(2).factory, 2);
    expect((await ok.run('sum', { count: 3 })).sum).toBe(5);
  });
});

describe('Pool: inputs once per run, single jobs without combine, step labels', () => {
  it('sends the inputs to each runner once per run, not once per job', async () => {
    const runners = new ScriptedRunners(1);
    const pool = new Pool(runners.factory, 2);
    const inputs: Inputs = { x: { shape: [1], sparse: false, values: new Float64Array([100]) } };
    const result = await pool.run('sum', { count: 10 }, { inputs });
    expect(result.sum).toBe(100 + [...Array(10).keys()].reduce((a, k) => a + k * k, 0) - 0);
    expect(runners.inputsSent).toEqual([1, 1]);
    await pool.run('sum', { count: 4 });
    expect(runners.inputsSent).toEqual([2, 2]); // the next run clears them (undefined), once again
  });

  it("a single-job experiment's job result is the result: combine is never called", async () => {
    const runners = new ScriptedRunners(1, -1, true);
    const result = await new Pool(runners.factory, 2).run('sum', { count: 1 });
    expect(result).toEqual({ k: 0, squared: 0, runner: 0 });
    expect(runners.combined).toBe(0);
  });

  it('forwards what the running step is doing with the progress', async () => {
    const labels: string[] = [];
    await new Pool(new ScriptedRunners(2).factory, 1).run(
      'sum',
      { count: 2 },
      { onProgress: (_f, label) => labels.push(label) },
    );
    expect(labels).toContain('step 2 of job 1');
  });
});
