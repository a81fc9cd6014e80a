// SPDX-License-Identifier: Apache-2.0
// A pool of runners (one wasm instance each) for sweeps: plan once, spread the jobs, combine what is
// finished as jobs finish (PARTIAL_TIMING) so the page can draw partial results. Stop
// terminates and respawns.
// A run's inputs (parsed files) go to each runner once, not once per job.
import type { ResultOf } from '../experiments/generated';
import { CoreError, type FinishedJob, type Inputs, type Params, type Plan, type PlannedJob } from './core';

/**
 * Runs the core's experiments; `Results` gives each experiment id's result type: the core's own
 * (ResultOf) unless a test scripts experiments of its own.
 */
export interface Runner<Results = ResultOf> {
  /** Optional: starts loading the core that runs this experiment, before the runner's first call for it. */
  prepare?(id: string): void;
  /** Keeps the run's inputs in the runner; plan and runJob use them until the next call. */
  setInputs(inputs: Inputs | undefined): Promise<void>;
  plan(id: string, params: Params): Promise<Plan>;
  /** One job's own result, for combine. */
  runJob(
    id: string,
    job: PlannedJob,
    onProgress?: (done: number, total: number, label: string) => void,
  ): Promise<unknown>;
  combine<Id extends keyof Results & string>(id: Id, params: Params, finished: FinishedJob[]): Promise<Results[Id]>;
  terminate(): void;
}
type RunnerFactory<Results = ResultOf> = () => Runner<Results>;

export interface RunOptions<Result> {
  inputs?: Inputs;
  /** Overall fraction done in [0, 1], and what the slowest running step is doing. */
  onProgress?: (fraction: number, label: string) => void;
  /** A combined result over the jobs finished so far. */
  onPartial?: (result: Result, finishedJobs: number, totalJobs: number) => void;
  /** The experiment plans several jobs: the other runners start (and load the core) while the first one plans. */
  sweep?: boolean;
}

/**
 * When partial results come. Each one is combined in a worker and drawn by the page's main thread; after every one
 * of many short jobs (rmt-transition plans 75) that work took the CPU the workers need on a 2-core machine, and a
 * run short enough to feel immediate gained nothing from a partial drawing but its cost (rank-beta at n = 16: 20–40
 * ms of a 100–200 ms run in Chromium). So the first partial result comes no sooner than `firstMs` after the run
 * started (a run finished by then is drawn once, whole) and the next ones at most every `intervalMs`.
 */
interface PartialTiming {
  firstMs: number;
  intervalMs: number;
}
/** 300 ms: the page's threshold for recomputing as the reader edits (web/src/ui/run/live-run.ts). */
export const PARTIAL_TIMING: PartialTiming = { firstMs: 300, intervalMs: 400 };

/** Every core: the workers run at normal priority and the page's main thread only draws. */
export function defaultPoolSize(): number {
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  return Math.max(1, cores);
}

/**
 * A run's partial results (PartialTiming): the first once a job has finished and firstMs have passed since the run
 * started, then at most every intervalMs (a pending one catches up); none once every job has finished. Each is
 * combined by the runner whose job just finished, one after another; `combined()` settles when the last one has.
 */
function partialResults<Result>(run: {
  timing: PartialTiming;
  startedAt: number;
  finished: FinishedJob[];
  total: number;
  live: () => boolean;
  combine: (runner: number, snapshot: FinishedJob[]) => Promise<Result>;
  onPartial?: (result: Result, finishedJobs: number, totalJobs: number) => void;
}): { request(runner: number): void; stop(): void; combined(): Promise<void> } {
  let nextAt = run.startedAt + run.timing.firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let combining = Promise.resolve();
  const request = (w: number) => {
    const onPartial = run.onPartial;
    if (!onPartial || timer !== undefined || run.finished.length >= run.total) return;
    const send = () => {
      timer = undefined;
      if (!run.live() || run.finished.length >= run.total) return;
      nextAt = performance.now() + run.timing.intervalMs;
      const snapshot = [...run.finished].sort((a, b) => a.index - b.index);
      combining = combining.then(async () => {
        const partial = await run.combine(w, snapshot);
        if (run.live()) onPartial(partial, snapshot.length, run.total);
      });
      combining.catch(() => undefined); // awaited by the run; this only keeps a failed run from also warning
    };
    const wait = nextAt - performance.now();
    if (wait <= 0) send();
    else timer = setTimeout(send, Math.ceil(wait)); // whole ms: a timer may not fire before nextAt
  };
  return { request, stop: () => clearTimeout(timer), combined: () => combining };
}

export class Pool<Results = ResultOf> {
  private runners: Runner<Results>[] = [];
  private cancel: ((reason: Error) => void) | undefined;
  /** Bumped by stop(): a run whose generation is old must not spawn runners or report results. */
  private generation = 0;
  /**
   * The last plan made without inputs, by experiment and parameters: a run right after plan() (the page plans a
   * link's run or an edit's live run to estimate it first) uses it instead of asking the core again.
   */
  private lastPlan: { key: string; plan: Plan } | undefined;

