// User files -> the flat numbers the core takes: sparse triplets [i, j, value, i, j, value, ...],
// 0-based. Pure and DOM-free so the browser can run it in a worker and Node in headless runs.
// Errors are returned, not thrown, and name the line or field that is wrong.
//   .csv   rows "i,j,value" (also ; tab or spaces); '#' comments; an optional header row
//   .npy   a dense 2-D array (<f2 <f4 <f8 and little-endian ints); its nonzeros become triplets
//   .json  {"entries": [[i, j, value], ...]}, optionally "n": the size (>= 1 + the largest index)

export interface ParsedUpload {
  /** [i0, j0, v0, i1, j1, v1, ...] */
  data: Float64Array;
  /** Rows and columns: the array's shape for .npy, else 1 + the largest index. */
  rows: number;
  cols: number;
}

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

export type UploadResult = ParsedUpload | UploadError;

/** Dispatches on the file name's extension. */
export function parseUpload(name: string, content: ArrayBuffer | Uint8Array | string): UploadResult {
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const text = () => (typeof content === 'string' ? content : new TextDecoder().decode(content));
  switch (ext) {
    case 'csv':
    case 'txt':
    case 'tsv':
      return parseCsvTriplets(text());
    case 'json':
      return parseJsonEntries(text());
    case 'npy':
      if (typeof content === 'string') return new UploadError(`${name}: a .npy file must be read as bytes`);
      return parseNpy(content);
    default:
      return new UploadError(`${name}: unsupported file type (use .csv, .npy or .json)`);
  }
}

function fromTriplets(values: number[]): ParsedUpload {
  let rows = 0;
  let cols = 0;
  for (let k = 0; k < values.length; k += 3) {
    rows = Math.max(rows, values[k] + 1);
    cols = Math.max(cols, values[k + 1] + 1);
  }
  return { data: Float64Array.from(values), rows, cols };
}

const INDEX_LIMIT = 2 ** 31;

function indexProblem(x: number): string | undefined {
  if (!Number.isInteger(x)) return 'must be a whole number';
  if (x < 0 || x >= INDEX_LIMIT) return 'must be in [0, 2^31)';
  return undefined;
}

/** CSV triplets. A first non-comment row that is not numeric is taken as a header. */
export function parseCsvTriplets(text: string): UploadResult {
  const values: number[] = [];
  const lines = text.split(/\r?\n/);
  let sawData = false;
  const fields = ['i', 'j', 'value'];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].trim();
    if (line === '' || line.startsWith('#')) continue;
    const cells = line.split(/\s*[,;\t]\s*|\s+/);
    const numbers = cells.map((c) => (c === '' ? NaN : Number(c)));
    if (!sawData && numbers.every(Number.isNaN)) {
      sawData = true; // header row such as "i,j,value"
      continue;
    }
    sawData = true;
    if (cells.length !== 3) return new UploadError(`line ${n + 1}: expected 3 fields (i, j, value), got ${cells.length}`);
    for (let f = 0; f < 3; f++) {
      const x = numbers[f];
      if (!Number.isFinite(x)) return new UploadError(`line ${n + 1}: field ${fields[f]} '${cells[f]}' is not a finite number`);
      const problem = f < 2 ? indexProblem(x) : undefined;
      if (problem) return new UploadError(`line ${n + 1}: field ${fields[f]} '${cells[f]}' ${problem}`);
      values.push(x);
    }
  }
  if (values.length === 0) return new UploadError('no entries: expected rows "i,j,value"');
  return fromTriplets(values);
}

