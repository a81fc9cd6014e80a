// SPDX-License-Identifier: Apache-2.0
// The page side of the model's reader worker (model-reader-worker.ts): started with the folder's files, it hands back
// the port that the core's worker reads through (model-worker.ts's modelOpen), so reading and computing overlap.
import * as Comlink from 'comlink';
import type { RangeReader } from './model-files';
import type { ReaderApi } from './model-reader-worker';

export function startModelReader(entries: [string, Blob][]): { port: MessagePort; worker: Worker } {
  const worker = new Worker(new URL('./model-reader-worker.ts', import.meta.url), {
    type: 'module',
    name: 'attnlab-model-reader',
  });
  const channel = new MessageChannel();
  worker.postMessage({ files: entries, port: channel.port1 }, [channel.port1]);
  return { port: channel.port2, worker };
}

/** The reads of a reader worker, through its port (in the core's worker). */
export function portReader(port: MessagePort): RangeReader {
  const remote = Comlink.wrap<ReaderApi>(port);
  return (ranges) => remote.read(ranges);
}
