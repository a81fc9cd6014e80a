// SPDX-License-Identifier: Apache-2.0
// How the npm library (library.ts) runs an experiment's planned jobs: in Node in a worker_thread (library-worker.ts),
// so that an abort from a timer stops the run at once (terminating the worker), a throwing onProgress ends it with its
// own error, and the jobs finished by then are kept; in a browser in this thread, stopping between the core's steps.
import { CoreError, type Core, type FinishedJob, type Inputs, type PlannedJob } from './core';
import type { LibraryWorkerData, LibraryWorkerMessage } from './library-worker';

interface JobsRun {
  id: string;
  jobs: PlannedJob[];
  inputs?: Inputs;
  onProgress?: (fraction: number, label: string) => void;
  signal?: AbortSignal;
}

/** A run that ended early: its jobs finished so far (the caller combines them); `cause`: why. */
export class JobsStopped extends Error {
  constructor(
    readonly cause: Error,
    readonly finished: FinishedJob[],
  ) {
    super(cause.message);
  }
}

/** The jobs' results in this thread (Core.runJobs); a throwing onProgress or an abort stops at the core's next step. */
export function runJobsHere(core: Core, run: JobsRun): FinishedJob[] {
  const finished: FinishedJob[] = [];
  let thrown: Error | undefined;
  const progress = (fraction: number, label: string): boolean => {
    try {
      run.onProgress?.(fraction, label);
    } catch (error) {
      thrown = error as Error;
    }
    return !thrown && !run.signal?.aborted;
  };
  try {
    return core.runJobs(run.id, run.jobs, run.inputs, { progress, finished: (job) => finished.push(job) });
  } catch (error) {
    throw new JobsStopped(thrown ?? (error as Error), finished);
  }
}

/** The entry of the worker: library-worker.js beside the package's code, or its TypeScript source through ts-hooks. */
function workerEntry(data: LibraryWorkerData): [string | URL, object] {
  const base = import.meta.url;
  if (!base.endsWith('.ts')) return [new URL('./library-worker.js', base), { workerData: data }];
  const entry = new URL('library-worker.ts', base).href;
  const hooks = new URL('ts-hooks.mjs', base).href;
  const boot = `require('node:module').register(${JSON.stringify(hooks)}); import(${JSON.stringify(entry)});`;
  return [boot, { eval: true, workerData: data }];
}

/** The jobs' results from a worker_thread; rejects with JobsStopped (the jobs finished, and why it ended). */
export async function runJobsInWorker(
  wasm: { glueUrl: string; wasmModule: WebAssembly.Module },
  run: JobsRun,
): Promise<FinishedJob[]> {
  const threads = 'node:worker_threads';
  const { Worker } = (await import(/* @vite-ignore */ threads)) as typeof import('node:worker_threads');
  if (run.signal?.aborted) throw new JobsStopped(new CoreError('stopped'), []);
  const finished: FinishedJob[] = [];
  const [entry, options] = workerEntry({ ...wasm, id: run.id, jobs: run.jobs, inputs: run.inputs });
  const worker = new Worker(entry, options);
  return new Promise((resolve, reject) => {
    let over = false;
    const end = (error?: Error) => {
      if (over) return;
      over = true;
      run.signal?.removeEventListener('abort', abort);
      void worker.terminate();
      if (error) reject(new JobsStopped(error, [...finished]));
      else resolve(finished);
    };
    const abort = () => end(new CoreError('stopped'));
    run.signal?.addEventListener('abort', abort);
    worker.on('message', (message: LibraryWorkerMessage) => {
      if (over) return;
      if ('failed' in message)
        return end(new CoreError(message.failed.message, message.failed.badInput, message.failed.key));
      if ('finished' in message) {
        finished.push(message.finished);
        if (finished.length === run.jobs.length) end();
        return;
      }
      try {
        run.onProgress?.(message.progress.fraction, message.progress.label);
      } catch (error) {
        end(error as Error); // the caller's own error, not "stopped"
      }
    });
    worker.on('error', (error) => end(new CoreError(`the run's worker failed: ${error.message}`)));
    worker.on('exit', () => end(new CoreError("the run's worker exited before the run ended")));
    if (run.jobs.length === 0) end();
  });
}
