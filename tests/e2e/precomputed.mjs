// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of precomputed presets, run by run.mjs: the built dist/ ships every preset's result
// (scripts/precompute-presets.mjs). A preset link paints its first figure before any wasm or KaTeX is
// requested (the explanation follows; the time it takes is logged here and measured in
// bench/first-paint.mjs, never asserted), marked "precomputed", with the headless run's numbers and
// exports that say so; changing one value runs live;
// a link that is no preset's runs live without asking for a shipped file; a file that cannot be fetched
// means a live run, one without KaTeX keeps its figures; embed mode paints a preset without computing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import {
  assert,
  download,
  explanation,
  headless,
  linkParams,
  open,
  parseCsv,
  resultJson,
  root,
  waitForStatus,
} from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

/** The first figure drawn under #figures, as performance.now() (ms since navigation) at the moment it appeared. */
function recordFirstFigure() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('#figures [data-figure] .figure-body > :not(.figure-error)')) {
      window.firstFigureMs = performance.now();
      window.wasmBeforeFirstFigure = performance.getEntriesByType('resource').some((r) => r.name.endsWith('.wasm'));
      // KaTeX comes with the explanation, after the figures (its chunk is named after experiments/tex.ts).
      window.katexBeforeFirstFigure = performance
        .getEntriesByType('resource')
        .some((r) => /\/assets\/tex-[^/]*\.js$/.test(r.name));
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Navigations per link: the first with cold caches, then as a returning visitor. */
const TIMED_OPENINGS = 3;

/**
 * Opens `hash` TIMED_OPENINGS times, each in a new page, and returns the last page (still open, in status
 * 'precomputed'), every page's problems and the first-figure times in ms after navigation.
 */
async function openTimed(context, base, hash) {
  const times = [],
    problems = [];
  for (let k = 0; ; k++) {
    const opened = await open(context, base, hash, { beforeLoad: recordFirstFigure });
    problems.push(...opened.problems);
    await waitForStatus(opened.page, 'precomputed', 10_000);
    const first = await opened.page.evaluate(() => ({
      ms: window.firstFigureMs,
      wasm: window.wasmBeforeFirstFigure,
      katex: window.katexBeforeFirstFigure,
    }));
    assert(
      first.wasm === false,
      `opening ${hash}: the first figure appeared ${first.ms === undefined ? 'never' : 'after the wasm was requested'}`,
    );
    assert(first.katex === false, `opening ${hash}: KaTeX was requested before the first figure appeared`);
    if (k === 0) {
      const explain = await explanation(opened.page);
      assert((await explain.locator('.katex').count()) > 0, `opening ${hash}: the explanation has no typeset formula`);
    }
    times.push(first.ms);
    if (k === TIMED_OPENINGS - 1) return { page: opened.page, problems, times };
    await opened.page.close();
  }
}

function logTimes(what, times) {
  const shown = times.map((t) => (t === undefined ? 'none' : `${t.toFixed(0)} ms`)).join(', ');
  console.log(
    `  first figure of ${what} (cold, then warm): ${shown} after ` +
      `navigation (logged, not a test: bench/first-paint.mjs measures it)`,
  );
}

/** A shipped preset's canonical link, picked from dist/precomputed/index.json by its experiment and a pair it holds. */
function presetLink(experimentId, pair) {
  const index = JSON.parse(readFileSync(join(root, 'dist/precomputed/index.json'), 'utf8'));
  const link = Object.keys(index.presets).find(
    (l) => l.startsWith(`#exp=${experimentId}&`) && l.split('&').includes(pair),
  );
  assert(
    link,
    `dist/precomputed/index.json has no ${experimentId} preset ` +
      `with ${pair}: build the site with its precomputed presets`,
  );
  return link;
}

const wasmLoaded = (page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('.wasm')));
const markShown = (page) => page.locator('#precomputed-mark').isVisible();

