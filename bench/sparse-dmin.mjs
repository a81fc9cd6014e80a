// SPDX-License-Identifier: Apache-2.0
// npm run bench -- sparse-dmin [--reps=N]: the "d_min grows like log n" preset timed side by side in
// one run: the numpy peer (Debian's python3-numpy on OpenBLAS), attnlab headless in Node (one
// thread and the whole pool; the fast scan, which gives the paper scan's d_min exactly, is the only
// scan since schema v2), the native CLI, and the whole preset in Chromium.
// Every time is the wall time of one complete run of the preset (start-up included, see
// bench/lib/common.mjs); a row's figure is the minimum over its repetitions. Repetitions are
// interleaved across rows so that background load hits every row alike; numpy and Chromium run
// once (they are the slow or the end-to-end rows). Results also go to build/bench/sparse-dmin.json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debPackageVersion, ensureDebPackages, printTable, timedRun, uptimeLine } from './lib/common.mjs';
import { machineLine, numpyKernels } from './lib/machine.mjs';
import { timeLinkInChromium } from './lib/chromium.mjs';
import { best, fmt, printNotes, repsCell, runRounds, speedup, withDefaults, writeRecord } from './lib/rounds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPS = Number(process.argv.find((a) => a.startsWith('--reps='))?.slice(7) ?? 3);
const CORES = cpus().length;
const POOL = Math.max(1, CORES); // the app's pool size (web/src/engine/pool.ts): every core

// The preset (web/src/experiments/sparse/sparse-dmin/presets.ts): every value but ns is the default, so its
// canonical link (web/src/state/url.ts formatLink: non-defaults plus the seed) names only ns and seed.
const PRESET = {
  ns: '512,1024,2048,3072',
  k: 2,
  gamma: 2,
  eps1: 1,
  eps2: 0.5,
  step: 16,
  seeds: 3,
  split: 'asym',
  proj: 'gauss',
  seed: 1,
};
const LINK = '#exp=sparse-dmin&v=3&ns=512,1024,2048,3072&seed=1';
const NS = PRESET.ns.split(',').map(Number);
const keyValues = Object.entries(PRESET).map(([k, v]) => `${k}=${v}`);

// --- the implementations: each returns { seconds, dmin: [[per seed] per n] } -----------------------

const dminOf = (result) => NS.map((n) => result.perN.find((p) => p.n === n)?.dmin ?? []);

function attnlabNode(pool) {
  const args = ['scripts/lab.mjs', 'sparse-dmin', ...keyValues, ...(pool ? ['--pool', String(pool)] : [])];
  const { seconds, stdout } = timedRun(process.execPath, args, { cwd: root });
  return { seconds, dmin: dminOf(JSON.parse(stdout)) };
}

function attnlabNative() {
  const { seconds, stdout } = timedRun(join(root, 'build/native/attnlab'), ['sparse-dmin', ...keyValues], {
    cwd: root,
  });
  return { seconds, dmin: dminOf(JSON.parse(stdout)) };
}

function numpyPeer() {
  const p = PRESET;
  const args = [
    'bench/peers/sparse_dmin_numpy.py',
    '--ns',
    p.ns,
    '--k',
    p.k,
    '--gamma',
    p.gamma,
    '--eps1',
    p.eps1,
    '--eps2',
    p.eps2,
    '--step',
    p.step,
    '--seeds',
    p.seeds,
    '--seed',
    p.seed,
  ].map(String);
  const { seconds, stdout } = timedRun('/usr/bin/python3', args, { cwd: root });
  const out = JSON.parse(stdout);
  return { seconds, dmin: dminOf(out), note: `peer's own compute time ${out.seconds} s` };
}

async function chromiumPreset() {
  const r = await timeLinkInChromium(join(root, 'dist'), LINK);
  if (r.status !== 'done') throw new Error(`page ended '${r.status}': ${r.error}`);
  // The page rewrites the hash to its canonical form: equal means the link is exactly the preset's.
  const note =
    `${r.workers} worker(s); page ` +
    `hash ${r.hash === LINK ? 'unchanged (canonical link)' : `rewritten to ${r.hash}`}`;
  return { seconds: r.seconds, dmin: dminOf(r.result), note };
}

// --- set-up ----------------------------------------------------------------------------------------

/**
 * Which BLAS numpy really loads: the library files mapped after a matmul (its build info names only what it was built
 * against).
 */
function numpyBlas() {
  const code =
    'import numpy as np; np.ones((64,64)) @ np.ones((64,64)); ' +
    "print(' '.join(sorted({l.split()[-1] for l in open('/proc/self/maps') " +
    "if 'blas' in l.lower() or 'lapack' in l.lower()})))";
  const r = spawnSync('/usr/bin/python3', ['-c', code], { encoding: 'utf8' });
  const alternative = spawnSync('readlink', ['-f', '/etc/alternatives/libblas.so.3-x86_64-linux-gnu'], {
    encoding: 'utf8',
  }).stdout.trim();
  return {
    loaded: r.status === 0 ? r.stdout.trim() : `python3 failed: ${r.stderr.trim().split('\n').pop()}`,
    alternative,
  };
}

