// SPDX-License-Identifier: Apache-2.0
// npm run bench -- live-sizes [--dist=dist] [--only=id,id] [--rng=box-muller,ziggurat] [--from=run|address]:
// for each experiment and random stream, the largest size whose run finishes within 300 ms in Chromium here — the
// threshold under which the page recomputes as you edit (web/src/ui/run/live-run.ts) — and the time of the experiment's
// default run beside it. Box–Muller (the stream of links before v=3) is the "before", the ziggurat (v=3's) the
// "after", searched in turn in one run of the same page. A benchmark, not a test.
// Each size is timed in the page after an untimed run of the experiment's default (its wasm module compiled in the
// workers), best of two: from the run's start to its figures drawn, or with --from=address from the address change
// to body[data-status="done"]. The search doubles the size until a run takes longer than 300 ms, then bisects.
// Results: build/bench/live-sizes.json.
import { cpus } from 'node:os';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../tests/e2e/static-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { printTable, uptimeLine } from './lib/common.mjs';
import { fmt, writeRecord } from './lib/rounds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dist = resolve(root, option('dist', 'dist'));
const LIVE_SECONDS = 0.3;
const FROM = option('from', 'run');
let marksMissing = false;
const BISECT_STEPS = 4;

/**
 * The parameter that sizes each experiment's run, its search range, and values fixed around it (a sweep's list becomes
 * one point).
 */
const SIZES = [
  { id: 'attention-map', key: 'n', from: 64, to: 4096 },
  { id: 'sparse-approx', key: 'n', from: 16, to: 2048 },
  { id: 'sparse-dmin', key: 'ns', from: 32, to: 4096, fixed: 'seeds=1' },
  { id: 'rmt-spectrum', key: 'd', from: 25, to: 4000 },
  { id: 'rmt-transition', key: 'd', from: 25, to: 4000 },
  { id: 'rmt-weights', key: 'd', from: 25, to: 4000 },
  { id: 'rmt-ridge', key: 'd', from: 25, to: 4000 },
  { id: 'rank-beta', key: 'n', from: 16, to: 2048 },
  { id: 'rank-n', key: 'n', from: 16, to: 2048 },
  { id: 'rank-eps', key: 'n', from: 16, to: 2048 },
  { id: 'rank-ladder', key: 'n', from: 16, to: 2048 },
  { id: 'rank-interaction', key: 'n', from: 16, to: 2048 },
];
const only = option('only', '').split(',').filter(Boolean);
const streams = option('rng', 'box-muller,ziggurat').split(',').filter(Boolean);
/** Links of the current schema version (a link without v= is read as v=1, which pins Box–Muller). */
const LINK_VERSION = 3;

if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: npm run build first`);
const { chromium } = await import('playwright-core');
const server = await serveStatic(dist, '/');
const base = `http://127.0.0.1:${server.address().port}/`;
const profile = mkdtempSync(join(tmpdir(), 'attnlab-live-sizes-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: CHROMIUM_ARGS,
});
await context.addInitScript(() => {
  try {
    localStorage.setItem('attnlab:live', '0');
  } catch {
    /* opaque origin */
  }
});
const page = await context.newPage();

/**
 * A run's seconds: from its start to its figures drawn (the page's marks 'attnlab:run-started' and
 * 'attnlab:run-drawn', web/src/ui/run/runs.ts: the span the page's live runs are judged by,
 * web/src/ui/run/live-run.ts), or from the address change (--from=address, or a build without those marks: opening the
 * link, rebuilding the panel and planning come on top). Undefined when the page refused or asked first.
 */
async function timeHash(hash) {
  const t = await page.evaluate(
    (h) =>
      new Promise((resolve) => {
        performance.clearMarks('attnlab:run-started');
        performance.clearMarks('attnlab:run-drawn');
        const t0 = performance.now();
        const watch = new MutationObserver(() => {
          const status = document.body.dataset.status;
          if (!['done', 'error', 'waiting', 'precomputed'].includes(status)) return;
          watch.disconnect();
          const [started] = performance.getEntriesByName('attnlab:run-started');
          const [drawn] = performance.getEntriesByName('attnlab:run-drawn');
          resolve(
            status !== 'done'
              ? undefined
              : {
                  address: (performance.now() - t0) / 1000,
                  run: started && drawn ? (drawn.startTime - started.startTime) / 1000 : undefined,
                },
          );
        });
        watch.observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
        location.hash = h;
      }),
    hash,
  );
  if (t && t.run === undefined) marksMissing = true;
  return t && (FROM === 'address' || t.run === undefined ? t.address : t.run);
}

