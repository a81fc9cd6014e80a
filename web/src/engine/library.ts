// SPDX-License-Identifier: Apache-2.0
// The core as an npm library (`npm run build` writes build/package/, scripts/build-package.mjs): the same wasm core as
// the page, headless runs and the native CLI, so a run gives the numbers of the same link, byte for byte.
//   import { schemas, plan, run } from 'attnlab';
//   const r = await run('rank-beta', { betas: [1, 2, 4], n: 256, seed: 1 });
// Works in Node ≥ 20 (the wasm read from the package folder) and in a browser, a worker or Observable (fetched
// beside this file). Every experiment's result is typed (ResultOf[id]).
import type { ExperimentId, ResultOf } from '../experiments/generated';
import { Core, CoreError, type CoreModule, type CoreSchema, type Inputs, type Params, type Plan } from './core';

export { CoreError } from './core';
export type { CoreSchema, Inputs, Params, Plan } from './core';
export type { ExperimentId, ResultOf } from '../experiments/generated';

/** Where the package's wasm files are: ./wasm/ beside this module. */
const WASM_DIR = new URL(/* @vite-ignore */ './wasm/', import.meta.url);

let loaded: Promise<Core> | undefined;

/** The whole lab's core, loaded once per process or page. */
function core(): Promise<Core> {
  loaded ??= (async () => {
    const glue = (await import(/* @vite-ignore */ new URL('attnlab.mjs', WASM_DIR).href)) as {
      default: (o: object) => Promise<CoreModule>;
    };
    const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
    if (!isNode) return new Core(await glue.default({ locateFile: (file: string) => new URL(file, WASM_DIR).href }));
    // The glue's own Node branch is not used (it is built for web and workers): the module is compiled here.
    const { readFile } = await import(/* @vite-ignore */ 'node:fs/promises');
    const wasm = await WebAssembly.compile(await readFile(new URL('attnlab.wasm', WASM_DIR)));
    const instantiateWasm = (
      imports: WebAssembly.Imports,
      receive: (i: WebAssembly.Instance, m: WebAssembly.Module) => void,
    ) => {
      void WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm));
      return {};
    };
    return new Core(await glue.default({ instantiateWasm }));
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
  /** Aborting stops the run between steps; the promise then rejects with a CoreError whose message is 'stopped'. */
  signal?: AbortSignal;
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

/** Runs an experiment in this thread: the result of the link with these values. */
export async function run<Id extends ExperimentId>(
  id: Id,
  values: Params,
  options: RunOptions = {},
): Promise<ResultOf[Id]> {
  const c = await core();
  const inputs = await inputsOf(c, id, options);
  if (options.signal?.aborted) throw new CoreError('stopped');
  const { jobs, singleJob } = c.plan(id, values, inputs);
  const finished = jobs.map((job, index) => ({
    index,
    result: c.runJob(id, job, inputs, (done, total, label) => {
      options.onProgress?.((index + (total > 0 ? done / total : 0)) / jobs.length, label);
      return !options.signal?.aborted;
    }),
  }));
  return singleJob ? (finished[0].result as ResultOf[Id]) : c.combine(id, values, finished);
}
