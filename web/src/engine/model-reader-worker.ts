// SPDX-License-Identifier: Apache-2.0
// A worker that only reads a model folder's bytes for the worker that runs the core (engine/model-worker.ts). A File's
// reads (Blob.slice(a, b).arrayBuffer()) arrive as tasks on the reading thread; the core's steps hold its own thread
// for a layer at a time, so reading there would wait for every step. Here the next layer's bytes arrive while the
// core computes, and go over transferred (never copied). It gets the files and a port (model-reader.ts) and answers
// read(ranges) on that port.
import * as Comlink from 'comlink';
import { blobReader, type ByteRange, type ReadBytes } from './model-files';

export interface ReaderApi {
  read(ranges: ByteRange[]): Promise<ReadBytes[]>;
}

self.onmessage = ({ data }: MessageEvent<{ files: [string, Blob][]; port: MessagePort }>) => {
  const read = blobReader(new Map(data.files));
  const api: ReaderApi = {
    async read(ranges) {
      const out = await read(ranges);
      return Comlink.transfer(out, [...new Set(out.map((r) => r.bytes.buffer as ArrayBuffer))]); // ranges share spans
    },
  };
  Comlink.expose(api, data.port);
};
