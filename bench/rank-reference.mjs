// SPDX-License-Identifier: Apache-2.0
// node bench/rank-reference.mjs [--n=1024] [--cli=build/native/attnlab]: the headless check of spec
// paper3 §7's sphere tables (d = 2 and d = 3; ctest covers n = 256 and 512, this script n = 1024) through
// the native CLI's rank-beta (seed 1 = generator seed 12345). Each cell k_svd / k_cheb / LB must be
// within max(2, 3 %) of the table (the tolerance of docs/theory/rank.md#tolerance). Exit code 1 when any cell misses.
// Slow (minutes at n = 1024): not part of npm test.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const N = Number(arg('n', 1024));
const CLI = arg('cli', process.env.ATTNLAB_CLI ?? join(root, 'build/native/attnlab'));
const BETAS = [1, 2, 4, 8, 16, 32, 64];

// docs/theory/rank.md#table-sphere-d2 and #table-sphere-d3, cell = k_svd / k_cheb / LB, rows eps = 0.05, 0.1, 0.2 for
// each n.
const TABLES = {
  2: {
    256: [
      '5/5/4 7/7/5 11/11/8 15/15/10 22/21/14 31/29/20 46/43/28',
      '5/5/3 7/7/5 9/9/6 13/13/9 19/19/12 29/27/17 41/39/24',
      '3/3/2 5/5/3 8/7/6 11/11/8 17/17/10 25/23/15 37/33/21',
    ],
    512: [
      '5/5/4 7/7/5 11/11/7 15/15/10 21/21/14 31/31/20 45/43/29',
      '5/5/3 7/7/5 9/9/6 13/13/9 19/19/13 29/27/17 41/39/24',
      '3/3/2 5/5/3 8/7/5 11/11/8 17/17/10 24/23/14 34/33/21',
    ],
    1024: [
      '5/5/4 7/7/5 11/11/8 15/15/10 21/21/14 31/29/20 44/43/29',
      '5/5/3 7/7/5 9/9/6 13/13/9 19/19/12 27/27/18 39/37/23',
      '3/3/2 5/5/3 7/7/5 11/11/9 17/15/10 25/23/15 35/33/22',
    ],
  },
  3: {
    256: [
      '9/9/4 16/16/8 34/36/14 64/81/27 114/169/51 176/256/91 217/256/149',
      '8/9/3 14/16/5 28/36/10 55/64/20 101/144/36 157/256/70 198/256/125',
      '4/4/2 9/9/4 22/25/7 43/49/14 80/121/25 131/256/50 172/256/105',
    ],
    512: [
      '9/9/4 16/16/8 36/36/14 69/81/27 135/169/54 241/324/102 353/512/185',
      '9/9/4 15/16/5 25/36/10 58/64/20 118/144/40 211/289/73 326/512/141',
      '4/4/2 9/9/4 23/25/6 47/49/14 95/121/25 178/256/53 275/512/99',
    ],
    1024: [
      '9/9/4 16/16/8 36/36/14 70/81/27 146/169/54 284/324/107 504/729/206',
      '8/9/4 15/16/5 25/36/11 60/64/20 122/144/39 250/289/77 444/625/150',
      '4/4/2 9/9/4 22/25/7 49/49/13 100/100/27 210/225/49 374/529/101',
    ],
  },
};
const EPS = [0.05, 0.1, 0.2];
if (!TABLES[2][N]) {
  console.error(`--n must be one of 256, 512, 1024 (the table sizes), got ${N}`);
  process.exit(2);
}

let misses = 0,
  cells = 0;
for (const d of [2, 3]) {
  EPS.forEach((eps, row) => {
    const started = Date.now();
    const r = spawnSync(CLI, ['rank-beta', `d=${d}`, `n=${N}`, `eps=${eps}`, `betas=${BETAS.join(',')}`, 'seed=1'], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (r.status !== 0) {
      console.error(`d=${d} eps=${eps}: the CLI failed: ${r.stderr.trim()}`);
      process.exit(2);
    }
    const points = JSON.parse(r.stdout).points;
    const ref = TABLES[d][N][row].split(' ').map((c) => c.split('/').map(Number));
    const line = points.map((p, i) => {
      const got = [p.kSvd, p.kCheb, p.lowerBound];
      const bad = got.map((k, c) => Math.abs(k - ref[i][c]) > Math.max(2, 0.03 * ref[i][c]));
      cells += 3;
      misses += bad.filter(Boolean).length;
      return got.map((k, c) => (bad[c] ? `[${k}≠${ref[i][c]}]` : String(k))).join('/');
    });
    console.log(`S d=${d} n=${N} eps=${eps}: ${line.join(' ')}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  });
}
console.log(
  `${cells - misses} of ${cells} cells within max(2, 3%) of the reference tables${misses ? `; ${misses} MISSED` : ''}`,
);
process.exit(misses ? 1 : 0);
