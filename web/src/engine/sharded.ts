// The experiment contract on the command line for the wasm build, the same files and verdicts as the
// native CLI's (wasm/cli/sharded.cpp): both call the core's sweep functions (attnlab/sweep.hpp), which
// write the job lines and shards and check every shard before a merge; this file only lists folders,
// reads files without blocking and writes atomically.
//   npm run lab -- plan <id> key=value ... [-o jobs.jsonl] [--missing results/] [--print KEY]
//   npm run lab -- run-job <id> --jobs jobs.jsonl --index I [-o results/I.json]
//   npm run lab -- combine <id> --jobs jobs.jsonl results/ [-o result.json] [--allow-partial]
// Node only (headless). Throws ShardedRefusal for bad input (exit 2); combine returns 3 when jobs are missing.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CoreError, unwrap, type Core, type Params, type PlannedJob } from './core';

/** Bad input: exit 2 with this one-line message. */
export class ShardedRefusal extends Error {}

/** combine's exit code when jobs are missing or refused (the merged file is still written, marked "partial"). */
export const EXIT_INCOMPLETE = 3;

interface Args {
  command: string; id: string; params: Params; jobs?: string; output?: string; missing?: string; results?: string;
  index?: number; print?: string; allowPartial?: boolean;
}

function parse(argv: string[]): Args {
  const [command, id, ...rest] = argv;
  if (!id) throw new ShardedRefusal(`${command} needs an experiment id`);
  const args: Args = { command, id, params: {} };
  for (let k = 0; k < rest.length; k++) {
    const arg = rest[k];
    const value = () => {
      if (k + 1 >= rest.length) throw new ShardedRefusal(`${arg} needs a value`);
      return rest[++k];
    };
    if (arg === '-o') args.output = value();
    else if (arg === '--jobs') args.jobs = value();
    else if (arg === '--missing') args.missing = value();
    else if (arg === '--print' && command === 'plan') args.print = value();
    else if (arg === '--allow-partial' && command === 'combine') args.allowPartial = true;
    else if (arg === '--index') {
      const text = value();
      if (!/^[0-9]{1,9}$/.test(text)) throw new ShardedRefusal(`--index must be a job index (0, 1, ...), got '${text.slice(0, 80)}'`);
      args.index = Number(text);
    } else if (arg.indexOf('=') > 0) {
      const key = arg.slice(0, arg.indexOf('='));
      if (Object.hasOwn(args.params, key)) throw new ShardedRefusal(`${key} is given twice: give each parameter once`);
      args.params[key] = arg.slice(arg.indexOf('=') + 1);
    }
    else if (command === 'combine' && !args.results) args.results = arg;
    else throw new ShardedRefusal(`unexpected argument '${arg.slice(0, 80)}'`);
  }
  return args;
}

