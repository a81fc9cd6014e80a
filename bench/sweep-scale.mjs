// SPDX-License-Identifier: Apache-2.0
// npm run bench -- sweep-scale [--sizes=2,8] [--slots=1,2]: the paper-1 preset ("d_min grows like
// log n": ns = 512…3072, 3 seeds) at 2× and 8× its default size (more seeds, so every job is one of
// the preset's) run sharded through sweep-runners/parallel.sh on 1 and on 2 slots: wall time, jobs,
// speed-up against one slot, the plan's predicted total (the sum of its per-job estimates, one core)
// and predicted wall time (that sum over the slots), and whether the merged result equals the
// one-process run byte for byte. A benchmark, not a test: run it alone on a quiet machine.
// ATTNLAB overrides the native binary (default build/native/attnlab). Results: build/bench/sweep-scale.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, timedRun, uptimeLine } from './lib/common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = process.env.ATTNLAB ?? join(root, 'build/native/attnlab');
const arg = (name, fallback) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback).split(',').map(Number);
const SIZES = arg('sizes', '2,8');
const SLOTS = arg('slots', '1,2');
const PRESET_SEEDS = 3;
const preset = (size) => ['ns=512,1024,2048,3072', `seeds=${PRESET_SEEDS * size}`, 'seed=1'];

function plannedSeconds(params) {
  const r = spawnSync(CLI, ['plan', 'sparse-dmin', ...params], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(r.stderr);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const known = lines.every((l) => typeof l.estimatedSeconds === 'number');
  return { jobs: lines.length, seconds: known ? lines.reduce((s, l) => s + l.estimatedSeconds, 0) : null };
}

console.log(uptimeLine());
const rows = [],
  records = [];
for (const size of SIZES) {
  const params = preset(size);
  const plan = plannedSeconds(params);
  const direct = spawnSync(CLI, ['sparse-dmin', ...params], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
  let oneSlot;
  for (const slots of SLOTS) {
    const out = mkdtempSync(join(tmpdir(), 'attnlab-scale-'));
    const { seconds } = timedRun(
      'bash',
      [join(root, 'sweep-runners/parallel.sh'), 'sparse-dmin', out, '--slots', String(slots), ...params],
      { env: { ...process.env, ATTNLAB: CLI } },
    );
    const same = readFileSync(join(out, 'result.json'), 'utf8').trim() === direct.trim();
    rmSync(out, { recursive: true, force: true });
    if (slots === 1) oneSlot = seconds;
    const predictedWall = plan.seconds === null ? null : plan.seconds / slots;
    rows.push([
      `${size}× (${params[1]})`,
      plan.jobs,
      slots,
      seconds.toFixed(1),
      oneSlot ? (oneSlot / seconds).toFixed(2) : '–',
      plan.seconds === null ? 'none' : plan.seconds.toFixed(1),
      predictedWall === null ? '–' : predictedWall.toFixed(1),
      same ? 'yes' : 'NO',
    ]);
    records.push({
      size,
      params,
      jobs: plan.jobs,
      slots,
      wallSeconds: seconds,
      predictedTotalSeconds: plan.seconds,
      predictedWallSeconds: predictedWall,
      identical: same,
    });
    process.stderr.write(`${size}× on ${slots} slot(s): ${seconds.toFixed(1)} s, identical: ${same}\n`);
  }
}
printTable(
  ['sweep', 'jobs', 'slots', 'wall s', 'speed-up', 'predicted total s', 'predicted wall s', 'bytes = one process'],
  rows,
);
console.log(uptimeLine());
mkdirSync(join(root, 'build/bench'), { recursive: true });
writeFileSync(
  join(root, 'build/bench/sweep-scale.json'),
  `${JSON.stringify({ uptime: uptimeLine(), records }, null, 1)}\n`,
);
