// End-to-end tests of precomputed presets, run by run.mjs: the built dist/ ships every preset's result
// (scripts/precompute-presets.mjs). A preset link paints its first figure well under a second after
// navigation (measured in the page with performance.now()), before any wasm is loaded, marked
// "precomputed", with the headless run's numbers; changing one value runs live; a link that is no
// preset's runs live without asking for the index; embed mode paints a preset without computing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import { assert, headless, linkParams, open, resultJson, root, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

/** The first figure drawn under #figures, as performance.now() (ms since navigation) at the moment it appeared. */
function recordFirstFigure() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('#figures [data-figure] .figure-body > :not(.figure-error)')) {
      window.firstFigureMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

const FIRST_FIGURE_MS = 1000;

/** A shipped preset's canonical link, picked from dist/precomputed/index.json by its experiment and a pair it holds. */
function presetLink(experimentId, pair) {
  const index = JSON.parse(readFileSync(join(root, 'dist/precomputed/index.json'), 'utf8'));
  const link = Object.keys(index.presets).find((l) => l.startsWith(`#exp=${experimentId}&`) && l.split('&').includes(pair));
  assert(link, `dist/precomputed/index.json has no ${experimentId} preset with ${pair}: build the site with its precomputed presets`);
  return link;
}

const wasmLoaded = (page) => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('.wasm')));
const markShown = (page) => page.locator('#precomputed-mark').isVisible();

test('precomputed: a preset link paints its figures at once, marked, with the headless numbers and no run', async ({ context, base }) => {
  const link = presetLink('rank-beta', 'geometry=ball');
  // Once with cold caches (logged), then as a returning visitor (asserted): the browser's start-up is not the page's.
  const cold = await open(context, base, link, { beforeLoad: recordFirstFigure });
  await waitForStatus(cold.page, 'precomputed', 10_000);
  console.log(`  first figure of a precomputed preset, cold caches: ${(await cold.page.evaluate(() => window.firstFigureMs))?.toFixed(0)} ms after navigation`);
  await cold.page.close();
  const { page, problems } = await open(context, base, link, { beforeLoad: recordFirstFigure });
  problems.push(...cold.problems);
  await waitForStatus(page, 'precomputed', 10_000);
  const ms = await page.evaluate(() => window.firstFigureMs);
  console.log(`  first figure of a precomputed preset: ${ms?.toFixed(0)} ms after navigation`);
  assert(ms !== undefined && ms < FIRST_FIGURE_MS, `first figure at ${ms} ms, not under ${FIRST_FIGURE_MS} ms`);
  assert(await markShown(page), 'the precomputed mark is not shown');
  assert((await page.locator('#precomputed-mark').textContent()).includes('Run recomputes it'), 'the mark does not say how to recompute');
  assert(await page.locator('#progress-text').textContent() === 'Precomputed at build time', 'the status line does not say precomputed');
  assert(!(await wasmLoaded(page)), 'the wasm module was loaded: something computed');
  assert(!(await page.locator('#reproduce').isHidden()), 'Reproduce elsewhere is hidden for a precomputed result');
  const diff = differences(headless('rank-beta', linkParams(link)), await resultJson(page), { rel: 0, absFloor: 0 });
  assert(diff.length === 0, `#result-json differs from the headless run: ${diff.slice(0, 3).join('; ')}`);
  assert(await page.evaluate(() => location.hash) === link, 'the link was rewritten');
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
  await page.evaluate((hash) => { location.hash = hash; }, changed);
  await waitForStatus(page, 'done', 30_000);
  assert(!(await markShown(page)), 'the precomputed mark is still shown after a change');
  const live = await resultJson(page);
  assert(differences(shipped, live).length > 0, 'seed=2 gave the shipped seed-1 numbers');
  assert(differences(headless('attention-map', linkParams(changed)), live).length === 0, 'the live run differs from the headless run');
  await page.close();
  return problems;
});

test('precomputed: a link that is no preset runs live and never asks for a precomputed file', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=2&n=48&beta=64&seed=1');
  await waitForStatus(page, 'done', 30_000);
  assert(!(await markShown(page)), 'a live run is marked precomputed');
  const asked = await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/precomputed/')));
  assert(!asked, 'a non-preset link fetched precomputed files');
  await page.close();
  return problems;
});

test('precomputed: embed mode paints a slow preset without computing anything', async ({ context, base }) => {
  const link = presetLink('sparse-dmin', 'ns=512,1024,2048,3072');
  const { page, problems } = await open(context, base, `${link}&embed=1&hide=params`, { beforeLoad: recordFirstFigure });
  await waitForStatus(page, 'precomputed', 10_000);
  const ms = await page.evaluate(() => window.firstFigureMs);
  console.log(`  first figure of an embedded precomputed preset: ${ms?.toFixed(0)} ms after navigation`);
  assert(ms !== undefined && ms < FIRST_FIGURE_MS, `embedded: first figure at ${ms} ms, not under ${FIRST_FIGURE_MS} ms`);
  assert(await markShown(page), 'the precomputed mark is not shown in embed mode');
  await page.waitForTimeout(1000);
  assert(await page.evaluate(() => document.body.dataset.status) === 'precomputed', 'the embedded preset started a run');
  assert(!(await wasmLoaded(page)), 'the embedded preset loaded the wasm module');
  await page.close();
  return problems;
});

export { tests as precomputedTests };
