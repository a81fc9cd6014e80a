// SPDX-License-Identifier: Apache-2.0
// Node runner: one worker_thread = one wasm instance, with the Runner contract of pool.ts.
// Used by `npm run lab -- --pool N` and the bench. The worker body is a few lines of plain JS run
// with eval, so the same runner works from the TS sources (Vitest) and from the SSR bundle.
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { ExperimentId, ResultOf } from '../experiments/generated';
import { CoreError, unwrap, type FinishedJob, type Params, type Plan } from './core';
import { compiledModule, type ModuleFile } from './load-node';
import type { Runner } from './pool';

// Protocol. In: first {wasmModule} (the process's compiled module), then {call, op, args}. Out: {call, progress: [done, total, label]} (at most every 50 ms)
// or {call, envelope} (the core's JSON envelope, unwrapped on this side) or {call, fatal}.
// setInputs keeps the run's inputs in the worker; plan and runJob pass them to the core.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let inputs, received;
// The first message is the compiled module (load-node.ts: one compile per process); the core is instantiated from it.
const modulePromise = new Promise((resolve) => { received = resolve; }).then((wasmModule) =>
  import(workerData.glueUrl).then((glue) => new Promise((resolve, reject) => {
    glue.default({ instantiateWasm(imports, receive) {
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), reject);
      return {};
    } }).then(resolve, reject);
  })));
parentPort.on('message', async ({ wasmModule, call, op, args }) => {
  if (wasmModule) { received(wasmModule); return; }
  try {
    const core = await modulePromise;
    if (op === 'setInputs') { inputs = args[0]; parentPort.postMessage({ call, envelope: '{"ok":true,"value":null}' }); return; }
    if (op === 'plan') args.push(inputs);
    if (op === 'runJob') {
      let last = 0;
      args.push(inputs, (done, total, label) => {
        const now = Date.now();
        if (now - last > 50 || done >= total) { last = now; parentPort.postMessage({ call, progress: [done, total, label] }); }
        return true;
      });
    }
    parentPort.postMessage({ call, envelope: core[op](...args) });
  } catch (error) {
    parentPort.postMessage({ call, fatal: String(error && error.message || error) });
  }
});
`;

interface Pending {
  /** The envelope's value; `call` says what type it has. */
  resolve: (envelope: string) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number, label: string) => void;
}

/** A message of the protocol above, or undefined for anything else. */
function workerMessage(message: unknown): { call: number; progress?: [number, number, string]; envelope?: string; fatal?: string } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { call, progress, envelope, fatal } = message as Record<string, unknown>;
  if (typeof call !== 'number') return undefined;
  const isProgress = Array.isArray(progress) && progress.length === 3 && typeof progress[0] === 'number' && typeof progress[1] === 'number' && typeof progress[2] === 'string';
  return {
    call,
    ...(isProgress ? { progress: [progress[0], progress[1], progress[2]] } : {}),
    ...(typeof envelope === 'string' ? { envelope } : {}),
    ...(fatal !== undefined ? { fatal: String(fatal) } : {}),
  };
}

/** wasmDir holds the web build's <name>.mjs and <name>.wasm: the whole lab's unless a group's is named. */
export function nodeWorkerRunner(wasmDir: string, name: ModuleFile = 'attnlab'): Runner {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { glueUrl: pathToFileURL(join(wasmDir, `${name}.mjs`)).href },
  });
  const pending = new Map<number, Pending>();
  let nextCall = 0;
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  worker.on('message', (message: unknown) => {
    const m = workerMessage(message);
    const p = m && pending.get(m.call);
    if (!m || !p) return;
    if (m.progress) return p.onProgress?.(...m.progress);
    pending.delete(m.call);
    if (m.fatal !== undefined) return p.reject(new CoreError(m.fatal));
    if (m.envelope === undefined) return p.reject(new CoreError('the worker answered without an envelope'));
    p.resolve(m.envelope);
  });
  worker.on('error', (error) => failAll(new CoreError(`worker failed: ${error.message}`)));
  // Calls are posted after the module (in order: each waits on the same promise).
  const moduleSent = compiledModule(wasmDir, name).then((wasmModule) => worker.postMessage({ wasmModule }));
  moduleSent.catch(() => undefined); // each call reports it
  worker.on('exit', () => failAll(new CoreError('stopped')));

  /** T: what the core's entry point `op` returns (see unwrap). */
  const call = <T>(op: string, args: unknown[], onProgress?: Pending['onProgress']) =>
    new Promise<T>((resolve, reject) => {
      const id = nextCall++;
      pending.set(id, { resolve: (envelope) => { try { resolve(unwrap<T>(envelope)); } catch (error) { reject(error as Error); } }, reject, onProgress });
      moduleSent.then(() => worker.postMessage({ call: id, op, args }), (error: Error) => {
        pending.delete(id);
        reject(new CoreError(`the wasm module could not be read: ${error.message}`));
      });
    });

  return {
    setInputs: async (inputs) => { await call<null>('setInputs', [inputs]); },
    plan: (id, params) => call<Plan>('plan', [id, JSON.stringify(params)]),
    runJob: (id, job, onProgress) => call<unknown>('runJob', [id, JSON.stringify(job)], onProgress),
    combine: <Id extends ExperimentId>(id: Id, params: Params, finished: FinishedJob[]) =>
      call<ResultOf[Id]>('combine', [id, JSON.stringify(params), JSON.stringify(finished)]),
    terminate: () => {
      failAll(new CoreError('stopped'));
      void worker.terminate();
    },
  };
}
