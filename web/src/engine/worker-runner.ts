// Browser runner: a module Web Worker wrapped with Comlink.
import * as Comlink from 'comlink';
import type { Runner } from './pool';
import type { WorkerApi } from './worker';

export function workerRunner(): Runner {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'attnlab-core' });
  const api = Comlink.wrap<WorkerApi>(worker);
  return {
    plan: (id, params) => api.plan(id, params),
    runJob: (id, job, upload, onProgress) => api.runJob(id, job, upload, onProgress ? Comlink.proxy(onProgress) : undefined),
    combine: (id, params, finished) => api.combine(id, params, finished),
    terminate: () => worker.terminate(),
  };
}
