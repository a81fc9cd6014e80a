// SPDX-License-Identifier: Apache-2.0
// npm run bench -- input-latency [--link=#…]: is the page responsive while a sweep runs on every
// core? Opens the "d_min grows like log n" preset (sparse-dmin, 12 jobs over the whole pool) in
// Debian's Chromium and, while it runs, types into a parameter field 40 times, 150 ms apart. For each
// keystroke it records the input latency (the event's timeStamp to the start of its handler) and
// the main thread's timer lag (a 50 ms interval's lateness) over the run; prints median, 95th
// percentile and maximum of both, and the same with nothing running as the baseline. A benchmark,
// not a test: run it alone on a quiet machine (the load average is printed beside the figures).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../tests/e2e/static-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { printTable, uptimeLine } from './lib/common.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LINK =
  process.argv.find((a) => a.startsWith('--link='))?.slice(7) ?? '#exp=sparse-dmin&v=3&ns=512,1024,2048,3072&seed=1';
const KEYS = 40,
  GAP_MS = 150;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const summary = (xs) => [quantile(xs, 0.5), quantile(xs, 0.95), Math.max(...xs)].map((x) => x.toFixed(1));

/** Installs the probes in the page: input latency per 'input' event on #param-seed, and timer lag. */
function installProbes() {
  window.__latency = [];
  window.__lag = [];
  document
    .getElementById('param-seed')
    .addEventListener('input', (e) => window.__latency.push(performance.now() - e.timeStamp));
  let last = performance.now();
  window.__lagTimer = setInterval(() => {
    const now = performance.now();
    window.__lag.push(Math.max(0, now - last - 50));
    last = now;
  }, 50);
}

async function measure(page, whileRunning) {
  await page.evaluate(installProbes);
  const field = page.locator('#param-seed');
  await field.focus();
  await page.keyboard.press('End');
  let typed = 0,
    running = 0;
  for (let i = 0; i < KEYS; i++) {
    if (whileRunning && (await page.evaluate(() => document.body.dataset.status)) !== 'running') break;
    await page.keyboard.press(i % 2 ? 'Backspace' : '7');
    typed++;
    if (whileRunning) running++;
    await page.waitForTimeout(GAP_MS);
  }
  const { latency, lag } = await page.evaluate(() => {
    clearInterval(window.__lagTimer);
    return { latency: window.__latency, lag: window.__lag };
  });
  return { typed, latency, lag };
}

if (!existsSync(join(root, 'dist/index.html'))) throw new Error('dist/ is missing: npm run build');
const { chromium } = await import('playwright-core');
const server = await serveStatic(join(root, 'dist'), '/');
const profile = mkdtempSync(join(tmpdir(), 'attnlab-latency-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  console.log(uptimeLine());
  const page = await context.newPage();
  const base = `http://127.0.0.1:${server.address().port}/`;
  await page.goto(`${base}#exp=sparse-dmin&v=3&ns=64&seeds=1&seed=1`);
  await page.waitForFunction(() => document.body.dataset.status === 'done', null, { timeout: 60_000 });
  const idle = await measure(page, false);
  await page.evaluate((link) => {
    location.hash = link;
  }, LINK);
  await page.waitForFunction(() => ['running', 'waiting'].includes(document.body.dataset.status), null, {
    timeout: 60_000,
  });
  if (await page.evaluate(() => document.body.dataset.status === 'waiting')) await page.locator('#run').click();
  await page.waitForFunction(() => document.body.dataset.status === 'running', null, { timeout: 60_000 });
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  const busy = await measure(page, true);
  const rows = [
    ['nothing running: input latency ms', idle.latency.length, ...summary(idle.latency)],
    ['nothing running: timer lag ms', idle.lag.length, ...summary(idle.lag)],
    [`sweep on ${workers} workers: input latency ms`, busy.latency.length, ...summary(busy.latency)],
    [`sweep on ${workers} workers: timer lag ms`, busy.lag.length, ...summary(busy.lag)],
  ];
  printTable(['what', 'samples', 'median', 'p95', 'max'], rows);
  console.log(uptimeLine());
  mkdirSync(join(root, 'build/bench'), { recursive: true });
  writeFileSync(
    join(root, 'build/bench/input-latency.json'),
    `${JSON.stringify({ link: LINK, uptime: uptimeLine(), idle, busy }, null, 1)}\n`,
  );
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
