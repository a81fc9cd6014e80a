// SPDX-License-Identifier: Apache-2.0
// End-to-end tests in Debian's Chromium (playwright-core, no downloaded browser), and a smoke test in its Firefox ESR
// and WebKitGTK: the built dist/ served from a sub-folder by a tiny static server, driven through the page's DOM
// contract (select#experiment, #run, #stop, #notice, #error, [data-key], #result-json, [data-figure],
// button[data-export], body[data-status]). Prints PASS/FAIL per test and "e2e: N passed, M failed". The paper-1
// (sparse) tests live in sparse.mjs, a model folder read in the page ("Your own model") in own-model.mjs, "Your model"
// as a reader meets it in your-model.mjs (a head's Q and K, the outdated note: your-model-head.mjs; the estimate and
// the summary before a run: your-model-notices.mjs), the host-page API of an embed in host-api.mjs, embed mode in
// embed.mjs, reproduce/open/cite in publish.mjs, precomputed presets in precomputed.mjs, the landing page and gallery
// in landing.mjs, dark mode and axe-core in a11y.mjs, the figures' data tables and heatmap keyboard in tables.mjs, app=
// in links.mjs, the new-user tests (layout, progress, stale results, keyboard) in first-use.mjs, short notices,
// per-figure exports and the papers cited in exports-notices.mjs, the offline copy and its update notice in
// offline.mjs, what readers see (words, legends, text collisions) in readers.mjs,
// how the page behaves for them (card scroll, phone layout, glossary) in reader-page.mjs, every experiment in Firefox
// ESR and WebKitGTK against Chromium in engines.mjs; helpers shared by all in helpers.mjs. The shared context blocks
// service workers, so every test sees the network as a first visit does; offline.mjs gets a browser of its own
// (isolatedContext) where they run.
//   node tests/e2e/run.mjs [--dist=dist] [--grep=text] [--lanes=N]   (CHROMIUM=/path overrides /usr/bin/chromium,
//   FIREFOX=/usr/bin/firefox-esr, WEBKIT_DRIVER and MINIBROWSER WebKit's; --dist is relative to the repository or
//   absolute; --grep runs only the tests whose name contains the text, e.g. --grep=engines: for the Firefox and WebKit
//   tests; --lanes=N runs N tests at a time, each lane a Chromium of its own: lanes.mjs)
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { differences } from './compare.mjs';
import {
  assert,
  download,
  headless,
  inspectSvg,
  linkParams,
  open,
  pngSize,
  resultJson,
  root,
  shots,
  SHOWN,
  waitForStatus,
} from './helpers.mjs';
import { a11yTests } from './a11y.mjs';
import { embedTests } from './embed.mjs';
import { figureEmbedTests } from './figure-embed.mjs';
import { liveCompareTests } from './live-compare.mjs';
import { verdictTests } from './verdicts.mjs';
import { engineTests } from './engines.mjs';
import { exportNoticeTests } from './exports-notices.mjs';
import { firstUseTests } from './first-use.mjs';
import { landingTests } from './landing.mjs';
import { linkTests } from './links.mjs';
import { offlineTests } from './offline.mjs';
import { platformTests } from './platform.mjs';
import { precomputedTests } from './precomputed.mjs';
import { publishTests } from './publish.mjs';
import { rankTests } from './rank.mjs';
import { ownModelTests } from './own-model.mjs';
import { hostileModelTests } from './hostile-model.mjs';
import { yourModelTests } from './your-model.mjs';
import { yourModelHeadTests } from './your-model-head.mjs';
import { yourModelNoticeTests } from './your-model-notices.mjs';
import { corpusTests } from './corpus.mjs';
import { hostApiTests } from './host-api.mjs';
import { readerPageTests } from './reader-page.mjs';
import { readerTests } from './readers.mjs';
import { rmtTests } from './rmt.mjs';
import { sparseTests } from './sparse.mjs';
import { tableTests } from './tables.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';
import { runTests, serveLane } from './lanes.mjs';

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dist = resolve(root, option('dist', 'dist'));
const only = option('grep', '');
const SUB_FOLDER = '/some/sub/folder/';
const VIEWPORT = { width: 1280, height: 900 };

// --- tests ----------------------------------------------------------------------------------

