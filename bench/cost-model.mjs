// SPDX-License-Identifier: Apache-2.0
// npm run bench -- cost-model [--only=id,…] [--scale=id,…]: checks the core's time model (each
// experiment's jobSeconds: an operation count times a constant) against the native CLI on this
// machine. For every experiment, at its defaults and at a larger size, it prints the plan's predicted
// seconds (the sum over jobs: one core) beside the measured wall time of `attnlab <id> …` (one
// process, one core), and the constant that would make the larger case exact: that is how the
// constants in wasm/core/src/experiments/*.cpp were set (docs/cost-model.md). A benchmark, not a test:
// run it alone on a quiet machine; the load average is printed beside the table.
// ATTNLAB_CLI overrides the native binary (default build/native/attnlab). Results: build/bench/cost-model.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, timedRun, uptimeLine } from './lib/common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = process.env.ATTNLAB_CLI ?? join(root, 'build/native/attnlab');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

// The larger case of each experiment: a few seconds natively, still inside its ranges.
const LARGER = {
  'attention-map': ['n=2048'],
  'sparse-approx': ['n=1024', 'd=640'],
  'sparse-dmin': ['ns=512,1024,2048,3072'],
  'rmt-spectrum': ['d=1200'],
  'rmt-transition': ['d=800'],
  'rmt-weights': ['d=1600', 'sequences=1000'],
  'rmt-ridge': ['d=800', 'ntrain=3200'],
  'rank-beta': ['n=768'],
  'rank-n': ['n=64,128,256,512,1024'],
  'rank-eps': ['n=640'],
  'rank-ladder': ['n=1024'],
  'rank-interaction': ['source=synthetic', 'n=1024'],
  'rank-zoo': ['betaMults=1,2'],
};

// Options that change the work (docs/cost-model.md): each at the larger size too.
const OPTIONS = [
  ['rank-ladder', ['n=1024', 'svd=full']],
  ['rank-ladder', ['n=2048', 'svd=full']],
  ['rank-beta', ['n=1024', 'betas=2,64', 'svd=full']],
  ['sparse-approx', ['n=1024', 'd=640', 'split=sym']],
  ['sparse-approx', ['n=2048', 'd=640', 'split=sym']],
  ['sparse-dmin', ['ns=1024', 'seeds=1', 'split=sym']],
  // Sizes the defaults leave small: T (R's T³ eigen checks dominate at small d) and sparse-dmin's offset delta.
  ['rmt-transition', ['T=128', 'd=50']],
  ['rmt-transition', ['T=512', 'd=50']],
  ['rmt-ridge', ['T=128', 'd=50', 'ntrain=100', 'ntest=100']],
  ['rmt-ridge', ['T=512', 'd=50', 'ntrain=100', 'ntest=100']],
  ['rmt-ridge', ['T=512']],
  ['sparse-dmin', ['delta=3']],
  ['sparse-dmin', ['delta=10']],
  ['sparse-dmin', ['delta=100']],
];

function predicted(id, args) {
  const r = spawnSync(CLI, ['plan', id, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`plan ${id} ${args.join(' ')}: ${r.stderr.trim()}`);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  if (lines.some((l) => typeof l.estimatedSeconds !== 'number')) return null;
  return { seconds: lines.reduce((s, l) => s + l.estimatedSeconds, 0), jobs: lines.length };
}

const rows = [],
  records = [];
console.log(uptimeLine());
const cases = [];
for (const [id, larger] of Object.entries(LARGER)) cases.push([id, 'defaults', []], [id, larger.join(' '), larger]);
for (const [id, args] of OPTIONS) cases.push([id, args.join(' '), args]);
for (const [id, label, args] of cases) {
  if (only && !only.includes(id)) continue;
  const p = predicted(id, args);
  const { seconds } = timedRun(CLI, [id, ...args]);
  const ratio = p ? seconds / p.seconds : null;
  // Beyond 2× either way is flagged (runs under a second are mostly the process and its output).
  const flag = ratio && seconds >= 1 && (ratio > 2 || ratio < 0.5) ? ' (beyond 2×)' : '';
  rows.push([
    id,
    label,
    p ? p.jobs : '–',
    p ? p.seconds.toFixed(2) : 'none',
    seconds.toFixed(2),
    ratio ? ratio.toFixed(2) + flag : '–',
  ]);
  records.push({
    id,
    args,
    jobs: p?.jobs ?? null,
    predictedSeconds: p?.seconds ?? null,
    measuredSeconds: seconds,
    measuredOverPredicted: ratio,
  });
  process.stderr.write(`${id} ${label}: predicted ${p?.seconds.toFixed(2)} s, measured ${seconds.toFixed(2)} s\n`);
}
printTable(['experiment', 'case', 'jobs', 'predicted s', 'measured s', 'measured/predicted'], rows);
console.log(uptimeLine());
mkdirSync(join(root, 'build/bench'), { recursive: true });
writeFileSync(
  join(root, 'build/bench/cost-model.json'),
  `${JSON.stringify({ uptime: uptimeLine(), records }, null, 1)}\n`,
);
