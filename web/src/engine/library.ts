// SPDX-License-Identifier: Apache-2.0
// The core as an npm library (`npm run build` writes build/package/, scripts/build-package.mjs): the same wasm core as
// the page, headless runs and the native CLI, so a run gives the numbers of the same link, byte for byte.
//   import { schemas, plan, run } from 'attnlab';
//   const r = await run('rank-beta', { betas: [1, 2, 4], n: 256, seed: 1 });
// Works in Node ≥ 20 (the wasm read from the package folder) and in a browser, a worker or Observable (fetched
// beside this file). Every experiment's result is typed (ResultOf[id]).
import type { ExperimentId, ResultOf } from '../experiments/generated';
import { Core, CoreError, type CoreModule, type CoreSchema, type Inputs, type Params, type Plan } from './core';
import { JobsStopped, runJobsHere, runJobsInWorker } from './library-run';

export { CoreError } from './core';
export type { CoreSchema, Inputs, Params, Plan } from './core';
export type { ExperimentId, ResultOf } from '../experiments/generated';

/** Where the package's wasm files are: ./wasm/ beside this module. */
const WASM_DIR = new URL(/* @vite-ignore */ './wasm/', import.meta.url);

let loaded: Promise<Core> | undefined;
/** In Node, the compiled module and its glue, which each run's worker_thread instantiates. */
let nodeWasm: { glueUrl: string; wasmModule: WebAssembly.Module } | undefined;

/**
 * The whole lab's core, loaded once per process or page. In Node by the engine's Node loader (load-node.ts: the
 * glue's own Node branch is built for web and workers, so the module is compiled there), imported only in Node; in a
 * browser by the glue, its .wasm beside it.
 */
function core(): Promise<Core> {
  loaded ??= (async () => {
    const glueUrl = new URL('attnlab.mjs', WASM_DIR).href;
    const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
    if (isNode) {
      const [{ compiledModule, instantiateCore }, { fileURLToPath }] = await Promise.all([
        import('./load-node'),
        import('node:url'),
      ]);
      nodeWasm = { glueUrl, wasmModule: await compiledModule(fileURLToPath(WASM_DIR)) };
      return instantiateCore(glueUrl, nodeWasm.wasmModule);
    }
    const glue = (await import(/* @vite-ignore */ glueUrl)) as { default: (o: object) => Promise<CoreModule> };
    return new Core(await glue.default({ locateFile: (file: string) => new URL(file, WASM_DIR).href }));
  })();
  return loaded;
}

/** Every experiment's declaration: its parameters (names, kinds, ranges, defaults), inputs and result shape. */
export async function schemas(): Promise<CoreSchema[]> {
  return (await core()).experiments();
}

export interface RunOptions {
  /** Input files by input name (e.g. { q: bytes, k: bytes }): .npy, .csv or .json, as the page and CLI read them. */
  files?: Record<string, { name: string; bytes: Uint8Array }>;
  /** fraction in [0, 1] and what the current step does. */
  onProgress?: (fraction: number, label: string) => void;
  /**
   * Aborting stops the run: in Node at once (the run is in a worker_thread), in a browser at the core's next step.
   * The promise then rejects with a RunStopped (a CoreError whose message is 'stopped') holding the jobs finished.
   */
  signal?: AbortSignal;
  /**
   * The time budget (seconds): a run whose plan estimates more is refused before it starts, in the command line's
   * words (3600, as its --max-seconds, unless given).
   */
  maxSeconds?: number;
  /** Memory budget for reading files (MiB). */
  budgetMiB?: number;
}

async function inputsOf(c: Core, id: string, options: RunOptions): Promise<Inputs | undefined> {
  if (!options.files) return undefined;
  const inputs: Inputs = {};
  for (const [input, file] of Object.entries(options.files))
    inputs[input] = { ...c.parseInput(id, input, file.name, file.bytes, options.budgetMiB ?? 1024), file: file.name };
  return inputs;
}

