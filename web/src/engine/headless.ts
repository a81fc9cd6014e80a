// Headless runs in Node on the web build's wasm module:
//   npm run lab -- <experiment-id> key=value ... [<input>=<file>] [--pool N] [--max-seconds S]
//   npm run lab -- <experiment-id> --help        npm run lab -- --schema
// Result JSON on stdout (the shape the native CLI prints, so the two can be compared), progress on
// stderr, exit 2 on bad input with one line naming the parameter or file, 1 on any other failure.
// Files are parsed by the core's one parser (the native CLI's), through wasm.
// Bundled for Node by scripts/build-headless.mjs (Vite SSR build); scripts/lab.mjs calls main().
import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parseDecimal } from './decimal';
import type { ExperimentId } from '../experiments/generated';
import { CoreError, type Core, type CoreSchema, type Inputs, type Params } from './core';
import { loadCoreNode } from './load-node';
import { nodeWorkerRunner } from './node-worker-runner';
import { Pool } from './pool';
import { runSharded, ShardedRefusal } from './sharded';

export { Core, CoreError } from './core';
export { loadCoreNode } from './load-node';
export { nodeWorkerRunner } from './node-worker-runner';
export { Pool } from './pool';

/** key=value is a file when key is an input; when it is also a parameter (rmt-*'s R), only with a file extension (R=my.csv). */
function isFileArg(schema: CoreSchema, key: string, value: string): boolean {
  const rule = schema.inputs.find((i) => i.name === key);
  if (!rule) return false;
  if (!schema.params.some((p) => p.key === key)) return true;
  return rule.formats.some((f) => value.toLowerCase().endsWith(`.${f}`));
}

