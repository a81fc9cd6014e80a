// SPDX-License-Identifier: Apache-2.0
// The npm library's run in a worker_thread (library-run.ts starts it): the main thread's event loop stays free, so an
// AbortSignal aborted from a timer terminates the run at once. Runs the planned jobs in order and posts each one's
// progress (throttled) and result; the main thread combines.
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
  | { progress: { index: number; done: number; total: number; label: string } }
  | { finished: { index: number; result: unknown } }
  | { failed: { message: string; badInput: boolean; key?: string } };

if (!parentPort) throw new Error('library-worker.ts runs in a worker_thread');
const port = parentPort;
const { glueUrl, wasmModule, id, jobs, inputs } = workerData as LibraryWorkerData;
const post = (message: LibraryWorkerMessage) => port.postMessage(message);
try {
  const core = await instantiateCore(glueUrl, wasmModule);
  for (const [index, job] of jobs.entries()) {
    const progress = throttleProgress((done, total, label) => post({ progress: { index, done, total, label } }));
    post({ finished: { index, result: core.runJob(id, job, inputs, progress) } });
  }
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
