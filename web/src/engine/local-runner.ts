// SPDX-License-Identifier: Apache-2.0
// In-thread runner over a Core: used by headless runs and tests; same contract as a worker.
import type { Core, Inputs } from './core';
import type { Runner } from './pool';

export function localRunner(core: Core): Runner {
  let inputs: Inputs | undefined;
  return {
    setInputs: async (given) => { inputs = given; },
    plan: async (id, params) => core.plan(id, params, inputs),
    runJob: async (id, job, onProgress) => core.runJob(id, job, inputs, (d, t, l) => { onProgress?.(d, t, l); return true; }),
    combine: async (id, params, finished) => core.combine(id, params, finished),
    terminate: () => undefined,
  };
}
