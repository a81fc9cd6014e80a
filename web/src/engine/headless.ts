// SPDX-License-Identifier: Apache-2.0
// Headless runs in Node on the web build's wasm module: `npm run lab -- <id> key=value ... [--pool N]`, `--help`,
// `--schema`, `--syntax`, plan | run-job | combine (sharded.ts). The command line is the core's, the native CLI's
// (host/command_line.hpp: parsing, the file-or-parameter rule, the files' words, a head bundle's scale, the
// time budget), so both give one verdict per command; this file reads the files, runs in this thread or in
// worker_threads and prints: result JSON on stdout, progress on stderr, exit 2 on bad input, 1 on any other failure.
// Bundled for Node by scripts/build-headless.mjs (Vite SSR build); scripts/lab.mjs calls main().
import { availableParallelism } from 'node:os';
import { CoreError, unwrap, type Command, type Core, type Inputs, type Params } from './core';
import { formatDuration, weightsOnlySeconds } from './estimate';
import { loadCoreNode } from './load-node';
import { ModelError } from './model-files';
import { headExperiments, labExperimentHelp, labUsage } from './model-help';
import { modelInputs, modelQkMain, modelStudyRun, modelWords, type ModelWords } from './model-headless';
import { readBounded } from './node-files';
import { nodeWorkerRunner } from './node-worker-runner';
import { Pool } from './pool';
import { planStudy } from './model-study-shards';
import { runSharded } from './sharded';

export { Core, CoreError } from './core';
export { loadCoreNode } from './load-node';
export { nodeWorkerRunner } from './node-worker-runner';
export { Pool } from './pool';
export { headStacks, OpenedModel } from './model-pass'; // bench/own-model.mjs times a model's pass headless