let salt = 0;
/** Best of two runs; a seed of its own each time, so no preset's shipped result answers instead. */
async function seconds(id, extra) {
  const times = [];
  for (let k = 0; k < 2; k++)
    times.push(await timeHash(`#exp=${id}&v=${LINK_VERSION}&seed=${1000 + salt++}${extra ? `&${extra}` : ''}`));
  return times.includes(undefined) ? undefined : Math.min(...times);
}

const rows = [];
const loadStart = uptimeLine();
console.log(
  `live sizes: largest size with a run within ${LIVE_SECONDS * 1000} ms in ` +
    `Chromium (${cpus()[0]?.model}, ${cpus().length} cores)\nstart: ${loadStart}`,
);
await page.goto(`${base}#exp=rank-beta&n=16&seed=1`); // compiles the module and starts the workers
await page.waitForFunction(() => ['done', 'precomputed'].includes(document.body.dataset.status), null, {
  timeout: 120_000,
});
for (const s of SIZES.filter((x) => !only.length || only.includes(x.id)))
  for (const rng of streams) {
    const at = (size) => seconds(s.id, [s.fixed, `${s.key}=${size}`, `rng=${rng}`].filter(Boolean).join('&'));
    // untimed: loads the experiment's module in the workers and warms its figures
    await timeHash(`#exp=${s.id}&v=${LINK_VERSION}&seed=${1000 + salt++}&rng=${rng}`);
    const defaultSeconds = await seconds(s.id, `rng=${rng}`);
    let good, bad, goodSeconds;
    for (let size = s.from; size <= s.to; size *= 2) {
      const t = await at(size);
      process.stderr.write(`${s.id} ${rng} ${s.key}=${size}: ${fmt(t, 3)} s\n`);
      if (t !== undefined && t <= LIVE_SECONDS) {
        good = size;
        goodSeconds = t;
      } else {
        bad = size;
        break;
      }
    }
    for (let step = 0; step < BISECT_STEPS && good !== undefined && bad !== undefined && bad - good > 1; step++) {
      const mid = Math.round(Math.sqrt(good * bad));
      if (mid === good || mid === bad) break;
      const t = await at(mid);
      process.stderr.write(`${s.id} ${rng} ${s.key}=${mid}: ${fmt(t, 3)} s\n`);
      if (t !== undefined && t <= LIVE_SECONDS) {
        good = mid;
        goodSeconds = t;
      } else bad = mid;
    }
    rows.push({
      id: s.id,
      rng,
      key: s.key,
      largest: good,
      largestSeconds: goodSeconds,
      firstOver: bad,
      defaultSeconds,
      defaultLive: defaultSeconds !== undefined && defaultSeconds <= LIVE_SECONDS,
    });
  }
await context.close();
server.close();
rmSync(profile, { recursive: true, force: true });

const span =
  FROM === 'address' || marksMissing
    ? 'from the address change to the run done (the link opened, the panel rebuilt and planned first)'
    : 'from the run starting to its figures drawn';
console.log(
  `\nlargest = the largest size found whose run took ≤ ${LIVE_SECONDS} ` +
    `s (best of 2, ${span}); default = the experiment's default run\n`,
);
printTable(
  ['experiment', 'stream', 'size', 'largest live', 'its seconds', 'first over', 'default seconds', 'default live'],
  rows.map((r) => [
    r.id,
    r.rng,
    r.key,
    r.largest ?? `< ${SIZES.find((s) => s.id === r.id).from}`,
    fmt(r.largestSeconds, 3),
    r.firstOver ?? '-',
    fmt(r.defaultSeconds, 3),
    r.defaultLive ? 'yes' : 'no',
  ]),
);
const loadEnd = uptimeLine();
console.log(`\nend:   ${loadEnd}`);
writeRecord(root, 'live-sizes', {
  liveSeconds: LIVE_SECONDS,
  span,
  machine: { cpu: cpus()[0]?.model, cores: cpus().length, loadStart, loadEnd },
  rows,
});
