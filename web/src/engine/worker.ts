// SPDX-License-Identifier: Apache-2.0
// The page's core worker: a module Web Worker running worker-api.ts (the same code as Node's worker_threads,
// node-worker.ts) on the module of the experiment's group, which load-browser.ts fetches.
import * as Comlink from 'comlink';
import { keepCoreErrors } from './comlink-errors';
import { loadCore } from './load-browser';
import { workerApi } from './worker-api';

keepCoreErrors();
const api = workerApi(loadCore);
Comlink.expose(api);
// Started as `attnlab-core:<experiment>` (worker-runner.ts): that core loads now, before any message arrives.
const preload = /^attnlab-core:(.+)$/.exec(self.name)?.[1];
if (preload) api.prepare(preload);