  constructor(
    private readonly factory: RunnerFactory<Results>,
    readonly size = defaultPoolSize(),
    private readonly timing = PARTIAL_TIMING,
  ) {}

  private runner(i: number): Runner<Results> {
    return (this.runners[i] ??= this.factory());
  }

  /** Terminates every runner (a run in progress rejects with CoreError('stopped')); the next run respawns. */
  stop(): void {
    this.generation++; // the stopped run's loops see this and take no further job
    this.lastPlan = undefined;
    for (const r of this.runners) r.terminate();
    this.runners = [];
    this.cancel?.(new CoreError('stopped'));
    this.cancel = undefined;
  }

  dispose(): void {
    this.stop();
  }

  /** Starts every runner and its core for this experiment now, not when the first job reaches it. */
  private warm(id: string, sweep: boolean | undefined): void {
    if (sweep) for (let w = 1; w < this.size; w++) this.runner(w).prepare?.(id);
  }

  /**
   * Starts the runners a run of this experiment will use and has each load its core, before any run: the page does it
   * once its figures are up, so that Run (or an edit's live run) does not wait for them. A single job uses one runner.
   */
  prepare(id: string, sweep: boolean): void {
    this.runner(0).prepare?.(id);
    this.warm(id, sweep);
  }

  /**
   * The core's plan for these parameters (validated, with its estimates), without running anything. For a sweep
   * (the experiment plans several jobs), the other runners start loading the core meanwhile: a run usually follows.
   */
  async plan(id: string, params: Params, sweep = false): Promise<Plan> {
    this.warm(id, sweep);
    await this.runner(0).setInputs(undefined);
    const plan = await this.runner(0).plan(id, params);
    this.lastPlan = { key: planKey(id, params), plan };
    return plan;
  }

  async run<Id extends keyof Results & string>(
    id: Id,
    params: Params,
    options: RunOptions<Results[Id]> = {},
  ): Promise<Results[Id]> {
    if (this.cancel) this.stop(); // one run at a time: a new run replaces the old one
    let cancel!: (reason: Error) => void;
    const stopped = new Promise<never>((_, reject) => {
      cancel = reject;
    });
    stopped.catch(() => undefined);
    this.cancel = cancel;
    try {
      return await Promise.race([this.execute(id, params, options), stopped]);
    } finally {
      if (this.cancel === cancel) this.cancel = undefined; // a newer run may own it by now
    }
  }

  /**
   * A run's plan: the one plan() just made for these parameters (a run without inputs), or the core's; the inputs go to
   * the first runner either way.
   */
  private async planFor(id: string, params: Params, inputs: Inputs | undefined): Promise<Plan> {
    await this.runner(0).setInputs(inputs);
    const known = inputs === undefined && this.lastPlan?.key === planKey(id, params) ? this.lastPlan.plan : undefined;
    return known ?? (await this.runner(0).plan(id, params));
  }

  private async execute<Id extends keyof Results & string>(
    id: Id,
    params: Params,
    { inputs, onProgress, onPartial, sweep }: RunOptions<Results[Id]>,
  ): Promise<Results[Id]> {
    const generation = this.generation;
    const startedAt = performance.now();
    let failed = false;
    const live = () => generation === this.generation && !failed;
    this.warm(id, sweep);
    const { jobs, singleJob } = await this.planFor(id, params, inputs);
    const done = new Array<number>(jobs.length).fill(0);
    let label = '';
    const report = () => onProgress?.(done.reduce((a, b) => a + b, 0) / Math.max(1, jobs.length), label);
    const finished: FinishedJob[] = [];
    let next = 0;
    const workers = Math.max(1, Math.min(this.size, jobs.length));
    const work = async (w: number) => {
      if (w > 0 && next < jobs.length) await this.runner(w).setInputs(inputs);
      while (next < jobs.length && live()) {
        const index = next++;
        let result: unknown;
        try {
          result = await this.runner(w).runJob(id, jobs[index], (d, t, l) => {
            if (!live()) return;
            done[index] = Math.max(done[index], t > 0 ? Math.min(1, d / t) : 0);
            label = l;
            report();
          });
        } catch (error) {
          failed = true; // the other loops finish their current job and stop
          throw error;
        }
        if (!live()) return;
        done[index] = 1;
        report();
        finished.push({ index, result });
        partials.request(w);
      }
    };
    const partials = partialResults({
      timing: this.timing,
      startedAt,
      finished,
      total: jobs.length,
      live,
      combine: (w, snapshot) => this.runner(w).combine(id, params, snapshot),
      onPartial,
    });
    try {
      await Promise.all(Array.from({ length: workers }, (_, w) => work(w)));
    } finally {
      partials.stop();
    }
    await partials.combined();
    if (generation !== this.generation) throw new CoreError('stopped');
    finished.sort((a, b) => a.index - b.index);
    // plan says whether the one job's result is the whole result (singleJob): then it has the result's shape.
    return singleJob ? (finished[0].result as Results[Id]) : this.runner(0).combine(id, params, finished);
  }
}

/** A plan is a pure function of the experiment, its parameters and its inputs (here: none). */
function planKey(id: string, params: Params): string {
  return `${id} ${JSON.stringify(params)}`;
}