interface HeadlessIo {
  /** Directory holding attnlab.mjs and attnlab.wasm (the web build). */
  wasmDir: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * Without --pool, a sweep of several jobs runs on every core (as the page does); one job runs in this thread, and so
 * does
 * --pool 1 (a worker would only add its start-up).
 */
export const defaultPool = (jobs: number, cores: number): number | undefined =>
  jobs > 1 && cores > 1 ? Math.min(cores, jobs) : undefined;

/** given: a model's heads (model=), in place of files. */
async function run(core: Core, c: Command, io: HeadlessIo, given?: Inputs): Promise<unknown> {
  const files = c.files.map(([name, path]) => ({ name, path, ...readBounded(core, path) }));
  const prepared = core.module.commandPrepare(c.id, JSON.stringify(c.params), c.maxSeconds, files);
  if (!prepared.ok) throw new CoreError(prepared.error, prepared.badInput);
  prepared.notes.forEach((note) => io.stderr(`attnlab: ${note}\n`));
  const params = JSON.parse(prepared.params) as Command['params'];
  const inputs = given ?? (c.files.length ? prepared.inputs : undefined);
  const size = c.pool || defaultPool(prepared.jobs, availableParallelism());
  let percent = -1; // "\rprogress  NN%" on stderr as the native CLI prints it, a newline at the end
  const onProgress = (f: number): void => {
    const now = Math.floor(100 * Math.min(1, Math.max(0, f)));
    if (now !== percent) io.stderr(`\rprogress ${String((percent = now)).padStart(3)}%`);
  };
  try {
    if (size === undefined || size === 1) return core.run(c.id, params, inputs, onProgress);
    const pool = new Pool(() => nodeWorkerRunner(io.wasmDir), size);
    try {
      return await pool.run(c.id, params, { inputs, onProgress });
    } finally {
      pool.dispose();
    }
  } finally {
    if (percent >= 0) io.stderr('\n');
  }
}

/** Before rank-zoo on a model's weights only: its estimated time, as the page says it (engine/estimate.ts). */
function weightsEstimate(inputs: Inputs, c: Command): string {
  const [layers, perLayer, hidden, headDim] = inputs.q.shape;
  const temperatures = String(c.params.betaMults ?? '1').split(',').length;
  const run = { heads: layers * perLayer, hidden, headDim, temperatures };
  const workers = c.pool || defaultPool(run.heads * temperatures, availableParallelism()) || 1;
  const seconds = weightsOnlySeconds(run, workers) ?? Number.NaN;
  return (
    `attnlab: weights only: ${run.heads} heads × ${temperatures} temperature${temperatures > 1 ? 's' : ''}, each a ` +
    `${hidden} × ${hidden} form of rank ≤ ${headDim}: estimated ${formatDuration(seconds)} on ${workers} ` +
    `worker${workers > 1 ? 's' : ''} (for a 2-core reference machine; yours may differ)\n`
  );
}

/**
 * A command line with model= (and corpus=): a run, a study or its plan on a model's heads, for an experiment that takes
 * heads (Q and K), without files.
 */
async function modelMain(core: Core, c: Command, words: ModelWords, io: HeadlessIo): Promise<number> {
  // a model's heads: only for a run of an experiment that takes heads (Q and K), and not with files
  const heads = headExperiments(core);
  if (c.kind === 'plan' && c.id === 'rank-zoo' && words.corpus) {
    await planStudy(core, { ...words, corpus: words.corpus }, c, io.stdout);
    return 0;
  }
  if (c.kind !== 'run' || !heads.includes(c.id))
    throw new CoreError(`model=: only ${heads.join(' and ')} read a model's heads`, true);
  if (c.files.length) throw new CoreError('model=: a model gives the heads; leave out the files', true);
  // weights only: each head is a bilinear form, measured as one (rank-zoo's bilinear=1)
  const command = words.weights && c.id === 'rank-zoo' ? { ...c, params: { ...c.params, bilinear: '1' } } : c;
  if (words.corpus) {
    const onHeads = (params: Params, inputs: Inputs) => run(core, { ...command, params }, io, inputs);
    const study = await modelStudyRun(core, { ...words, corpus: words.corpus }, command.params, onHeads, (t) =>
      io.stderr(`attnlab: ${t}\n`),
    );
    io.stdout(JSON.stringify(study) + '\n');
    return 0;
  }
  const inputs = await modelInputs(core, words, (text) => io.stderr(`\r${text}`));
  io.stderr('\n');
  if (command.params.bilinear === '1') io.stderr(weightsEstimate(inputs, command));
  io.stdout(JSON.stringify(await run(core, command, io, inputs)) + '\n');
  return 0;
}

/** Runs one command line; returns the process exit code. */
export async function main(argv: string[], io: HeadlessIo): Promise<number> {
  try {
    const core = await loadCoreNode(io.wasmDir);
    if (argv[0] === 'model-qk') return await modelQkMain(core, argv.slice(1), io);
    const words = modelWords(core, argv);
    const c = unwrap<Command>(
      core.module.commandParse(JSON.stringify(words ? words.rest : argv), availableParallelism()),
    );
    if (words) return await modelMain(core, c, words, io);
    if (c.kind === 'usage') (c.asked ? io.stdout : io.stderr)(labUsage(core));
    if (c.kind === 'usage') return c.asked ? 0 : 2;
    if (c.kind === 'schema') io.stdout(JSON.stringify(core.experiments(), null, 2) + '\n');
    else if (c.kind === 'syntax') io.stdout(core.module.commandSyntax() + '\n');
    else if (c.kind === 'help') io.stdout(labExperimentHelp(core, c.id));
    else if (c.kind === 'run') io.stdout(JSON.stringify(await run(core, c, io)) + '\n');
    else return await runSharded(core, c, io.stdout, io.stderr);
    return 0;
  } catch (error) {
    if (error instanceof ModelError) {
      io.stderr(`attnlab: ${error.message}\n`);
      return 2;
    }
    const message = String((error as Error).message);
    io.stderr(`attnlab: ${error instanceof CoreError ? message : message.split('\n')[0]}\n`);
    return error instanceof CoreError && error.badInput ? 2 : 1;
  }
}
