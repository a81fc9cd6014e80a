// One Web Worker = one wasm instance. Exposed with Comlink; progress is posted fire-and-forget.
// Stop is worker.terminate() by the pool (the core cannot be interrupted mid-step from outside).
import * as Comlink from 'comlink';
import type { Core, FinishedJob, Params } from './core';
import { loadCore } from './load-browser';

let corePromise: Promise<Core> | undefined;
const core = () => (corePromise ??= loadCore());

const api = {
  async plan(id: string, params: Params) { return (await core()).plan(id, params); },
  async runJob(id: string, job: Params, upload: Float64Array | undefined, onProgress?: (done: number, total: number) => void) {
    const c = await core();
    let last = 0;
    return c.runJob(id, job, upload, (done, total) => {
      const now = performance.now();
      if (onProgress && (now - last > 50 || done >= total)) { last = now; void onProgress(done, total); }
      return true;
    });
  },
  async combine(id: string, params: Params, finished: FinishedJob[]) { return (await core()).combine(id, params, finished); },
};
export type WorkerApi = typeof api;
Comlink.expose(api);