const LINK = '#exp=attention-map&v=3&n=300&d=4&beta=20&geometry=ball&seed=7';
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('a link with non-default parameters shows the numbers of the headless run', async ({ context, base }) => {
  const { page, problems } = await open(context, base, LINK);
  await waitForStatus(page, 'done');
  const expected = headless('attention-map', linkParams(LINK));
  const shown = await resultJson(page);
  assert(shown.n === 300 && shown.d === 4, `the page ran n=${shown.n}, d=${shown.d} instead of the link's n=300, d=4`);
  const diff = differences(expected, shown);
  assert(diff.length === 0, `#result-json differs from the headless run: ${diff.slice(0, 3).join('; ')}`);
  const cell = page.locator('[data-key="effectiveRank"]');
  const text = (await cell.textContent()).trim();
  assert(
    Math.abs(Number(text) - expected.effectiveRank) <= 5e-6 * expected.effectiveRank,
    `[data-key=effectiveRank] shows '${text}', the headless run gives ${expected.effectiveRank}`,
  );
  const raw = await cell.getAttribute('data-value');
  if (raw !== null)
    assert(
      differences(expected.effectiveRank, Number(raw)).length === 0,
      `data-value ${raw} vs ${expected.effectiveRank}`,
    );
  const url = await page.evaluate(() => location.hash);
  for (const part of ['n=300', 'd=4', 'beta=20', 'geometry=ball', 'seed=7'])
    assert(url.includes(part), `the URL lost ${part}: ${url}`);
  await page.screenshot({ path: join(shots, 'link.png'), fullPage: true });
  await page.close();
  return problems;
});

test('Stop during a long run stops it, and a small run afterwards completes', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=4096&beta=50&seed=3');
  await waitForStatus(page, 'waiting', 30_000); // a long link asks first
  await page.locator('#run').click();
  await waitForStatus(page, 'running', 15_000);
  await page.waitForTimeout(500);
  assert(await page.locator('#stop').isEnabled(), '#stop is disabled during a run');
  await page.locator('#stop').click();
  await waitForStatus(page, 'stopped', 10_000);
  await page.screenshot({ path: join(shots, 'stopped.png') });

  await page.evaluate(() => {
    location.hash = '#exp=attention-map&v=3&n=64&beta=2&seed=5';
  });
  await waitForStatus(page, 'done', 30_000);
  const shown = await resultJson(page);
  assert(shown.n === 64 && shown.singularValues.length === 64, `after Stop the next run gave n=${shown.n}`);
  assert(shown.rowSumError < 1e-12, `rowSumError ${shown.rowSumError}`);

  // The Run button works too after a stop.
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 30_000);
  await page.close();
  return problems;
});

test('a malformed link shows a notice, falls back to defaults and still runs', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=abc&beta=-5&zzz=1');
  await waitForStatus(page, SHOWN); // repaired, it is the "Uniform rows (β = 0)" preset's link
  const notice = page.locator('#notice');
  assert(await notice.isVisible(), '#notice is not visible');
  const text = await notice.innerText();
  for (const key of ['n', 'beta'])
    assert(new RegExp(`\\b${key}\\b`).test(text), `#notice does not name '${key}': ${text}`);
  assert(await page.locator('#error').isHidden(), `#error is shown: ${await page.locator('#error').textContent()}`);
  const shown = await resultJson(page);
  assert(Number.isInteger(shown.n) && shown.n >= 2, `no valid run: n=${shown.n}`);
  const url = await page.evaluate(() => location.hash);
  assert(!url.includes('abc') && !url.includes('beta=-5'), `the URL still holds the bad values: ${url}`);
  await page.screenshot({ path: join(shots, 'malformed.png'), fullPage: true });
  await page.close();
  return problems;
});

test('every figure exports valid, stamped SVG, PNG (2x), CSV and JSON', async ({ context, base }) => {
  const { page, problems } = await open(context, base, LINK);
  await waitForStatus(page, 'done');
  const figures = page.locator('[data-figure]');
  const count = await figures.count();
  assert(count > 0, 'no [data-figure] on the page');
  for (let f = 0; f < count; f++) {
    const figure = figures.nth(f);
    const id = await figure.getAttribute('data-figure');
    const button = (format) => figure.locator(`button[data-export="${format}"]`);

    const svg = (await download(page, button('svg'))).bytes.toString('utf8');
    const svgCheck = await inspectSvg(page, svg);
    assert(
      !svgCheck.error && svgCheck.root === 'svg',
      `${id}.svg does not parse as SVG: ${svgCheck.error ?? svgCheck.root}`,
    );
    const stamp = JSON.parse(svgCheck.metadata || '{}');
    assert(
      stamp.seed === 7 && stamp.experiment === 'attention-map',
      `${id}.svg metadata lacks the seed/experiment: ${svgCheck.metadata.slice(0, 120)}`,
    );

    const png = pngSize((await download(page, button('png'))).bytes);
    assert(
      png.width === 2 * svgCheck.width,
      `${id}.png is ${png.width} px wide, the figure ${svgCheck.width} px (want 2x)`,
    );

    const csv = (await download(page, button('csv'))).bytes.toString('utf8').trimEnd().split('\n');
    const comments = csv.filter((l) => l.startsWith('#'));
    const body = csv.filter((l) => !l.startsWith('#'));
    assert(comments.length > 0 && csv[0].startsWith('#'), `${id}.csv has no comment header`);
    assert(
      comments.some((l) => /seed\D*7\b/.test(l)),
      `${id}.csv header lacks the seed`,
    );
    assert(body.length >= 2 && body[0].split(',').some((c) => Number.isNaN(Number(c))), `${id}.csv has no header row`);
    for (const row of body.slice(1)) {
      assert(
        row.split(',').every((c) => c !== '' && Number.isFinite(Number(c))),
        `${id}.csv row is not numeric: ${row}`,
      );
    }

    const json = JSON.parse((await download(page, button('json'))).bytes.toString('utf8'));
    const meta = json.meta ?? {};
    assert(
      meta.experiment === 'attention-map' && meta.seed === 7,
      `${id}.json meta: ${JSON.stringify(meta).slice(0, 160)}`,
    );
    assert(typeof meta.version === 'string' && meta.version.length > 0, `${id}.json meta has no version`);
    assert(
      typeof meta.link === 'string' && meta.link.includes('exp=attention-map') && meta.link.includes('seed=7'),
      `${id}.json meta.link: ${meta.link}`,
    );
  }
  await page.close();
  return problems;
});

