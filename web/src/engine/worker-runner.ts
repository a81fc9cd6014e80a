// Browser runner: a module Web Worker wrapped with Comlink.
import * as Comlink from 'comlink';
import type { Runner } from './pool';
import type { WorkerApi } from './worker';

export function coreWorker(): { worker: Worker; api: Comlink.Remote<WorkerApi> } {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'attnlab-core' });
  return { worker, api: Comlink.wrap<WorkerApi>(worker) };
}

export function workerRunner(): Runner {
  const { worker, api } = coreWorker();
  return {
    setInputs: (inputs) => api.setInputs(inputs),
    plan: (id, params) => api.plan(id, params),
    runJob: (id, job, onProgress) => api.runJob(id, job, onProgress ? Comlink.proxy(onProgress) : undefined),
    combine: (id, params, finished) => api.combine(id, params, finished),
    terminate: () => worker.terminate(),
  };
}
