// SPDX-License-Identifier: Apache-2.0
// The npm library's run in a worker_thread (library-run.ts starts it): the main thread's event loop stays free, so an
// AbortSignal aborted from a timer terminates the run at once. Runs the planned jobs in order (Core.runJobs) and posts
// the progress (throttled) and each job's result; the main thread combines.
import { parentPort, workerData } from 'node:worker_threads';
import { CoreError, type Inputs, type PlannedJob } from './core';
import { instantiateCore } from './load-node';
import { throttleProgress } from './progress';

/** What library-run.ts hands over as the worker starts. */
export interface LibraryWorkerData {
  glueUrl: string;
  wasmModule: WebAssembly.Module;
  id: string;
  jobs: PlannedJob[];
  inputs?: Inputs;
}

/** The worker's messages: a job's progress, a job's result, or the run's failure. */
export type LibraryWorkerMessage =
  | { progress: { fraction: number; label: string } }
  | { finished: { index: number; result: unknown } }
  | { failed: { message: string; badInput: boolean; key?: string } };

if (!parentPort) throw new Error('library-worker.ts runs in a worker_thread');
const port = parentPort;
const { glueUrl, wasmModule, id, jobs, inputs } = workerData as LibraryWorkerData;
const post = (message: LibraryWorkerMessage) => port.postMessage(message);
try {
  const core = await instantiateCore(glueUrl, wasmModule);
  // The throttle's "always the last step" is the run's last: the fraction of all the jobs, out of 1.
  const progress = throttleProgress((fraction, _, label) => post({ progress: { fraction, label } }));
  core.runJobs(id, jobs, inputs, {
    progress: (fraction, label) => progress(fraction, 1, label),
    finished: (job) => post({ finished: job }),
  });
} catch (error) {
  const e = error as Error;
  post({
    failed: {
      message: String(e.message),
      badInput: e instanceof CoreError && e.badInput,
      key: e instanceof CoreError ? e.key : undefined,
    },
  });
}