export interface HeadlessIo {
  /** Directory holding attnlab.mjs and attnlab.wasm (the web build). */
  wasmDir: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface HeadlessArgs {
  id: ExperimentId;
  params: Params;
  /** Input name -> file path (e.g. pattern=my.csv; upload= is the experiment's only input). */
  files: [string, string][];
  /** Number of worker_threads; undefined: every core for a sweep of several jobs, this thread for one job. */
  pool?: number;
  /** The time budget as given (--max-seconds S, default one hour): runs the plan estimates above it are refused. */
  maxSeconds: string;
  help?: boolean;
}

/** Bad command line: exit code 2 with this one-line message. */
class UsageError extends Error {}

/** Largest file any host reads (the native CLI's kInputFileLimitBytes). */
const INPUT_FILE_LIMIT = 512 * 1024 * 1024;

/** The same cut as the core's quoteValue: one line, at most ~80 characters. */
export function quote(text: string): string {
  const one = text.replace(/[\r\n\t]/g, ' ');
  return `'${one.length > 80 ? `${one.slice(0, 77)}...` : one}'`;
}

/** The time budget, worded as the native CLI words it (attnlab/time_budget.hpp). */
const DEFAULT_MAX_SECONDS = '3600';
const DECIMAL_FORM = 'a plain decimal number (such as 0.5 or 1e-3)';

function maxSecondsProblem(text: string): string | undefined {
  const seconds = text.trim() === text ? parseDecimal(text) : undefined;
  if (seconds !== undefined && seconds > 0) return undefined;
  return `--max-seconds must be a positive number of seconds, written as ${DECIMAL_FORM}, got ${quote(text)}`;
}

/** The refusal of a run estimated above the limit, or undefined when it fits. */
export function overTimeBudget(estimatedSeconds: number, limitText: string): string | undefined {
  const limit = parseDecimal(limitText);
  if (limit === undefined || !Number.isFinite(estimatedSeconds) || estimatedSeconds <= limit) return undefined;
  const seconds = Math.min(Math.ceil(estimatedSeconds), 1e15);
  const tenths = Math.round(seconds / 360);
  const hours = `${Math.floor(tenths / 10)}.${tenths % 10}`;
  return `this run is estimated at ${seconds} s (${hours} h) on one core of the reference machine, above the ${limitText} s allowed: ` +
    `give --max-seconds ${seconds} to run it anyway, or split it into jobs (attnlab plan, README "Running big sweeps")`;
}

/** The module lists exactly the generated experiment ids (schema.test.ts checks): an id it lists is an ExperimentId. */
function listed(id: string, schemas: CoreSchema[]): id is ExperimentId {
  return schemas.some((s) => s.id === id);
}

export function parseArgs(argv: string[], schemas: CoreSchema[]): HeadlessArgs | UsageError {
  const [id, ...rest] = argv;
  if (!id || id.startsWith('-')) return new UsageError('expected an experiment id first');
  const schema = schemas.find((s) => s.id === id);
  if (!schema || !listed(id, schemas)) return new UsageError(`unknown experiment ${quote(id)} (known: ${schemas.map((s) => s.id).join(', ')})`);
  const inputNames = schema.inputs.map((i) => i.name);
  const args: HeadlessArgs = { id, params: {}, files: [], maxSeconds: DEFAULT_MAX_SECONDS };
  const cores = availableParallelism();
  for (let k = 0; k < rest.length; k++) {
    const arg = rest[k];
    if (arg === '--help' || arg === '-h') { args.help = true; continue; }
    if (arg === '--pool' || arg.startsWith('--pool=')) {
      const text = arg === '--pool' ? rest[++k] : arg.slice('--pool='.length);
      const size = /^[0-9]+$/.test(text ?? '') ? Number(text) : NaN;
      if (!Number.isInteger(size) || size < 1 || size > cores) return new UsageError(`--pool must be an integer in [1, ${cores}] (the cores of this machine), got ${quote(text ?? '')}`);
      args.pool = size;
      continue;
    }
    if (arg === '--max-seconds' || arg.startsWith('--max-seconds=')) {
      if (arg === '--max-seconds' && k + 1 === rest.length) return new UsageError('--max-seconds needs a value');
      const text = arg === '--max-seconds' ? rest[++k] : arg.slice('--max-seconds='.length);
      const problem = maxSecondsProblem(text);
      if (problem) return new UsageError(problem);
      args.maxSeconds = text;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq <= 0) return new UsageError(`expected key=value, got ${quote(arg)}`);
    let key = arg.slice(0, eq);
    const value = arg.slice(eq + 1);
    if (key === 'upload' && inputNames.length === 1) key = inputNames[0]; // the old spelling of the only input
    if (Object.hasOwn(args.params, key) || args.files.some(([name]) => name === key)) return new UsageError(`${key} is given twice: give each parameter once`);
    if (isFileArg(schema, key, value)) args.files.push([key, value]);
    else args.params[key] = value; // strings, as the CLI passes them: the core validates and converts
  }
  return args;
}

/** Reads and parses every input file; a head bundle's own Q·K scale becomes `scale` when none was given (as natively),
 * and two bundles of different scale are refused, naming both. */
async function readInputs(core: Core, args: HeadlessArgs, stderr: (text: string) => void): Promise<Inputs | undefined> {
  if (args.files.length === 0) return undefined;
  const budget = Number(args.params.budget ?? 1024);
  const inputs: Inputs = {};
  let firstScale: { scale: number; path: string } | undefined;
  for (const [name, path] of args.files) {
    let bytes: Uint8Array;
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new UsageError(`${name}: '${path}' is not a regular file (a FIFO, device or directory cannot be read as data)`);
      if (info.size > INPUT_FILE_LIMIT) throw new UsageError(`${name}: '${path}' is ${info.size >> 20} MiB, larger than the ${INPUT_FILE_LIMIT >> 20} MiB a file may have`);
      bytes = await readFile(path);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`${name}: cannot open '${path}'`);
    }
    const parsed = core.parseInput(args.id, name, path, bytes, Number.isFinite(budget) ? budget : 1024);
    const { bundleScale, ...array } = parsed;
    inputs[name] = array;
    if (bundleScale && firstScale && bundleScale !== firstScale.scale) {
      throw new UsageError(`the head bundles ${quote(firstScale.path)} (scale ${firstScale.scale}) and ${quote(path)} (scale ${bundleScale}) disagree on scale: give Q and K of one head`);
    }
    if (bundleScale && !firstScale) firstScale = { scale: bundleScale, path };
    const takesScale = core.experiments().find((e) => e.id === args.id)?.params.some((p) => p.key === 'scale');
    if (bundleScale && takesScale && args.params.scale === undefined) {
      args.params.scale = String(bundleScale);
      stderr(`attnlab: scale=${bundleScale} from the head bundle ${path}\n`);
    }
  }
  return inputs;
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

