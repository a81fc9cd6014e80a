// SPDX-License-Identifier: Apache-2.0
// npm run bench -- live-theory: how long the core's theory call takes for paper 2's live overlays
// (rmt-spectrum, rmt-transition, rmt-phase at their default sizes, a new SNR each call), in the wasm
// module the page's theory worker runs. The page redraws the theory while a control moves, so the
// target is well under 50 ms a call (one frame budget at 20 fps). A benchmark, not a test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printTable, uptimeLine } from './lib/common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'build/headless/headless.js');
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build`);
const { loadCoreNode } = await import(pathToFileURL(bundle).href);
const core = await loadCoreNode(join(root, 'web/src/wasm'));
const CALLS = 20;
const TARGET_MS = 50;

/** The core's defaults with a varying SNR: mu2 is a list for the transition sweep, a number otherwise. */
function params(id, k) {
  return { mu2: id === 'rmt-transition' ? `0.25,0.5,1,2,${4 + k}` : 1 + k / CALLS };
}

console.log(`load before: ${uptimeLine()}`);
const rows = [];
for (const id of ['rmt-spectrum', 'rmt-transition', 'rmt-phase']) {
  core.theory(id, params(id, 0)); // warm-up
  const times = [];
  for (let k = 0; k < CALLS; k++) {
    const t0 = performance.now();
    core.theory(id, params(id, k));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[CALLS >> 1],
    worst = times.at(-1);
  rows.push([id, median.toFixed(2), worst.toFixed(2), worst < TARGET_MS ? 'met' : 'MISSED']);
}
printTable(['theory call (wasm, Node)', 'median ms', 'worst ms', `< ${TARGET_MS} ms`], rows);
console.log(`load after: ${uptimeLine()}`);
