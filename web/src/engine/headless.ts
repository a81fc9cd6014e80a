// Headless runs in Node on the web build's wasm module:
//   npm run lab -- <experiment-id> key=value ... [upload=path] [--pool N]
// Result JSON on stdout (the shape the native CLI prints, so the two can be compared), progress on
// stderr, exit 2 on bad input with one line naming the parameter, 1 on any other failure.
// Bundled for Node by scripts/build-headless.mjs (Vite SSR build); scripts/lab.mjs calls main().
import { readFile } from 'node:fs/promises';
import { CoreError, type Json, type Params } from './core';
import { loadCoreNode } from './load-node';
import { nodeWorkerRunner } from './node-worker-runner';
import { Pool } from './pool';
import { parseUpload, UploadError } from './upload-parse';

export { Core, CoreError } from './core';
export { loadCoreNode } from './load-node';
export { nodeWorkerRunner } from './node-worker-runner';
export { Pool } from './pool';
export { parseUpload } from './upload-parse';

export interface HeadlessIo {
  /** Directory holding attnlab.mjs and attnlab.wasm (the web build). */
  wasmDir: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface HeadlessArgs {
  id: string;
  params: Params;
  uploadPath?: string;
  /** Number of worker_threads; undefined runs in this thread. */
  pool?: number;
}

/** Bad command line: exit code 2 with this one-line message. */
class UsageError extends Error {}

export function parseArgs(argv: string[]): HeadlessArgs | UsageError {
  const [id, ...rest] = argv;
  if (!id || id.startsWith('-')) return new UsageError('expected an experiment id first');
  const args: HeadlessArgs = { id, params: {} };
  for (let k = 0; k < rest.length; k++) {
    const arg = rest[k];
    if (arg === '--pool' || arg.startsWith('--pool=')) {
      const text = arg === '--pool' ? rest[++k] : arg.slice('--pool='.length);
      const size = Number(text);
      if (!Number.isInteger(size) || size < 1 || size > 256) return new UsageError(`--pool must be an integer in [1, 256], got '${text ?? ''}'`);
      args.pool = size;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq <= 0) return new UsageError(`expected key=value, got '${arg}'`);
    const key = arg.slice(0, eq);
    const value = arg.slice(eq + 1);
    if (key === 'upload') args.uploadPath = value;
    else args.params[key] = value; // strings, as the CLI passes them: the core validates and converts
  }
  return args;
}

async function readUpload(path: string): Promise<Float64Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch {
    throw new UploadError(`cannot open '${path}'`);
  }
  const parsed = parseUpload(path, bytes);
  if (parsed instanceof Error) throw new UploadError(`${path}: ${parsed.message}`);
  return parsed.data;
}

/** Progress as the native CLI prints it: "\rprogress  NN%" on stderr, a newline at the end. */
function progressPrinter(stderr: (text: string) => void) {
  let lastPercent = -1;
  return {
    update(fraction: number) {
      const percent = Math.floor(100 * Math.min(1, Math.max(0, fraction)));
      if (percent !== lastPercent) stderr(`\rprogress ${String((lastPercent = percent)).padStart(3)}%`);
    },
    end() { if (lastPercent >= 0) stderr('\n'); },
  };
}

async function run(args: HeadlessArgs, io: HeadlessIo): Promise<Json> {
  const core = await loadCoreNode(io.wasmDir);
  const known = core.experiments().map((e) => e.id);
  if (!known.includes(args.id)) throw new UsageError(`unknown experiment '${args.id}' (known: ${known.join(', ')})`);
  const upload = args.uploadPath === undefined ? undefined : await readUpload(args.uploadPath);
  const progress = progressPrinter(io.stderr);
  try {
    if (args.pool === undefined) return core.run(args.id, args.params, upload, (f) => progress.update(f));
    const pool = new Pool(() => nodeWorkerRunner(io.wasmDir), args.pool);
    try {
      return await pool.run(args.id, args.params, { upload, onProgress: (f) => progress.update(f) });
    } finally {
      pool.dispose();
    }
  } finally {
    progress.end();
  }
}

/** Runs one experiment; returns the process exit code. */
export async function main(argv: string[], io: HeadlessIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    io.stderr('usage: npm run lab -- <experiment-id> [key=value ...] [upload=<file.csv|file.npy|file.json>] [--pool N]\n');
    return argv.length === 0 ? 2 : 0;
  }
  const args = parseArgs(argv);
  try {
    if (args instanceof UsageError) throw args;
    const result = await run(args, io);
    io.stdout(JSON.stringify(result) + '\n');
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof UsageError) {
      io.stderr(`attnlab: ${message}\n`);
      return 2;
    }
    if (error instanceof UploadError) {
      io.stderr(`attnlab: upload: ${message}\n`);
      return 2;
    }
    if (error instanceof CoreError) {
      io.stderr(`attnlab: ${message}\n`);
      return error.badInput ? 2 : 1;
    }
    io.stderr(`attnlab: ${(error as Error).stack ?? message}\n`);
    return 1;
  }
}
