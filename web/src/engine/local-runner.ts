// In-thread runner over a Core: used by headless runs and tests; same contract as a worker.
import type { Core } from './core';
import type { Runner } from './pool';

export function localRunner(core: Core): Runner {
  return {
    plan: async (id, params) => core.plan(id, params),
    runJob: async (id, job, upload, onProgress) => core.runJob(id, job, upload, (d, t) => { onProgress?.(d, t); return true; }),
    combine: async (id, params, finished) => core.combine(id, params, finished),
    terminate: () => undefined,
  };
}
