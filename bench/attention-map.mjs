// SPDX-License-Identifier: Apache-2.0
// npm run bench: attention-map at n = 1024 and 2048, wasm (Node, through the Core facade: the
// module the web page runs) against native (the g++ CLI), side by side in one run.
// Each cell is the minimum over the stated repetitions (wasm and native interleaved), after one
// untimed warm-up run of each.
//   wasm:   core.run(...) in-process, including the JSON result crossing the boundary and parsed
//   native: wall time of `build/native/attnlab attention-map n=...` with stdout to /dev/null,
//           and the same minus the CLI's start-up (an n = 2 run), which the in-process wasm time lacks
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const bundle = join(root, 'build/headless/headless.js');
const SIZES = [
  { n: 1024, repetitions: 5 },
  { n: 2048, repetitions: 3 },
];

for (const [file, hint] of [
  [cli, 'npm run build'],
  [bundle, 'npm run build'],
]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run ${hint}`);
}
const { loadCoreNode } = await import(pathToFileURL(bundle).href);
const core = await loadCoreNode(join(root, 'web/src/wasm'));

const time = (run) => {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
};

/** Minimum time of each function; repetitions interleave them so background load hits all alike. */
function minimums(repetitions, ...runs) {
  const best = runs.map(() => Infinity);
  for (let k = 0; k < repetitions; k++)
    runs.forEach((run, r) => {
      best[r] = Math.min(best[r], time(run));
    });
  return best;
}

function native(n) {
  const r = spawnSync(cli, ['attention-map', `n=${n}`, 'seed=1'], { stdio: ['ignore', 'ignore', 'ignore'] });
  if (r.status !== 0) throw new Error(`native CLI failed for n=${n} (exit ${r.status})`);
}

const wasm = (n) => core.run('attention-map', { n, seed: 1 });

console.log(`attention-map: wasm (Node ${process.version}, Core facade) vs native (g++ -O3 CLI)`);
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} ` +
    `cores; params: n as below, d=3, beta=8, sphere, px=512, seed=1`,
);
const [startup] = minimums(10, () => native(2));
console.log(`native CLI start-up (n = 2, min of 10): ${startup.toFixed(1)} ms\n`);

const header = ['n', 'reps', 'wasm ms', 'native ms', 'native-startup ms', 'wasm/native', 'wasm/(native-startup)'];
const rows = [];
for (const { n, repetitions } of SIZES) {
  wasm(n); // warm-up: lets V8 tier the module up, as a page does after its first run
  native(n);
  const [w, c] = minimums(
    repetitions,
    () => wasm(n),
    () => native(n),
  );
  rows.push([
    n,
    repetitions,
    w.toFixed(0),
    c.toFixed(0),
    (c - startup).toFixed(0),
    (w / c).toFixed(2),
    (w / (c - startup)).toFixed(2),
  ]);
  process.stderr.write(`  n = ${n} done\n`);
}
const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
const line = (cells) => cells.map((c, k) => String(c).padStart(widths[k])).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));