/**
 * The jobs a run would do and the core's estimates of its memory and time. Refusals are CoreErrors naming the
 * parameter.
 */
export async function plan(
  id: ExperimentId,
  values: Params,
  options: Pick<RunOptions, 'files' | 'budgetMiB'> = {},
): Promise<Plan> {
  const c = await core();
  return c.plan(id, values, await inputsOf(c, id, options));
}

/** A run stopped by its signal: the result of the jobs finished by then (combined; undefined when none was). */
export class RunStopped<Result = unknown> extends CoreError {
  constructor(
    readonly partial: Result | undefined,
    readonly finishedJobs: number,
    readonly totalJobs: number,
  ) {
    super('stopped');
  }
}

/** The command line's default --max-seconds (wasm/core/lab/time_budget.hpp, kDefaultMaxSeconds). */
export const DEFAULT_MAX_SECONDS = 3600;

/**
 * The command line's refusal of a run estimated above the budget (lab/time_budget.hpp, overTimeBudget, and its
 * budgetSeconds), with maxSeconds for --max-seconds; "" within it.
 */
function overTimeBudget(estimatedSeconds: number, limit: number): string {
  if (!Number.isFinite(estimatedSeconds) || estimatedSeconds <= limit) return '';
  const capped = Math.min(estimatedSeconds, 1e15);
  const unit = 10 ** (Math.floor(Math.log10(Math.max(capped, 1e-300))) - 1);
  const whole =
    capped >= 1 ? String(Math.ceil(capped)) : String(Number((Math.ceil(capped / unit) * unit).toPrecision(3)));
  const tenths = Math.round(Number(whole) / 360);
  const hours = Number(whole) >= 360 ? ` (${Math.floor(tenths / 10)}.${tenths % 10} h)` : '';
  return (
    `this run is estimated at ${whole} s${hours} on one core of the reference machine, above the ${limit} s ` +
    `allowed: give maxSeconds: ${whole} to run it anyway, or split it into jobs (attnlab plan, README "Running ` +
    `big sweeps")`
  );
}

/**
 * Runs an experiment: the result of the link with these values. In Node the jobs run in a worker_thread, so this
 * thread's timers and I/O go on meanwhile; in a browser, in this thread. An onProgress that throws ends the run with
 * its own error.
 */
export async function run<Id extends ExperimentId>(
  id: Id,
  values: Params,
  options: RunOptions = {},
): Promise<ResultOf[Id]> {
  const c = await core();
  const inputs = await inputsOf(c, id, options);
  if (options.signal?.aborted) throw new RunStopped(undefined, 0, 0);
  const maxSeconds = options.maxSeconds ?? DEFAULT_MAX_SECONDS;
  if (typeof maxSeconds !== 'number' || !(maxSeconds > 0))
    throw new CoreError(
      `maxSeconds must be a positive number of seconds, got ${String(maxSeconds)}`,
      true,
      'maxSeconds',
    );
  const plan = c.plan(id, values, inputs);
  const over = overTimeBudget(plan.estimatedSeconds ?? 0, maxSeconds);
  if (over) throw new CoreError(over, true, 'maxSeconds');
  const jobs = { id, jobs: plan.jobs, inputs, onProgress: options.onProgress, signal: options.signal };
  let finished;
  try {
    finished = nodeWasm ? await runJobsInWorker(nodeWasm, jobs) : runJobsHere(c, jobs);
  } catch (error) {
    if (!(error instanceof JobsStopped)) throw error;
    if (!(error.cause instanceof CoreError && error.cause.stopped)) throw error.cause;
    // Kept where the page keeps them: a sweep's finished jobs, combined, as its partial result.
    const done = error.finished;
    const partial = !plan.singleJob && done.length ? c.resultOf(id, values, false, done) : undefined;
    throw new RunStopped(partial, done.length, plan.jobs.length);
  }
  return c.resultOf(id, values, plan.singleJob, finished);
}
