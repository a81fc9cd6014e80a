// SPDX-License-Identifier: Apache-2.0
// npm run bench -- model-zoo [--small] [--skip=weights]: rank-zoo on a real model's heads, the analysis alone, on a
// BERT-base-shaped checkpoint with random weights (bench/make_checkpoint.mjs, ~440 MB, written to a temporary folder
// and deleted after): Q and K of its 144 heads on 128 tokens are computed once by Debian's torch
// (bench/model_heads_torch.py) and saved as .npy stacks, then `rank-zoo q= k= scale=1` runs on them headless (Node,
// the wasm core: `npm run lab`, one worker and two) and natively (build/native/attnlab), so the figure is the analysis, not
// the reading. Then weights only (`npm run lab -- rank-zoo model=<folder> weights=1`: each head's 768 × 768
// bilinear form; its figure includes reading the weights), headless and in the page in Chromium
// (bench/lib/page-weights.mjs: rank-zoo, Your model, Weights only; two workers). The two builds' rows must agree
// (integers equal, floats to 1e-9), or the benchmark says so. Each wall time has the load average printed before
// it. A benchmark, not a test: nothing is asserted about time. --small: a 2-layer, hidden-64 model (a check that
// every row works).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebPackages, printTable, timedRun, uptimeLine } from './lib/common.mjs';
import { machineLine, torchKernels } from './lib/machine.mjs';
import { CHROMIUM } from './lib/chromium.mjs';
import { weightsOnlyInChromium } from './lib/page-weights.mjs';
import { makeCheckpoint } from './make_checkpoint.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const SMALL = process.argv.includes('--small');
const SKIP = (process.argv.find((a) => a.startsWith('--skip='))?.slice(7) ?? '').split(',');
const lab = (args) => timedRun(process.execPath, [join(root, 'scripts/lab.mjs'), ...args], { cwd: root });

/** Largest relative gap between two rank-zoo results' rows, and whether every integer field is equal. */
function compareRows(a, b) {
  let gap = 0,
    integersEqual = a.rows.length === b.rows.length;
  a.rows.forEach((row, i) => {
    for (const [key, x] of Object.entries(row)) {
      const y = b.rows[i]?.[key];
      if (typeof x !== 'number') continue;
      if (Number.isInteger(x) && key !== 'svdError' && key !== 'combError' && key !== 'antisymmetry')
        integersEqual &&= x === y;
      else gap = Math.max(gap, Math.abs(x - y) / Math.max(Math.abs(x), 1e-300));
    }
  });
  return { gap, integersEqual };
}

const missing = ensureDebPackages(['python3-torch', 'python3-numpy']);
if (missing.length) throw new Error(`model-zoo needs Debian's ${missing.join(', ')}: apt-get install them`);
const dir = mkdtempSync(join(tmpdir(), 'attnlab-model-zoo-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const made = makeCheckpoint('bert', { small: SMALL });
const c = made.config;
console.log(`model-zoo benchmark${SMALL ? ' (SMALL: a check, not a timing)' : ''}`);
console.log(`${machineLine()}\npeer (computes Q and K): ${missing.length ? 'torch missing' : torchKernels()}`);
console.log(
  `model: ${c.num_hidden_layers} layers × ${c.num_attention_heads} heads, hidden ${c.hidden_size}, ` +
    `${made.ids.length} tokens (random weights)`,
);
const q = join(dir, 'q.npy'),
  k = join(dir, 'k.npy');
timedRun('/usr/bin/python3', [join(root, 'bench/model_heads_torch.py'), made.folder, made.ids.join(','), q, k]);
const heads = c.num_hidden_layers * c.num_attention_heads;
const rows = [];
console.log(`headless rank-zoo on ${heads} heads: ${uptimeLine()}`);
const headless = lab(['rank-zoo', `q=${q}`, `k=${k}`, 'scale=1']);
rows.push([`headless (Node, wasm, one worker), ${heads} heads`, headless.seconds.toFixed(2), '']);
console.log(`headless rank-zoo on ${heads} heads, two workers: ${uptimeLine()}`);
const pooled = lab(['rank-zoo', `q=${q}`, `k=${k}`, 'scale=1', '--pool', '2']);
rows.push([`headless, two workers (--pool 2), ${heads} heads`, pooled.seconds.toFixed(2), '']);
console.log(`native rank-zoo on ${heads} heads: ${uptimeLine()}`);
const native = timedRun(cli, ['rank-zoo', `q=${q}`, `k=${k}`, 'scale=1']);
const { gap, integersEqual } = compareRows(JSON.parse(headless.stdout), JSON.parse(native.stdout));
rows.push([
  `native (one thread), ${heads} heads`,
  native.seconds.toFixed(2),
  `vs headless: integers ${integersEqual ? 'equal' : 'NOT equal'}, floats within ${gap.toExponential(1)}` +
    (integersEqual && gap <= 1e-9 ? '' : ' (NOT the same)'),
]);
if (!SKIP.includes('weights')) {
  console.log(`headless weights only (${heads} forms of ${c.hidden_size} × ${c.hidden_size}): ${uptimeLine()}`);
  const weights = lab(['rank-zoo', `model=${made.folder}`, 'weights=1']);
  rows.push([`headless weights only, ${heads} heads (reading included)`, weights.seconds.toFixed(2), '']);
  if (existsSync(CHROMIUM) && existsSync(join(root, 'dist/index.html'))) {
    console.log(`Chromium weights only (the page, two workers): ${uptimeLine()}`);
    const page = await weightsOnlyInChromium(join(root, 'dist'), made.files, c.num_hidden_layers - 1);
    const same = compareRows(JSON.parse(weights.stdout), page);
    rows.push([
      `Chromium weights only, ${heads} heads (reading included)`,
      page.status === 'done' ? page.seconds.toFixed(2) : `${page.status}: ${page.error}`,
      `vs headless: integers ${same.integersEqual ? 'equal' : 'NOT equal'}, floats within ${same.gap.toExponential(1)}`,
    ]);
  } else rows.push(['Chromium weights only', 'skipped', 'needs /usr/bin/chromium and a built dist/']);
}
printTable(['route', 'seconds', 'note'], rows);
console.log(`end: ${uptimeLine()}`);