/** Atomic write through a temporary file of this writer alone (<path>.<pid>.<random>.tmp), or stdout. */
function writeOut(path: string | undefined, text: string, stdout: (t: string) => void): void {
  if (!path) return stdout(text);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

const KINDS: [string, (s: ReturnType<typeof fstatSync>) => boolean][] = [
  ['a directory', (s) => s.isDirectory()], ['a FIFO', (s) => s.isFIFO()], ['a character device', (s) => s.isCharacterDevice()],
  ['a block device', (s) => s.isBlockDevice()], ['a socket', (s) => s.isSocket()],
];

/** A file's text, opened without blocking (a FIFO returns at once) and read only when it is a regular file. */
function readRegular(path: string): { text: string } | { error: string } {
  let fd: number;
  try { fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK); } catch { return { error: `cannot open '${path}'` }; }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { error: `${KINDS.find(([, is]) => is(info))?.[0] ?? 'not a plain file'}, not a regular file` };
    return { text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

function fromCore<T>(envelope: string): T {
  try {
    return unwrap<T>(envelope);
  } catch (error) {
    if (error instanceof CoreError && error.badInput) throw new ShardedRefusal(error.message);
    throw error;
  }
}

/** One line of a jobs file (the core's sweepPlan): a planned job and the sweep's bookkeeping (--print names one of its keys). */
type JobLine = PlannedJob & Record<string, unknown>;

function readJobs(core: Core, args: Args): JobLine[] {
  if (!args.jobs) throw new ShardedRefusal(`${args.command} needs --jobs jobs.jsonl`);
  const read = readRegular(args.jobs);
  if ('error' in read) throw new ShardedRefusal(`--jobs: ${read.error.startsWith('cannot') ? read.error : `'${args.jobs}' is ${read.error}`}`);
  return fromCore<JobLine[]>(core.module.sweepReadJobs(args.id, args.jobs, read.text));
}

/** Every entry of a results folder but interrupted writes (*.tmp), for the core to judge. */
function resultFiles(dir: string | undefined): ({ name: string; text: string } | { name: string; error: string })[] {
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir).filter((name) => !name.endsWith('.tmp')).map((name) => {
    if (!/^(0|[1-9][0-9]{0,8})\.json$/.test(name)) return { name, error: 'not a result file name' };
    return { name, ...readRegular(join(dir, name)) };
  });
}

interface Checked { done: number[]; missing: number[]; refused: { file: string; index: number; reason: string }[] }

const reportRefused = (checked: Checked, stderr: (t: string) => void) =>
  checked.refused.forEach((r) => stderr(`attnlab: refused ${r.file}: ${r.reason}\n`));

/** Runs one of plan | run-job | combine on the wasm core; returns the exit code. */
export function runSharded(core: Core, argv: string[], stdout: (t: string) => void, stderr: (t: string) => void): number {
  const args = parse(argv);
  if (!core.experiments().some((e) => e.id === args.id)) throw new ShardedRefusal(`unknown experiment '${args.id.slice(0, 80)}'`);
  if (args.command === 'plan') {
    const lines = fromCore<JobLine[]>(core.module.sweepPlan(args.id, JSON.stringify(args.params)));
    let done = new Set<number>();
    if (args.missing) {
      const checked = fromCore<Checked>(core.module.sweepCheck(JSON.stringify(lines), args.missing, JSON.stringify(resultFiles(args.missing))));
      reportRefused(checked, stderr);
      done = new Set(checked.done);
    }
    const shown = (line: JobLine) => {
      if (!args.print) return JSON.stringify(line);
      const value = line[args.print] ?? null;
      return typeof value === 'string' ? value : JSON.stringify(value);
    };
    writeOut(args.output, lines.filter((_, i) => !done.has(i)).map((l) => `${shown(l)}\n`).join(''), stdout);
    return 0;
  }
  const jobs = readJobs(core, args);
  if (args.command === 'run-job') {
    if (args.index === undefined || args.index >= jobs.length) throw new ShardedRefusal(`--index must be in [0, ${jobs.length - 1}] for ${args.jobs}`);
    const job = jobs[args.index];
    const result = core.runJob(args.id, { params: job.params, at: job.at });
    const shard = fromCore<unknown>(core.module.sweepShard(JSON.stringify(job), JSON.stringify(result)));
    writeOut(args.output, `${JSON.stringify(shard)}\n`, stdout);
    return 0;
  }
  if (!args.results) throw new ShardedRefusal('combine needs the results folder');
  const merged = fromCore<Checked & { result: unknown; total: number }>(
    core.module.sweepCombine(JSON.stringify(jobs), args.results, JSON.stringify(resultFiles(args.results))));
  reportRefused(merged, stderr);
  const { missing } = merged;
  if (missing.length) {
    stderr(`attnlab: combined ${merged.done} of ${jobs.length} jobs; missing: ${missing.slice(0, 20).join(' ')}${missing.length > 20 ? ' ...' : ''}` +
      ` (run them: attnlab plan ... --missing ${args.results})${args.allowPartial ? '' : '; the result is partial'}\n`);
  }
  writeOut(args.output, `${JSON.stringify(merged.result)}\n`, stdout);
  return missing.length === 0 || args.allowPartial ? 0 : EXIT_INCOMPLETE;
}
