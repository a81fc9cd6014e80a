// Browser runner: a module Web Worker wrapped with Comlink.
import * as Comlink from 'comlink';
import { keepCoreErrors } from './comlink-errors';
import type { FinishedJob, Params } from './core';
import type { ExperimentId, ResultOf } from '../experiments/generated';
import type { Runner } from './pool';
import type { WorkerApi } from './worker';

export function coreWorker(): { worker: Worker; api: Comlink.Remote<WorkerApi> } {
  keepCoreErrors(); // a refusal arrives as a CoreError with its badInput and key
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'attnlab-core' });
  return { worker, api: Comlink.wrap<WorkerApi>(worker) };
}

export function workerRunner(): Runner {
  const { worker, api } = coreWorker();
  return {
    prepare: (id) => void api.prepare(id),
    setInputs: (inputs) => api.setInputs(inputs),
    plan: (id, params) => api.plan(id, params),
    runJob: (id, job, onProgress) => api.runJob(id, job, onProgress ? Comlink.proxy(onProgress) : undefined),
    // Comlink's Remote type drops combine's type parameter (a union of every result comes back): the
    // worker's combine is Core.combine for this same id.
    combine: <Id extends ExperimentId>(id: Id, params: Params, finished: FinishedJob[]) => api.combine(id, params, finished) as Promise<ResultOf[Id]>,
    terminate: () => worker.terminate(),
  };
}