/**
 * The time budget, before anything runs: the plan's estimate (bad parameters are left for the run to name).
 * Returns the plan's number of jobs (1 when it could not plan).
 */
function requireTimeBudget(core: Core, args: HeadlessArgs, inputs: Inputs | undefined): number {
  let estimate: number | null = null, jobs = 1;
  try {
    const plan = core.plan(args.id, args.params, inputs);
    estimate = plan.estimatedSeconds;
    jobs = plan.jobs.length;
  } catch (error) {
    if (!(error instanceof CoreError)) throw error;
  }
  const over = typeof estimate === 'number' ? overTimeBudget(estimate, args.maxSeconds) : undefined;
  if (over) throw new UsageError(over);
  return jobs;
}

/** Without --pool, a sweep of several jobs runs on every core (as the page does); one job runs in this thread. */
export const defaultPool = (jobs: number, cores: number): number | undefined => (jobs > 1 && cores > 1 ? Math.min(cores, jobs) : undefined);

async function run(core: Core, args: HeadlessArgs, io: HeadlessIo): Promise<unknown> {
  const inputs = await readInputs(core, args, io.stderr);
  const jobs = requireTimeBudget(core, args, inputs);
  const size = args.pool ?? defaultPool(jobs, availableParallelism());
  const progress = progressPrinter(io.stderr);
  try {
    if (size === undefined) return core.run(args.id, args.params, inputs, (f) => progress.update(f));
    const pool = new Pool(() => nodeWorkerRunner(io.wasmDir), size);
    try {
      return await pool.run(args.id, args.params, { inputs, onProgress: (f) => progress.update(f) });
    } finally {
      pool.dispose();
    }
  } finally {
    progress.end();
  }
}

/** Runs one experiment; returns the process exit code. */
export async function main(argv: string[], io: HeadlessIo): Promise<number> {
  const usage = 'usage: npm run lab -- <experiment-id> [key=value ...] [<input>=<file.csv|file.npy|file.json>] [--pool N] [--max-seconds S]\n' +
    '       npm run lab -- <experiment-id> --help    parameters, defaults, ranges and inputs\n' +
    '       npm run lab -- --schema                  every experiment\'s schema as JSON\n' +
    '       npm run lab -- plan|run-job|combine <experiment-id> ...   a sweep in shards (as attnlab plan ...)\n';
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    (argv.length === 0 ? io.stderr : io.stdout)(usage);
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const core = await loadCoreNode(io.wasmDir);
    const schemas = core.experiments();
    if (argv[0] === '--schema') { io.stdout(JSON.stringify(schemas, null, 2) + '\n'); return 0; }
    if (['plan', 'run-job', 'combine'].includes(argv[0])) return runSharded(core, argv, io.stdout, io.stderr);
    const args = parseArgs(argv, schemas);
    if (args instanceof UsageError) throw args;
    if (args.help) { io.stdout(core.module.experimentHelp(args.id)); return 0; }
    const result = await run(core, args, io);
    io.stdout(JSON.stringify(result) + '\n');
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof UsageError || error instanceof ShardedRefusal) {
      io.stderr(`attnlab: ${message}\n`);
      return 2;
    }
    if (error instanceof CoreError) {
      io.stderr(`attnlab: ${message}\n`);
      return error.badInput ? 2 : 1;
    }
    io.stderr(`attnlab: ${String(message).split('\n')[0]}\n`);
    return 1;
  }
}
