// SPDX-License-Identifier: Apache-2.0
// The headless TokenizeRunner (tokenize-guard.ts): a worker_thread (tokenize-node-worker.ts) per text, terminated by
// the time limit. The headless bundle has it built beside this code (scripts/build-headless.mjs); from the TypeScript
// sources (Vitest) it runs through ts-hooks.mjs, as node-worker-runner.ts's workers do.
import { Worker } from 'node:worker_threads';
import type { TokenizeRunner } from './tokenize-guard';

function startWorker(workerData: unknown): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? 'tokenize-node-worker.ts' : 'tokenize-node-worker.js', import.meta.url).href;
  if (!fromSources) return new Worker(new URL(entry), { workerData });
  const hooks = new URL('ts-hooks.mjs', import.meta.url).href;
  const boot = `require('node:module').register(${JSON.stringify(hooks)}); import(${JSON.stringify(entry)});`;
  return new Worker(boot, { eval: true, workerData });
}

export const nodeTokenizer: TokenizeRunner = (job, onMessage, onError) => {
  const worker = startWorker(job);
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', (code) => {
    if (code !== 0) onError(new Error(`it exited with code ${code}`));
  });
  return () => void worker.terminate();
};