test('precomputed: a preset link paints its figures at once, marked, with the headless numbers and no run', async ({
  context,
  base,
}) => {
  const link = presetLink('rank-beta', 'geometry=ball');
  const { page, problems, times } = await openTimed(context, base, link);
  logTimes('a precomputed preset', times);
  assert(await markShown(page), 'the precomputed mark is not shown');
  assert(
    (await page.locator('#precomputed-mark').textContent()).includes('Run computes it again in your browser'),
    'the mark does not say how to recompute',
  );
  assert(
    (await page.locator('#progress-text').textContent()) === 'Computed in advance for this link',
    'the status line does not say precomputed',
  );
  assert(!(await wasmLoaded(page)), 'the wasm module was loaded: something computed');
  assert(!(await page.locator('#reproduce').isHidden()), 'Reproduce elsewhere is hidden for a precomputed result');
  const diff = differences(headless('rank-beta', linkParams(link)), await resultJson(page), { rel: 0, absFloor: 0 });
  assert(diff.length === 0, `#result-json differs from the headless run: ${diff.slice(0, 3).join('; ')}`);
  assert((await page.evaluate(() => location.hash)) === link, 'the link was rewritten');
  const csv = parseCsv((await download(page, page.locator('[data-figure] button[data-export="csv"]').first())).bytes);
  assert(
    csv.comments.some((c) => c.startsWith('# computed: precomputed at build time')) &&
      csv.comments.some((c) => c.includes(link)),
    `the CSV export does not say it was precomputed: ${csv.comments.join(' | ')}`,
  );
  // Run recomputes it here: the same numbers, live.
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 30_000);
  assert(!(await markShown(page)), 'the mark stayed after a live run');
  await page.close();
  return problems;
});

test('precomputed: changing one value of a preset link replaces it with a live run', async ({ context, base }) => {
  const link = presetLink('attention-map', 'beta=64');
  const { page, problems } = await open(context, base, link);
  await waitForStatus(page, 'precomputed', 10_000);
  const shipped = await resultJson(page);
  const changed = link.replace(/seed=\d+/, 'seed=2');
  await page.evaluate((hash) => {
    location.hash = hash;
  }, changed);
  await waitForStatus(page, 'done', 30_000);
  assert(!(await markShown(page)), 'the precomputed mark is still shown after a change');
  const live = await resultJson(page);
  assert(differences(shipped, live).length > 0, 'seed=2 gave the shipped seed-1 numbers');
  assert(
    differences(headless('attention-map', linkParams(changed)), live).length === 0,
    'the live run differs from the headless run',
  );
  await page.close();
  return problems;
});

test('precomputed: a link that is no preset runs live and never asks for a precomputed file', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=48&beta=64&seed=1');
  await waitForStatus(page, 'done', 30_000);
  assert(!(await markShown(page)), 'a live run is marked precomputed');
  const asked = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((r) => r.name.includes('/precomputed/')),
  );
  assert(!asked, 'a non-preset link fetched precomputed files');
  await page.close();
  return problems;
});

test('precomputed: when the shipped file cannot be fetched, the preset link runs live without a word', async ({
  context,
  base,
}) => {
  const link = presetLink('rank-beta', 'geometry=ball');
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.route('**/precomputed/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`${base}${link}`);
  await waitForStatus(page, 'done', 30_000);
  assert(!(await markShown(page)), 'a live run is marked precomputed');
  assert(await page.locator('#error').isHidden(), `an error is shown: ${await page.locator('#error').textContent()}`);
  await page.close();
  return problems;
});

test('precomputed: when KaTeX cannot be loaded, the figures stand and the explanation says it is missing', async ({
  context,
  base,
}) => {
  const link = presetLink('rank-beta', 'geometry=ball');
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.route(/\/assets\/tex-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto(`${base}${link}`);
  await waitForStatus(page, 'precomputed', 30_000);
  const explain = await explanation(page);
  const said = await explain.innerText();
  assert(
    /could not be loaded/.test(said) && (await explain.locator('.katex').count()) === 0,
    `the explanation reads '${said.slice(0, 200)}'`,
  );
  assert(
    (await page.locator('[data-figure] .figure-body svg, [data-figure] .figure-body canvas').count()) > 0,
    'the figures are gone',
  );
  assert(await page.locator('#error').isHidden(), `an error is shown: ${await page.locator('#error').textContent()}`);
  await page.close();
  return problems;
});

test('precomputed: embed mode paints a slow preset without computing anything', async ({ context, base }) => {
  const link = presetLink('sparse-dmin', 'ns=512,1024,2048,3072');
  const { page, problems, times } = await openTimed(context, base, `${link}&embed=1&hide=params`);
  logTimes('an embedded precomputed preset', times);
  assert(await markShown(page), 'the precomputed mark is not shown in embed mode');
  await page.waitForTimeout(1000);
  assert(
    (await page.evaluate(() => document.body.dataset.status)) === 'precomputed',
    'the embedded preset started a run',
  );
  assert(!(await wasmLoaded(page)), 'the embedded preset loaded the wasm module');
  await page.close();
  return problems;
});

export { tests as precomputedTests };
