// SPDX-License-Identifier: Apache-2.0
// A core's worker in Node's worker_threads (node-worker-runner.ts starts it): the page's worker code (worker-api.ts)
// behind Comlink's adapter for a worker_thread's port. Its one core is the module it was given, compiled once by the
// process (load-node.ts), whichever experiment it runs: headless runs give the whole lab's, preset builds a group's.
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import { parentPort, workerData } from 'node:worker_threads';
import { keepCoreErrors } from './comlink-errors';
import type { Core } from './core';
import { instantiateCore } from './load-node';
import { workerApi } from './worker-api';

/** What node-worker-runner.ts hands over as the worker starts. */
export interface NodeWorkerData {
  glueUrl: string;
  wasmModule: WebAssembly.Module;
}

if (!parentPort) throw new Error('node-worker.ts runs in a worker_thread');
const { glueUrl, wasmModule } = workerData as NodeWorkerData;
keepCoreErrors();
// Instantiated as the worker starts, as the page's worker loads the core its name gives: the first call finds it ready.
const core: Promise<Core> = instantiateCore(glueUrl, wasmModule);
core.catch(() => undefined); // each call that needs it reports a failure
Comlink.expose(
  workerApi(() => core),
  nodeEndpoint(parentPort),
);
