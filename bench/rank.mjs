// SPDX-License-Identifier: Apache-2.0
// npm run bench -- rank [--reps=N] [--smoke]: rank-beta on the sphere, d = 3, n = 512, eps = 0.1,
// betas 1…64 (7 values), timed side by side in one run: the numpy + LAPACK peer (bench/peers/
// rank_numpy.py: one full SVD per beta, as a researcher writes it; same point set, same PRNG),
// attnlab headless in Node (one thread and the whole pool), the native CLI and Chromium. Wall time of
// one complete run (start-up included), minimum over interleaved repetitions (bench/lib/common.mjs).
// --smoke runs n = 64 once (a check that every row works, not a timing). ATTNLAB_CLI overrides the
// native binary (default build/native/attnlab). Results: build/bench/rank.json.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebPackages, printTable, timedRun, uptimeLine } from './lib/common.mjs';
import { machineLine, numpyKernels } from './lib/machine.mjs';
import { timeLinkInChromium } from './lib/chromium.mjs';
import { best, fmt, printNotes, repsCell, runRounds, speedup, withDefaults, writeRecord } from './lib/rounds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SMOKE = process.argv.includes('--smoke');
const REPS = SMOKE ? 1 : Number(process.argv.find((a) => a.startsWith('--reps='))?.slice(7) ?? 3);
const CORES = cpus().length;
const POOL = Math.max(1, CORES);
const CLI = process.env.ATTNLAB_CLI ?? join(root, 'build/native/attnlab');

const SWEEP = { geometry: 'sphere', d: 3, n: SMOKE ? 64 : 512, eps: 0.1, betas: '1,2,4,8,16,32,64', seed: 1 };
const LINK = `#exp=rank-beta&v=3&n=${SWEEP.n}&seed=1`;
const kv = (p) => Object.entries(p).map(([k, v]) => `${k}=${v}`);
const ranks = (r) => (r.points ?? []).map((p) => `${p.kSvd}/${p.kCheb}`).join(' ');

function lab(pool) {
  const { seconds, stdout } = timedRun(
    process.execPath,
    ['scripts/lab.mjs', 'rank-beta', ...kv(SWEEP), ...(pool ? ['--pool', String(pool)] : [])],
    { cwd: root },
  );
  return { seconds, result: JSON.parse(stdout) };
}
function native() {
  const { seconds, stdout } = timedRun(CLI, ['rank-beta', ...kv(SWEEP)], { cwd: root });
  return { seconds, result: JSON.parse(stdout) };
}
function peer() {
  // attnlab's seed 1 is generator seed 12345 (lab/experiments/rank/experiment_common.hpp): the peer draws the
  // same points.
  const args = [
    'bench/peers/rank_numpy.py',
    '--n',
    SWEEP.n,
    '--d',
    SWEEP.d,
    '--eps',
    SWEEP.eps,
    '--betas',
    SWEEP.betas,
    '--seed',
    12345,
  ].map(String);
  const { seconds, stdout } = timedRun('/usr/bin/python3', args, { cwd: root });
  const out = JSON.parse(stdout);
  return { seconds, result: out, note: `peer's own compute ${out.seconds.toFixed(2)} s (k_svd, k_cheb, LB-F only)` };
}
async function chromium() {
  const r = await timeLinkInChromium(join(root, 'dist'), LINK);
  if (r.status !== 'done') throw new Error(`page ended '${r.status}': ${r.error}`);
  return { seconds: r.seconds, result: r.result, note: `${r.workers} worker(s)` };
}

const missing = ensureDebPackages(['python3-numpy', 'libopenblas0-pthread']);
const rows = withDefaults(
  [
    {
      label: 'numpy + LAPACK, full SVD per β',
      peer: true,
      skip: missing.includes('python3-numpy'),
      reps: 1,
      run: peer,
    },
    { label: 'attnlab Node, --pool 1 (one thread)', node: true, run: () => lab(1) },
    { label: `attnlab Node, --pool ${POOL} (whole pool)`, node: true, run: () => lab(POOL) },
    { label: 'attnlab native CLI (g++)', run: native },
    {
      label: 'attnlab Chromium, link from navigation',
      skip: !existsSync(join(root, 'dist/index.html')),
      reps: 1,
      run: chromium,
    },
  ],
  REPS,
);

const loadStart = uptimeLine();
console.log(`rank benchmark${SMOKE ? ' (SMOKE: n = 64, not a timing)' : ''}: rank-beta ${kv(SWEEP).join(' ')}`);
console.log(
  `${machineLine(CORES)}; native CLI ${CLI}\npeer: ${missing.length ? 'numpy missing' : numpyKernels()}\n` +
    `start: ${loadStart}`,
);
if (missing.length)
  console.log(
    `missing Debian packages (rows skipped): ${missing.join(' ')}; as root: apt-get install -y ${missing.join(' ')}`,
  );
await runRounds(rows, REPS, {
  onResult: (row, out) => {
    row.ranks ??= ranks(out.result);
    row.paths ??= [...new Set((out.result.points ?? []).map((p) => p.svdPath).filter(Boolean))].join(',');
  },
});

const peerRow = rows.find((r) => r.peer);
const over = (row) => speedup(peerRow, row);
console.log(
  '\nseconds = wall time of one whole sweep, min over reps; numpy/this = the peer\u2019s seconds / this row\u2019s\n',
);
printTable(
  ['implementation', 'reps', 'seconds', 'numpy/this', 'U1 path', 'k_svd/k_cheb per β'],
  rows.map((r) => [r.label, repsCell(r), fmt(best(r)), fmt(over(r)), r.paths || '-', r.ranks ?? '-']),
);
printNotes(rows);
console.log('\ntargets (every ratio reported, including misses):');
for (const r of rows.filter((row) => row.node)) {
  const x = over(r);
  console.log(
    `  faster than numpy in ` +
      `Node: ${fmt(x)}x ${x === undefined ? '(not measured)' : x > 1 ? 'MET' : 'MISSED'}  [${r.label}]`,
  );
}
const loadEnd = uptimeLine();
console.log(`\nend:   ${loadEnd}`);
writeRecord(root, `rank${SMOKE ? '-smoke' : ''}`, {
  smoke: SMOKE,
  sweep: SWEEP,
  link: LINK,
  machine: { cpu: cpus()[0]?.model, cores: CORES, loadStart, loadEnd },
  rows: rows.map((r) => ({
    label: r.label,
    skipped: r.skip,
    error: r.error,
    seconds: r.seconds,
    best: best(r),
    numpyOverThis: over(r),
    ranks: r.ranks,
    paths: r.paths,
    note: r.note,
  })),
});
