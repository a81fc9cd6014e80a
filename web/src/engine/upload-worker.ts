// Parses a user file in a Web Worker so a large CSV or .npy never blocks the page.
import * as Comlink from 'comlink';
import { parseUpload, UploadError } from './upload-parse';

const api = {
  parse(name: string, bytes: ArrayBuffer) {
    const parsed = parseUpload(name, new Uint8Array(bytes));
    if (parsed instanceof UploadError) return { ok: false as const, error: parsed.message };
    return Comlink.transfer({ ok: true as const, value: parsed }, [parsed.data.buffer as ArrayBuffer]);
  },
};
export type UploadWorkerApi = typeof api;
Comlink.expose(api);
