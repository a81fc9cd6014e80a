// SPDX-License-Identifier: Apache-2.0
// One Web Worker = one wasm instance. Exposed with Comlink; progress is posted fire-and-forget.
// Stop is worker.terminate() by the pool (the core cannot be interrupted mid-step from outside).
// The run's inputs arrive once (setInputs) and stay here for every job of the run.
import * as Comlink from 'comlink';
import { CORE_MODULE_OF, type CoreModuleName, type ExperimentId } from '../experiments/generated';
import { keepCoreErrors } from './comlink-errors';
import type { Core, FinishedJob, Inputs, Params, PlannedJob } from './core';
import { loadCore } from './load-browser';
import { modelApi } from './model-worker';

keepCoreErrors();
let loaded: { module: CoreModuleName | 'lab' | 'model'; core: Promise<Core> } | undefined;
/** A worker holds one core at a time: the runs of one group share it, another group's replaces it (and frees its memory). */
function core(module: CoreModuleName | 'lab' | 'model'): Promise<Core> {
  if (loaded?.module !== module) loaded = { module, core: loadCore(module) };
  return loaded.core;
}
/** The core of the experiment's group; an unknown id gets the whole lab's, whose answer names the known ones. */
const coreOf = (id: string) => core(CORE_MODULE_OF[id as ExperimentId] ?? 'lab');
let inputs: Inputs | undefined;

const api = {
  /** "Your own model": the model module (the checkpoint reader alone). */
  ...modelApi(() => core('model')),
  /** Loads the experiment's core now, before its first call: a pool starts its other workers while the first one plans. */
  prepare(id: string) { coreOf(id).catch(() => undefined); }, // a failed load is reported by the call that needs the core
  setInputs(given: Inputs | undefined) { inputs = given; },
  async plan(id: string, params: Params) { return (await coreOf(id)).plan(id, params, inputs); },
  async runJob(id: string, job: PlannedJob, onProgress?: (done: number, total: number, label: string) => void) {
    const c = await coreOf(id);
    let last = 0;
    let lastLabel = '';
    return c.runJob(id, job, inputs, (done, total, label) => {
      const now = performance.now();
      if (onProgress && (now - last > 50 || done >= total || label !== lastLabel)) {
        last = now;
        lastLabel = label;
        void onProgress(done, total, label);
      }
      return true;
    });
  },
  async combine<Id extends ExperimentId>(id: Id, params: Params, finished: FinishedJob[]) { return (await coreOf(id)).combine(id, params, finished); },
  /** The experiment's theory curves alone (closed forms): redrawn while a control moves. */
  async theory<Id extends ExperimentId>(id: Id, params: Params) { return (await coreOf(id)).theory(id, params); },
  /** A result file's value against every experiment's declared result shape (the core's check). */
  async resultMismatches(text: string) { return (await core('lab')).resultMismatches(text); },
  /** Parses a user file with the core's parser, off the main thread. */
  async parseInput(id: string, input: string, fileName: string, bytes: ArrayBuffer, budgetMiB: number) {
    try {
      const parsed = (await coreOf(id)).parseInput(id, input, fileName, new Uint8Array(bytes), budgetMiB);
      return Comlink.transfer({ ok: true as const, value: parsed }, [parsed.values.buffer as ArrayBuffer]);
    } catch (error) {
      return { ok: false as const, error: (error as Error).message };
    }
  },
};
export type WorkerApi = typeof api;
Comlink.expose(api);
// Started as `attnlab-core:<experiment>` (worker-runner.ts): that core loads now, before any message arrives.
const preload = /^attnlab-core:(.+)$/.exec(self.name)?.[1];
if (preload) api.prepare(preload);
