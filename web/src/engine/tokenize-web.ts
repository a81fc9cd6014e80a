// SPDX-License-Identifier: Apache-2.0
// The page's TokenizeRunner (tokenize-guard.ts): a module Web Worker (tokenize-worker.ts) per text, started from the
// core's worker, terminated by the time limit or Stop.
import type { TokenizeRunner } from './tokenize-guard';

export const webTokenizer: TokenizeRunner = (job, onMessage, onError) => {
  const worker = new Worker(new URL('./tokenize-worker.ts', import.meta.url), {
    type: 'module',
    name: 'attnlab-tokenizer',
  });
  worker.onmessage = (event) => onMessage(event.data);
  worker.onerror = (event) => onError(new Error(event.message || 'it could not start'));
  worker.postMessage(job);
  return () => worker.terminate();
};
