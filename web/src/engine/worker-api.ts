// SPDX-License-Identifier: Apache-2.0
// What a core's worker does, the same code in the page's Web Workers (worker.ts) and in Node's worker_threads
// (node-worker.ts): one wasm instance per worker, called through Comlink, typed by Core. Only the loader differs: the
// page loads the module of the experiment's group, Node the one module it was given.
// Stop is the worker's termination by its runner (the core cannot be interrupted mid-step from outside).
// The run's inputs arrive once (setInputs) and stay here for every job of the run.
import * as Comlink from 'comlink';
import { CORE_MODULE_OF, type CoreModuleName, type ExperimentId } from '../experiments/generated';
import type { Core, FinishedJob, Inputs, Params, PlannedJob } from './core';
import { modelApi } from './model-worker';
import { studyApi } from './study-worker';
import { throttleProgress } from './progress';

/** Which wasm module a core comes from: a group's (CORE_MODULE_OF), the whole lab's or the model reader's. */
type CoreModuleKey = CoreModuleName | 'lab' | 'model';
type LoadCore = (module: CoreModuleKey) => Promise<Core>;

/**
 * A callback that came through Comlink is a proxy whose MessagePort stays open on both sides until it is released: a
 * Node process would not exit while one is open (a page only leaks it). A plain function has no such method.
 */
function release(callback: object | undefined): void {
  (callback as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy]?.();
}

export function workerApi(load: LoadCore) {
  let loaded: { module: CoreModuleKey; core: Promise<Core> } | undefined;
  /**
   * A worker holds one core at a time: the runs of one group share it, another group's replaces it (and frees its
   * memory).
   */
  const core = (module: CoreModuleKey): Promise<Core> => {
    if (loaded?.module !== module) loaded = { module, core: load(module) };
    return loaded.core;
  };
  /** The core of the experiment's group; an unknown id gets the whole lab's, whose answer names the known ones. */
  const coreOf = (id: string) => core(CORE_MODULE_OF[id as ExperimentId] ?? 'lab');
  let inputs: Inputs | undefined;
  return {
    /** "Your own model": the model module (the checkpoint reader alone). */
    ...modelApi(() => core('model')),
    /** A study over a corpus: the whole lab's module (the study's cut and merge are there alone). */
    ...studyApi(() => core('lab')),
    /**
     * Loads the experiment's core now, before its first call: a pool starts its other workers while the first one
     * plans. A failed load is reported by the call that needs the core.
     */
    prepare(id: string) {
      coreOf(id).catch(() => undefined);
    },
    setInputs(given: Inputs | undefined) {
      inputs = given;
    },
    async plan(id: string, params: Params) {
      return (await coreOf(id)).plan(id, params, inputs);
    },
    async runJob(id: string, job: PlannedJob, onProgress?: (done: number, total: number, label: string) => void) {
      try {
        return (await coreOf(id)).runJob(id, job, inputs, throttleProgress(onProgress));
      } finally {
        release(onProgress); // its reports were posted before the release, so they all arrive
      }
    },
    async combine<Id extends ExperimentId>(id: Id, params: Params, finished: FinishedJob[]) {
      return (await coreOf(id)).combine(id, params, finished);
    },
    /** The experiment's theory curves alone (closed forms): redrawn while a control moves. */
    async theory<Id extends ExperimentId>(id: Id, params: Params) {
      return (await coreOf(id)).theory(id, params);
    },
    /** A result file's value against every experiment's declared result shape (the core's check). */
    async resultMismatches(text: string) {
      return (await core('lab')).resultMismatches(text);
    },
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
}
export type WorkerApi = ReturnType<typeof workerApi>;
