// Main-thread side of upload parsing: the bytes go to a short-lived worker and come back as numbers.
import * as Comlink from 'comlink';
import { UploadError, type ParsedUpload, type UploadResult } from './upload-parse';
import type { UploadWorkerApi } from './upload-worker';

export async function parseUploadOffThread(file: File): Promise<UploadResult> {
  const worker = new Worker(new URL('./upload-worker.ts', import.meta.url), { type: 'module', name: 'attnlab-upload' });
  try {
    const bytes = await file.arrayBuffer();
    const api = Comlink.wrap<UploadWorkerApi>(worker);
    const out = await api.parse(file.name, Comlink.transfer(bytes, [bytes]));
    return out.ok ? (out.value as ParsedUpload) : new UploadError(out.error);
  } finally {
    worker.terminate();
  }
}