/** The site, the CLI and the wasm module, built when missing (npm run bench has built them already). */
function ensureBuilt() {
  const needed = ['dist/index.html', 'build/native/attnlab', 'web/src/wasm/attnlab.wasm'];
  if (needed.every((f) => existsSync(join(root, f)))) return;
  process.stderr.write('building (scripts/build.sh) ...\n');
  const r = spawnSync('bash', ['scripts/build.sh'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error('scripts/build.sh failed');
}

// --- main --------------------------------------------------------------------------------------------

const started = new Date();
const loadStart = uptimeLine();
console.log(`sparse-dmin benchmark, preset "d_min grows like log n": ${keyValues.join(' ')}`);
console.log(`${machineLine(CORES)}; app pool = every core = ${POOL}`);
console.log(`start: ${loadStart}`);
ensureBuilt();

// numpy: installing libopenblas0-pthread makes it the system BLAS alternative, which is
// the configuration asked for; OpenBLAS then uses all cores unless OPENBLAS_NUM_THREADS says otherwise.
const missing = ensureDebPackages(['python3-numpy', 'libopenblas0-pthread']);
const blas = missing.length ? undefined : numpyBlas();
const openblas = blas?.loaded.includes('openblas');
const numpyLabel =
  `numpy ${openblas ? `+ OpenBLAS ${debPackageVersion('libopenblas0-pthread')}` : '(not OpenBLAS!)'}, ` +
  `${process.env.OPENBLAS_NUM_THREADS ?? CORES} BLAS thread(s)`;
if (missing.length)
  console.log(`numpy row skipped: missing ${missing.join(' ')}; as root: apt-get install -y ${missing.join(' ')}`);
else
  console.log(
    `numpy loads: ${blas.loaded || 'no BLAS library'}\n  (libblas.so.3 alternative -> ${blas.alternative})\n` +
      `peer: ${numpyKernels()}`,
  );

const rows = withDefaults(
  [
    { label: numpyLabel, reps: 1, numpy: true, skip: missing.length > 0, run: numpyPeer },
    ...(POOL > 1 ? [{ label: 'attnlab Node, --pool 1 (one thread)', run: () => attnlabNode(1) }] : []),
    { label: `attnlab Node, no --pool (a sweep's default: every core, ${POOL})`, run: () => attnlabNode() },
    { label: 'attnlab native CLI (g++)', run: attnlabNative },
    { label: 'attnlab Chromium, whole preset from navigation', reps: 1, chromium: true, run: chromiumPreset },
  ],
  REPS,
);

await runRounds(rows, REPS, {
  onResult: (row, out) => {
    row.dmin ??= out.dmin;
    if (JSON.stringify(out.dmin) !== JSON.stringify(row.dmin))
      row.note = `${row.note ?? ''} d_min changed between repetitions!`;
  },
});

const numpyRow = rows.find((r) => r.numpy);
const ratio = (row) => speedup(numpyRow, row);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(
  `\nseconds = wall time of one whole preset run, min over reps; numpy/this = numpy's seconds / this row's\n`,
);
printTable(
  ['implementation', 'reps', 'seconds', 'numpy/this', ...NS.map((n) => `mean dmin n=${n}`)],
  rows.map((r) => [
    r.label,
    repsCell(r),
    fmt(best(r)),
    fmt(ratio(r)),
    ...NS.map((_, k) => (r.dmin ? fmt(mean(r.dmin[k]), 1) : '-')),
  ]),
);
printNotes(rows);

// attnlab is deterministic in the seed on every platform, so its rows must agree per seed; numpy's own
// generator makes its values agree only in distribution.
const attnlabRows = rows.filter((r) => !r.numpy && r.dmin);
const reference = JSON.stringify(attnlabRows[0]?.dmin);
const disagreeing = attnlabRows.filter((r) => JSON.stringify(r.dmin) !== reference);
console.log(
  `\nd_min per seed, attnlab rows (${attnlabRows.length}): ` +
    (disagreeing.length ? `DISAGREE: ${disagreeing.map((r) => r.label).join('; ')}` : 'identical'),
);
console.log(`  attnlab: ${NS.map((n, k) => `n=${n} [${attnlabRows[0]?.dmin[k]}]`).join('  ')}`);
if (numpyRow.dmin)
  console.log(
    `  numpy:   ${NS.map((n, k) => `n=${n} [${numpyRow.dmin[k]}]`).join('  ')} (same distribution, other generator)`,
  );

const targetPaper = rows.filter((r) => !r.numpy && !r.chromium && r.label.startsWith('attnlab Node'));
const chromiumRow = rows.find((r) => r.chromium);
console.log('\ntargets:');
for (const r of targetPaper) {
  const x = ratio(r);
  console.log(
    `  attnlab >= 3x faster than ` +
      `numpy: ${fmt(x)}x  ${x === undefined ? '(not measured)' : x >= 3 ? 'MET' : 'MISSED'}  [${r.label}]`,
  );
}
const chromiumSeconds = best(chromiumRow);
console.log(
  `  preset < 30 s in Chromium: ${fmt(chromiumSeconds, 1)} ` +
    `s  ${chromiumSeconds === undefined ? '(not measured)' : chromiumSeconds < 30 ? 'MET' : 'MISSED'}`,
);
const loadEnd = uptimeLine();
console.log(`\nend:   ${loadEnd}`);

writeRecord(root, 'sparse-dmin', {
  started: started.toISOString(),
  seconds: (Date.now() - started) / 1000,
  preset: PRESET,
  link: LINK,
  machine: { cpu: cpus()[0]?.model, cores: CORES, node: process.version, loadStart, loadEnd },
  numpyBlas: blas ?? { missing },
  attnlabAgree: disagreeing.length === 0,
  rows: rows.map((r) => ({
    label: r.label,
    skipped: r.skip,
    error: r.error,
    reps: r.seconds.length,
    seconds: r.seconds,
    best: best(r),
    numpyOverThis: ratio(r),
    dmin: r.dmin,
    means: r.dmin?.map(mean),
    note: r.note,
  })),
  targets: { paperSpeedup: 3, chromiumSeconds: 30 },
});
