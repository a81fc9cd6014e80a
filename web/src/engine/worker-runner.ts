// SPDX-License-Identifier: Apache-2.0
// Browser runner: a module Web Worker (worker.ts) wrapped with Comlink.
import * as Comlink from 'comlink';
import { keepCoreErrors } from './comlink-errors';
import type { Runner } from './pool';
import { remoteRunner } from './remote-runner';
import type { WorkerApi } from './worker-api';

/** The worker's name; `attnlab-core:<experiment>` has it load that experiment's core as it starts (worker.ts). */
const WORKER_NAME = 'attnlab-core';

/**
 * `preload`: an experiment whose core the worker starts loading as soon as it runs. A message to a new worker waits
 * until the page's main thread hands it over, which a page building its panel delayed by about 300 ms (Chromium, a
 * link that computes on opening); the name travels with the worker itself.
 */
export function coreWorker(preload?: string): { worker: Worker; api: Comlink.Remote<WorkerApi> } {
  keepCoreErrors(); // a refusal arrives as a CoreError with its badInput and key
  const name = preload ? `${WORKER_NAME}:${preload}` : WORKER_NAME;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
  return { worker, api: Comlink.wrap<WorkerApi>(worker) };
}

/** A runner whose worker starts with its first call: when that is prepare(id), the worker loads id's core by name. */
export function workerRunner(): Runner {
  let made: ReturnType<typeof coreWorker> | undefined;
  return remoteRunner({
    start: async (preload) => (made = coreWorker(preload)).api,
    terminate: () => made?.worker.terminate(),
  });
}
