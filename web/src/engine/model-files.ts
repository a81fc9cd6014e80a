// SPDX-License-Identifier: Apache-2.0
// A model folder's files, the byte ranges the core asks of them and how they are read here (blobReader), and the
// error a model's refusal or a failed read throws.

/** A model's refusal or a failed read: one line naming the file and the cause. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

/**
 * One file of a model folder: a Blob (the page's File), or headless a file read by position through a file handle
 * (node-model-files.ts), whose size is right past 4 GiB where Node 20's openAsBlob wraps it modulo 2^32.
 */
export interface ModelFile {
  readonly size: number;
  slice(begin: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
  text(): Promise<string>;
}

/** A model folder's files by their name in the folder (config.json, model.safetensors, ...). */
export type ModelFiles = ReadonlyMap<string, ModelFile>;

export interface ByteRange {
  file: string;
  begin: number;
  end: number;
}

/** Bytes read for a range. */
export interface ReadBytes {
  range: ByteRange;
  bytes: Uint8Array;
}
/**
 * Reads byte ranges of the folder's files. In the page a reader worker of its own does it (engine/model-reader.ts), so
 * that a File's reads go on while the core computes (its steps hold this worker's thread); headless, blobReader.
 */
export type RangeReader = (ranges: ByteRange[]) => Promise<ReadBytes[]>;

/** Ranges of one file closer than this are read as one span (the bytes between are read and dropped). */
const SPAN_GAP = 256 * 1024;

/**
 * The bytes of `ranges`, read here with Blob.slice(a, b).arrayBuffer(): neighbouring ranges of a file (a layer's
 * tensors) as one span, which Chromium reads about 1.7× as fast as the same bytes in one slice per tensor; each range
 * is a view into its span's buffer.
 */
export function blobReader(files: ModelFiles): RangeReader {
  return async (ranges) => {
    for (const r of ranges) {
      const blob = files.get(r.file);
      if (!blob) throw new ModelError(`${r.file}: the folder has no such file`);
      if (r.end > blob.size || r.begin > r.end)
        throw new ModelError(`${r.file}: bytes ${r.begin}–${r.end} are beyond its ${blob.size} bytes`);
    }
    const sorted = [...ranges].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.begin - b.begin));
    const spans: { file: string; begin: number; end: number; members: ByteRange[] }[] = [];
    for (const r of sorted) {
      const last = spans.at(-1);
      if (last && last.file === r.file && r.begin - last.end <= SPAN_GAP) {
        last.end = Math.max(last.end, r.end);
        last.members.push(r);
      } else {
        spans.push({ file: r.file, begin: r.begin, end: r.end, members: [r] });
      }
    }
    const read = await Promise.all(
      spans.map(async (span) => {
        const buffer = await files.get(span.file)!.slice(span.begin, span.end).arrayBuffer();
        return span.members.map((range) => ({
          range,
          bytes: new Uint8Array(buffer, range.begin - span.begin, range.end - range.begin),
        }));
      }),
    );
    return read.flat();
  };
}