/** {"entries": [[i, j, value], ...], "n"?: size} */
export function parseJsonEntries(text: string): UploadResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return new UploadError(`not valid JSON: ${(e as Error).message}`);
  }
  const entries = (doc as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return new UploadError('field entries: expected an array of [i, j, value]');
  if (entries.length === 0) return new UploadError('field entries: is empty');
  const values: number[] = [];
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k];
    if (!Array.isArray(e) || e.length !== 3) return new UploadError(`entries[${k}]: expected [i, j, value]`);
    for (let f = 0; f < 3; f++) {
      const x = e[f];
      if (typeof x !== 'number' || !Number.isFinite(x)) return new UploadError(`entries[${k}][${f}]: expected a finite number`);
      const problem = f < 2 ? indexProblem(x) : undefined;
      if (problem) return new UploadError(`entries[${k}][${f}]: ${problem}`);
      values.push(x);
    }
  }
  const parsed = fromTriplets(values);
  const n = (doc as { n?: unknown }).n;
  if (n === undefined) return parsed;
  // An explicit size (as the native CLI reads it): trailing empty rows are carried by a zero entry.
  const needed = Math.max(parsed.rows, parsed.cols);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < needed) {
    return new UploadError(`field n must be an integer at least 1 + the largest index (${needed})`);
  }
  if (n === needed) return parsed;
  return { data: Float64Array.from([...values, n - 1, n - 1, 0]), rows: n, cols: n };
}

const NPY_MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

/** Reads element k (in file order) as a number. */
type ElementReader = (view: DataView, offset: number) => number;

const NPY_TYPES: Record<string, { size: number; read: ElementReader }> = {
  f8: { size: 8, read: (v, o) => v.getFloat64(o, true) },
  f4: { size: 4, read: (v, o) => v.getFloat32(o, true) },
  f2: { size: 2, read: (v, o) => float16(v.getUint16(o, true)) },
  i8: { size: 8, read: (v, o) => Number(v.getBigInt64(o, true)) },
  i4: { size: 4, read: (v, o) => v.getInt32(o, true) },
  i2: { size: 2, read: (v, o) => v.getInt16(o, true) },
  i1: { size: 1, read: (v, o) => v.getInt8(o) },
  u4: { size: 4, read: (v, o) => v.getUint32(o, true) },
  u2: { size: 2, read: (v, o) => v.getUint16(o, true) },
  u1: { size: 1, read: (v, o) => v.getUint8(o) },
};

function float16(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** A dense 2-D .npy array (format versions 1-3, spec paper3 §8.1); its nonzeros in row-major order. */
export function parseNpy(content: ArrayBuffer | Uint8Array): UploadResult {
  const bytes = content instanceof Uint8Array ? content : new Uint8Array(content);
  if (bytes.length < 10 || NPY_MAGIC.some((b, k) => bytes[k] !== b)) return new UploadError('not a .npy file (no \\x93NUMPY magic)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const major = bytes[6];
  if (major < 1 || major > 3) return new UploadError(`.npy format version ${major} is not supported`);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  const dataStart = headerStart + headerLength;
  if (dataStart > bytes.length) return new UploadError('.npy header: truncated');
  const header = new TextDecoder('latin1').decode(bytes.subarray(headerStart, dataStart));

  const descr = header.match(/'descr'\s*:\s*'([^']*)'/)?.[1];
  if (!descr) return new UploadError(".npy header: no 'descr' field");
  const order = header.match(/'fortran_order'\s*:\s*(True|False)/)?.[1];
  if (!order) return new UploadError(".npy header: no 'fortran_order' field");
  const shapeText = header.match(/'shape'\s*:\s*\(([^)]*)\)/)?.[1];
  if (shapeText === undefined) return new UploadError(".npy header: no 'shape' field");

  if (descr.startsWith('>')) return new UploadError(`field descr '${descr}': big-endian data is not supported (save as little-endian)`);
  const type = NPY_TYPES[descr.replace(/^[<|=]/, '')];
  if (!type) return new UploadError(`field descr '${descr}': unsupported dtype (use float64, float32, float16 or integers)`);
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  if (shape.length !== 2 || shape.some((s) => !Number.isInteger(s) || s < 1)) {
    return new UploadError(`field shape (${shapeText}): expected a 2-D array (rows, cols)`);
  }
  const [rows, cols] = shape;
  if (dataStart + rows * cols * type.size > bytes.length) {
    return new UploadError(`data: truncated (expected ${rows * cols} values after the header)`);
  }
  const fortran = order === 'True';
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const k = fortran ? j * rows + i : i * cols + j;
      const x = type.read(view, dataStart + k * type.size);
      if (!Number.isFinite(x)) return new UploadError(`data[${i}, ${j}]: ${x} is not a finite number`);
      if (x !== 0) values.push(i, j, x);
    }
  }
  return { data: Float64Array.from(values), rows, cols };
}
