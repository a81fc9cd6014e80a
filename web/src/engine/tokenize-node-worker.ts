// SPDX-License-Identifier: Apache-2.0
// A tokenizer's worker_thread (tokenize-node.ts starts one per text headless): one job, its messages back.
import { parentPort, workerData } from 'node:worker_threads';
import { runTokenizeJob, type TokenizeJob } from './tokenize';

if (!parentPort) throw new Error('tokenize-node-worker.ts runs in a worker_thread');
const port = parentPort;
runTokenizeJob(workerData as TokenizeJob, (message) => port.postMessage(message));
