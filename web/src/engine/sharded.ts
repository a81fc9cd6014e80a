// The experiment contract on the command line for the wasm build, the same files as the native CLI's
// (wasm/cli/sharded.cpp):
//   npm run lab -- plan <id> key=value ... [-o jobs.jsonl] [--missing results/]
//   npm run lab -- run-job <id> --jobs jobs.jsonl --index I [-o results/I.json]
//   npm run lab -- combine <id> --jobs jobs.jsonl results/ [-o result.json]
// Node only (headless). Throws ShardedRefusal for bad input (exit 2).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APP_VERSION } from '../plots/stamp';
import type { Core, FinishedJob, Json, Params } from './core';

/** Bad input: exit 2 with this one-line message. */
export class ShardedRefusal extends Error {}

/** Job files carry package.json's version; the native CLI writes the core's kAppVersion (sharded.test.ts checks it is the same). */
export { APP_VERSION };

interface Args { command: string; id: string; params: Params; jobs?: string; output?: string; missing?: string; results?: string; index?: number }

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
    else if (arg === '--index') {
      const text = value();
      if (!/^[0-9]{1,9}$/.test(text)) throw new ShardedRefusal(`--index must be a job index (0, 1, ...), got '${text.slice(0, 80)}'`);
      args.index = Number(text);
    } else if (arg.indexOf('=') > 0) args.params[arg.slice(0, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
    else if (command === 'combine' && !args.results) args.results = arg;
    else throw new ShardedRefusal(`unexpected argument '${arg.slice(0, 80)}'`);
  }
  return args;
}

/** Atomic write (temporary file, then rename), or stdout when no path is given. */
function writeOut(path: string | undefined, text: string, stdout: (t: string) => void): void {
  if (!path) return stdout(text);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

function readJobs(args: Args): Json[] {
  if (!args.jobs) throw new ShardedRefusal(`${args.command} needs --jobs jobs.jsonl`);
  let text: string;
  try { text = readFileSync(args.jobs, 'utf8'); } catch { throw new ShardedRefusal(`--jobs: cannot open '${args.jobs}'`); }
  const jobs: Json[] = [];
  text.split('\n').forEach((line, k) => {
    if (!line) return;
    let job: Json;
    try { job = JSON.parse(line); } catch { throw new ShardedRefusal(`${args.jobs} line ${k + 1}: not a job (malformed JSON)`); }
    if (job.experiment !== args.id) throw new ShardedRefusal(`${args.jobs} holds jobs of '${job.experiment}', not of ${args.id}`);
    if (job.app !== APP_VERSION) throw new ShardedRefusal(`${args.jobs} was planned by attnlab ${job.app}; this is attnlab ${APP_VERSION}: plan again`);
    if (job.index !== jobs.length) throw new ShardedRefusal(`${args.jobs} line ${k + 1}: job index ${job.index} out of order (expected ${jobs.length})`);
    jobs.push(job);
  });
  if (jobs.length === 0) throw new ShardedRefusal(`${args.jobs} holds no job`);
  return jobs;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function validResult(path: string, job: Json): Json | undefined {
  try {
    const r = JSON.parse(readFileSync(path, 'utf8'));
    return ['app', 'experiment', 'index', 'params', 'at'].every((key) => same(r[key], job[key])) && 'result' in r ? r : undefined;
  } catch {
    return undefined;
  }
}

function resultFiles(dir: string | undefined, count: number): Map<number, string> {
  const files = new Map<number, string>();
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) return files;
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.tmp')) continue;
    const m = /^([0-9]{1,9})\.json$/.exec(name);
    if (!m || Number(m[1]) >= count) throw new ShardedRefusal(`${dir} holds a foreign file '${name.slice(0, 80)}' (results are <index>.json, index < ${count})`);
    files.set(Number(m[1]), join(dir, name));
  }
  return files;
}

/** Runs one of plan | run-job | combine on the wasm core; returns the exit code. */
export function runSharded(core: Core, argv: string[], stdout: (t: string) => void, stderr: (t: string) => void): number {
  const args = parse(argv);
  if (!core.experiments().some((e) => e.id === args.id)) throw new ShardedRefusal(`unknown experiment '${args.id.slice(0, 80)}'`);
  const dumpLine = (job: Json) => JSON.stringify(job);
  if (args.command === 'plan') {
    const { jobs, estimatedBytes } = core.plan(args.id, args.params);
    const done = resultFiles(args.missing, jobs.length);
    const lines = jobs.map((job, index) => ({ app: APP_VERSION, experiment: args.id, index, jobs: jobs.length, params: job.params, at: job.at, estimatedBytes, estimatedSeconds: job.estimatedSeconds ?? null }))
      .filter((line) => !(args.missing && done.has(line.index) && validResult(done.get(line.index)!, line)));
    writeOut(args.output, lines.map((l) => `${dumpLine(l)}\n`).join(''), stdout);
    return 0;
  }
  const jobs = readJobs(args);
  if (args.command === 'run-job') {
    if (args.index === undefined || args.index >= jobs.length) throw new ShardedRefusal(`--index must be in [0, ${jobs.length - 1}] for ${args.jobs}`);
    const job = jobs[args.index];
    const result = core.runJob(args.id, { params: job.params, at: job.at });
    writeOut(args.output, `${JSON.stringify({ app: APP_VERSION, experiment: args.id, index: job.index, params: job.params, at: job.at, result })}\n`, stdout);
    return 0;
  }
  if (!args.results) throw new ShardedRefusal('combine needs the results folder');
  const files = resultFiles(args.results, jobs.length);
  const finished: FinishedJob[] = [];
  const missing: number[] = [];
  jobs.forEach((job, index) => {
    const r = files.has(index) ? validResult(files.get(index)!, job) : undefined;
    if (r) finished.push({ index, result: r.result });
    else missing.push(index);
  });
  if (missing.length) stderr(`attnlab: combining ${finished.length} of ${jobs.length} jobs; missing or invalid: ${missing.slice(0, 20).join(' ')}${missing.length > 20 ? ' ...' : ''}\n`);
  const single = core.plan(args.id, jobs[0].params).singleJob;
  const result = single ? (finished[0]?.result ?? {}) : core.combine(args.id, jobs[0].params, finished);
  writeOut(args.output, `${JSON.stringify(result)}\n`, stdout);
  return 0;
}
