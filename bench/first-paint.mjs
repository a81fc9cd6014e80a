// SPDX-License-Identifier: Apache-2.0
// npm run bench -- first-paint: how long after navigation a preset link shows its first figure in
// Chromium. Every preset, each in a fresh browser profile (cold) and then again (warm), from the result
// shipped with the site (precomputed at build time); and for four of them side by side with the same
// experiment computed live (the preset with seed 2, which is no preset: same sizes, same cost).
// The target: the first figure of a preset in well under 1 s. A benchmark, not a test.
//   node bench/first-paint.mjs [--reps=3]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../tests/e2e/static-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { printTable, uptimeLine } from './lib/common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const reps = Number(process.argv.find((a) => a.startsWith('--reps='))?.slice(7) ?? 3);
const index = JSON.parse(readFileSync(join(dist, 'precomputed/index.json'), 'utf8'));
const pick = (id, pair = '') =>
  Object.keys(index.presets).find((l) => l.startsWith(`#exp=${id}&`) && (!pair || l.split('&').includes(pair)));
const LINKS = [
  ['rank-beta (ball)', pick('rank-beta', 'geometry=ball')],
  ['sparse-dmin (log n)', pick('sparse-dmin')],
  ['rmt-spectrum', pick('rmt-spectrum')],
  ['attention-map (β = 64)', pick('attention-map', 'beta=64')],
];
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing`);

function recordFirstFigure() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('#figures [data-figure] .figure-body > :not(.figure-error)')) {
      window.firstFigureMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Where a cold opening's time went: the page's own marks (main.ts, ui/app.ts), ms after navigation. */
const MARKS = ['attnlab:start', 'attnlab:precomputed-fetched', 'attnlab:precomputed-drawn'];
const coldMarks = [];

/** First-figure ms of `hash` opened `reps` times in one profile: [cold, warm…]. */
async function firstFigures(base, hash) {
  const profile = mkdtempSync(join(tmpdir(), 'attnlab-paint-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    serviceWorkers: 'block',
  });
  try {
    const times = [];
    for (let k = 0; k < reps; k++) {
      const page = await context.newPage();
      await page.addInitScript(recordFirstFigure);
      await page.goto(`${base}${hash}`);
      await page.waitForFunction(
        () => window.firstFigureMs !== undefined || ['error', 'waiting'].includes(document.body.dataset.status),
        null,
        { timeout: 600_000, polling: 20 },
      );
      times.push(await page.evaluate(() => window.firstFigureMs ?? NaN));
      if (k === 0)
        coldMarks.push(
          await page.evaluate((names) => names.map((n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN), MARKS),
        );
      await page.close();
    }
    return times;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const server = await serveStatic(dist, '/');
const base = `http://127.0.0.1:${server.address().port}/`;
console.log(`load before: ${uptimeLine()}`);
const warm = (t) => Math.min(...t.slice(1));
const all = [];
for (const link of Object.keys(index.presets)) all.push([link, await firstFigures(base, link)]);
all.sort((a, b) => warm(b[1]) - warm(a[1]));
const cold = all.map(([, t]) => t[0]).sort((x, y) => x - y);
const warms = all.map(([, t]) => warm(t)).sort((x, y) => x - y);
const median = (xs) => xs[xs.length >> 1].toFixed(0);
console.log(
  `every preset (${all.length}), precomputed: warm first figure ` +
    `median ${median(warms)} ms, slowest ${warms.at(-1).toFixed(0)} ms ` +
    `(${all[0][0].slice(0, 60)}…); cold median ${median(cold)} ms, slowest ${cold.at(-1).toFixed(0)} ms; ` +
    `under 1 s: ${warms.filter((t) => t < 1000).length} ` +
    `of ${all.length} warm, ${cold.filter((t) => t < 1000).length} cold`,
);
const byMark = MARKS.map((_, m) =>
  coldMarks
    .map((t) => t[m])
    .filter(Number.isFinite)
    .sort((x, y) => x - y),
);
console.log(
  `cold, where the time goes (median ms after navigation): app script running ${median(byMark[0])}, ` +
    `shipped result fetched and decoded ${median(byMark[1])}, figures ` +
    `drawn ${median(byMark[2])}, first figure ${median(cold)}`,
);
const rows = [];
for (const [name, link] of LINKS) {
  const shipped = all.find(([l]) => l === link)[1];
  const computed = await firstFigures(base, link.replace(/seed=\d+/, 'seed=2'));
  rows.push([
    name,
    shipped[0].toFixed(0),
    warm(shipped).toFixed(0),
    computed[0].toFixed(0),
    warm(computed).toFixed(0),
    `${(warm(computed) / warm(shipped)).toFixed(1)}×`,
  ]);
}
server.close();
printTable(
  ['first figure, ms after navigation', 'precomputed cold', 'warm', 'live cold', 'warm', 'live / precomputed (warm)'],
  rows,
);
console.log(`load after: ${uptimeLine()}`);
