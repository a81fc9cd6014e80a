// SPDX-License-Identifier: Apache-2.0
// npm run bench -- model-study [--small] [--layers=7] [--n=64,128] [--windows=2] [--betaMults=1] [--eps=0.1]: a model
// studied over a corpus (docs/theory/rank.md#model-study) on a BERT-base-shaped checkpoint with random weights
// (bench/make_checkpoint.mjs, ~440 MB, written to a temporary folder and deleted after), its words repeated as the
// corpus: the whole study headless in one process (`npm run lab -- rank-zoo model= corpus=`), then in shards (plan
// headless, every `attnlab run-job` native one after the other, combine), then the same shards two at a time; each
// wall time with the load average printed before it. The merged study must equal the one-shot one (1e-9 relative), or
// the benchmark says so. A benchmark, not a test: nothing is asserted about time. --small: a 2-layer, hidden-64 model.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, timedRun, uptimeLine } from './lib/common.mjs';
import { makeCheckpoint } from './make_checkpoint.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SMALL = process.argv.includes('--small');
const lab = (args) => timedRun(process.execPath, [join(root, 'scripts/lab.mjs'), ...args], { cwd: root });

/** Runs `count` jobs of the plan `width` at a time natively; seconds. */
async function shards(jobs, results, count, width) {
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const args = [
        'run-job',
        'rank-zoo',
        '--jobs',
        jobs,
        '--index',
        String(index),
        '-o',
        join(results, `${index}.json`),
      ];
      const code = await new Promise((done) => spawn(cli, args, { stdio: 'ignore' }).on('exit', done));
      if (code !== 0) throw new Error(`run-job --index ${index} exited ${code}`);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return (performance.now() - t0) / 1000;
}

function maxRelativeGap(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) / Math.max(1, Math.abs(b));
  if (a && b && typeof a === 'object') return Math.max(0, ...Object.keys(b).map((k) => maxRelativeGap(a[k], b[k])));
  return a === b ? 0 : Infinity;
}

const made = makeCheckpoint('bert', { small: SMALL });
const dir = mkdtempSync(join(tmpdir(), 'attnlab-bench-study-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const corpus = join(dir, 'corpus.txt');
writeFileSync(corpus, Array.from({ length: 40 }, () => made.text).join(' '));
const layers = Number(option('layers', SMALL ? 2 : 7));
const words = [
  `model=${made.folder}`,
  `corpus=${corpus}`,
  `n=${option('n', '64,128')}`,
  `windows=${option('windows', '2')}`,
  `lastLayer=${layers - 1}`,
  `betaMults=${option('betaMults', '1')}`,
  `eps=${option('eps', '0.1')}`,
];
console.log(`model-study benchmark${SMALL ? ' (SMALL: a check, not a timing)' : ''}: ${words.slice(2).join(' ')}`);
console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; Node ${process.version}`);
const rows = [];
console.log(`headless one-shot: ${uptimeLine()}`);
const oneShot = lab(['rank-zoo', ...words]);
const study = JSON.parse(oneShot.stdout);
rows.push(['headless, one process', oneShot.seconds.toFixed(2), `${study.rows.length} rows`]);
const jobs = join(dir, 'jobs.jsonl');
console.log(`plan: ${uptimeLine()}`);
const plan = lab(['plan', 'rank-zoo', ...words, '-o', jobs]);
const count = readFileSync(jobs, 'utf8').trim().split('\n').length;
rows.push(['plan (headless: tokenize, windows)', plan.seconds.toFixed(2), `${count} jobs`]);
for (const width of [1, 2]) {
  const results = join(dir, `results-${width}`);
  console.log(`native shards, ${width} at a time: ${uptimeLine()}`);
  const seconds = await shards(jobs, results, count, width);
  const merged = timedRun(cli, ['combine', 'rank-zoo', '--jobs', jobs, results]);
  const gap = maxRelativeGap(JSON.parse(merged.stdout), study);
  rows.push([
    `native run-job ×${count}, ${width} at a time, + combine`,
    (seconds + merged.seconds).toFixed(2),
    `merged vs one-shot: max relative gap ${gap.toExponential(1)}${gap <= 1e-9 ? '' : ' (NOT equal)'}`,
  ]);
}
printTable(['route', 'seconds', 'note'], rows);
console.log(`end: ${uptimeLine()}`);
