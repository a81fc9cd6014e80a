// SPDX-License-Identifier: Apache-2.0
// npm run bench -- cost-model [--only=id,…] [--scale=id,…]: checks the core's time model (each
// experiment's jobSeconds: an operation count times a constant) against the native CLI on this
// machine. For every experiment, at its declared timing sets (defaults, a larger size, options), it
// prints the plan's predicted seconds (the sum over jobs: one core) beside the measured wall time of
// `attnlab <id> …` (one process, one core), and the constant that would make the larger case exact: that is how the
// constants in wasm/core/lab/experiments/**/*.cpp were set (docs/cost-model.md). A benchmark, not a test:
// run it alone on a quiet machine; the load average is printed beside the table.
// ATTNLAB_CLI overrides the native binary (default build/native/attnlab). Results: build/bench/cost-model.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliArgs } from '../scripts/gen-tables.mjs';
import { printTable, timedRun, uptimeLine } from './lib/common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = process.env.ATTNLAB_CLI ?? join(root, 'build/native/attnlab');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

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
// Each experiment's timing sets (declared beside its parameters, `attnlab --test-sets`): its defaults, a larger
// case (a few seconds natively, still inside its ranges) and the options that change the work (docs/cost-model.md).
const cases = Object.entries(JSON.parse(execFileSync(CLI, ['--test-sets'], { encoding: 'utf8' }))).flatMap(
  ([id, sets]) => (sets.timing ?? []).map((params) => [id, cliArgs(params)]),
);
for (const [id, args] of cases) {
  const label = args.length ? args.join(' ') : 'defaults';
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
