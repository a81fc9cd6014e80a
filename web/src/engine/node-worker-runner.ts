// SPDX-License-Identifier: Apache-2.0
// Node runner: one worker_thread = one wasm instance, with the Runner contract of pool.ts. The worker runs the page's
// worker code (node-worker.ts → worker-api.ts) through Comlink's adapter for worker_threads; the calls are the page's
// (remote-runner.ts). Used by `npm run lab -- --pool N` and the preset build (scripts/precompute-presets.mjs).
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { keepCoreErrors } from './comlink-errors';
import { CoreError } from './core';
import { compiledModule, type ModuleFile } from './load-node';
import type { NodeWorkerData } from './node-worker';
import type { Runner } from './pool';
import { remoteRunner } from './remote-runner';
import type { WorkerApi } from './worker-api';

/**
 * A worker_thread running node-worker. The headless bundle (scripts/build-headless.mjs) has it built beside this code
 * as node-worker.js. Run from the TypeScript sources (Vitest), the worker reads node-worker.ts and what it imports
 * through ts-hooks.mjs, Node's module hooks over TypeScript's own transpiler.
 */
function startWorker(workerData: NodeWorkerData): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? 'node-worker.ts' : 'node-worker.js', import.meta.url).href;
  if (!fromSources) return new Worker(new URL(entry), { workerData });
  const hooks = new URL('ts-hooks.mjs', import.meta.url).href;
  const boot = `require('node:module').register(${JSON.stringify(hooks)}); import(${JSON.stringify(entry)});`;
  return new Worker(boot, { eval: true, workerData });
}

/** wasmDir holds the web build's <name>.mjs and <name>.wasm: the whole lab's unless a group's is named. */
export function nodeWorkerRunner(wasmDir: string, name: ModuleFile = 'attnlab'): Runner {
  keepCoreErrors(); // a refusal arrives as a CoreError with its badInput and key
  let worker: Worker | undefined;
  let stopped = false;
  let end: (error: Error) => void = () => undefined;
  const ended = new Promise<never>((_, reject) => {
    end = reject;
  });
  ended.catch(() => undefined); // each call reports it
  return remoteRunner({
    async start() {
      let wasmModule: WebAssembly.Module;
      try {
        wasmModule = await compiledModule(wasmDir, name);
      } catch (error) {
        throw new CoreError(`the wasm module could not be read: ${(error as Error).message}`);
      }
      if (stopped) throw new CoreError('stopped'); // terminated while the module was read: no worker to leave behind
      const glueUrl = pathToFileURL(join(wasmDir, `${name}.mjs`)).href;
      worker = startWorker({ glueUrl, wasmModule });
      worker.on('error', (error) => end(new CoreError(`worker failed: ${error.message}`)));
      worker.on('exit', () => end(new CoreError('stopped')));
      return Comlink.wrap<WorkerApi>(nodeEndpoint(worker));
    },
    terminate() {
      stopped = true;
      end(new CoreError('stopped'));
      void worker?.terminate();
    },
    ended,
  });
}
