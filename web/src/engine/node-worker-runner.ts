// Node runner: one worker_thread = one wasm instance, with the Runner contract of pool.ts.
// Used by `npm run lab -- --pool N` and the bench. The worker body is a few lines of plain JS run
// with eval, so the same runner works from the TS sources (Vitest) and from the SSR bundle.
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { CoreError, unwrap, type Json } from './core';
import type { Runner } from './pool';

// Protocol. In: {call, op, args}. Out: {call, progress: [done, total, label]} (at most every 50 ms)
// or {call, envelope} (the core's JSON envelope, unwrapped on this side) or {call, fatal}.
// setInputs keeps the run's inputs in the worker; plan and runJob pass them to the core.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const modulePromise = import(workerData.glueUrl).then((glue) => glue.default({ wasmBinary: readFileSync(workerData.wasmPath) }));
let inputs;
parentPort.on('message', async ({ call, op, args }) => {
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
  resolve: (value: Json) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number, label: string) => void;
}

/** wasmDir holds the web build's attnlab.mjs and attnlab.wasm. */
export function nodeWorkerRunner(wasmDir: string): Runner {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { glueUrl: pathToFileURL(join(wasmDir, 'attnlab.mjs')).href, wasmPath: join(wasmDir, 'attnlab.wasm') },
  });
  const pending = new Map<number, Pending>();
  let nextCall = 0;
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  worker.on('message', (message: { call: number; progress?: [number, number, string]; envelope?: string; fatal?: string }) => {
    const p = pending.get(message.call);
    if (!p) return;
    if (message.progress) return p.onProgress?.(...message.progress);
    pending.delete(message.call);
    if (message.fatal !== undefined) return p.reject(new CoreError(message.fatal));
    try {
      p.resolve(unwrap(message.envelope as string));
    } catch (error) {
      p.reject(error as Error);
    }
  });
  worker.on('error', (error) => failAll(new CoreError(`worker failed: ${error.message}`)));
  worker.on('exit', () => failAll(new CoreError('stopped')));

  const call = (op: string, args: unknown[], onProgress?: Pending['onProgress']) =>
    new Promise<Json>((resolve, reject) => {
      const id = nextCall++;
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ call: id, op, args });
    });

  return {
    setInputs: async (inputs) => { await call('setInputs', [inputs]); },
    plan: (id, params) => call('plan', [id, JSON.stringify(params)]),
    runJob: (id, job, onProgress) => call('runJob', [id, JSON.stringify(job)], onProgress),
    combine: (id, params, finished) => call('combine', [id, JSON.stringify(params), JSON.stringify(finished)]),
    terminate: () => {
      failAll(new CoreError('stopped'));
      void worker.terminate();
    },
  };
}