for (const t of sparseTests) test(t.name, t.fn);
for (const t of firstUseTests) test(t.name, t.fn);
for (const t of exportNoticeTests) test(t.name, t.fn);
for (const t of platformTests) test(t.name, t.fn);
for (const t of rmtTests) test(t.name, t.fn);
for (const t of rankTests) test(t.name, t.fn);
for (const t of ownModelTests) test(t.name, t.fn);
for (const t of hostileModelTests) test(t.name, t.fn);
for (const t of yourModelTests) test(t.name, t.fn);
for (const t of yourModelHeadTests) test(t.name, t.fn);
for (const t of yourModelNoticeTests) test(t.name, t.fn);
for (const t of corpusTests) test(t.name, t.fn);
for (const t of hostApiTests) test(t.name, t.fn);
for (const t of embedTests) test(t.name, t.fn);
for (const t of figureEmbedTests) test(t.name, t.fn);
for (const t of liveCompareTests) test(t.name, t.fn);
for (const t of verdictTests) test(t.name, t.fn);
for (const t of publishTests) test(t.name, t.fn);
for (const t of precomputedTests) test(t.name, t.fn);
for (const t of a11yTests) test(t.name, t.fn);
for (const t of tableTests) test(t.name, t.fn);
for (const t of linkTests) test(t.name, t.fn);
for (const t of offlineTests) test(t.name, t.fn);
for (const t of landingTests) test(t.name, t.fn);
for (const t of readerTests) test(t.name, t.fn);
for (const t of readerPageTests) test(t.name, t.fn);
for (const t of engineTests) test(t.name, t.fn);

/** dist/ on its own server with serveStatic's `extra` (the test's files, a tag in every <head>); server.close(). */
async function serveDist(extra) {
  const server = await serveStatic(dist, SUB_FOLDER, {}, extra);
  return { server, base: `http://127.0.0.1:${server.address().port}${SUB_FOLDER}` };
}

/** A browser of its own, where service workers run (the shared context blocks them); end: context.browser().close(). */
async function isolatedContext() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return browser.newContext({ viewport: VIEWPORT });
}

// --- runner ---------------------------------------------------------------------------------

/** A lane's environment: the built dist/ on a server of its own and a persistent Chromium context with a new profile. */
async function openLane() {
  mkdirSync(shots, { recursive: true });
  const server = await serveStatic(dist, SUB_FOLDER);
  const base = `http://127.0.0.1:${server.address().port}${SUB_FOLDER}`;
  const profile = mkdtempSync(join(tmpdir(), 'attnlab-e2e-'));
  const close = () => {
    server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      acceptDownloads: true,
      viewport: VIEWPORT,
      serviceWorkers: 'block', // a worker registered by one test would serve the next tests' pages from its cache
    });
    return { env: { context, base, isolatedContext, serveDist }, close: async () => (await context.close(), close()) };
  } catch (error) {
    close();
    throw error;
  }
}

async function main() {
  if (process.argv.includes('--lane')) return serveLane(tests, openLane);
  if (!existsSync(join(dist, 'index.html'))) {
    console.log(`FAIL setup: ${dist}/index.html is missing (run npm run build)`);
    console.log(`e2e: 0 passed, ${tests.length} failed`);
    return 1;
  }
  return runTests(tests, { only, lanes: Math.max(1, Math.floor(Number(option('lanes', '1'))) || 1), openLane });
}

process.exitCode = await main();
