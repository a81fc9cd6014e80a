// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of recompute-as-you-edit's two harder promises, run by run.mjs: an edit made while a
// live run computes stops that run at once (it never draws, and the next run's numbers are the new
// link's), and "Compare with previous run" keeps the previous run faded behind the new one's lines,
// named in the legend, in the exported SVG only when shown, and gone when the switch is off.
import { assert, download, open, resultJson, SHOWN, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const ghostMarks = (page, figure) =>
  page.locator(`[data-figure="${figure}"] .figure-body svg g.ghost:not([role=listitem])`).count();
const ghostLegend = (page, figure) =>
  page.locator(`[data-figure="${figure}"] .figure-body [role=listitem].ghost`).allTextContents();

test("an edit during a live run stops that run at once: it never draws, and the result is the new link's", async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&seed=5&n=512', {
    live: true,
    beforeLoad: () => localStorage.removeItem('attnlab:live'),
  });
  await waitForStatus(page, SHOWN);
  const before = await page.locator('#result-json').textContent();
  // The second edit is made from inside the page the moment the first live run starts, so that run is
  // certainly still computing when it comes (a test that waited from outside could miss it).
  await page.evaluate(() => {
    window.__drawn = [];
    new MutationObserver(() => window.__drawn.push(document.getElementById('result-json').textContent)).observe(
      document.getElementById('result-json'),
      { childList: true, characterData: true, subtree: true },
    );
    const beta = document.querySelector('input[type="number"][name="beta"]');
    const watch = new MutationObserver(() => {
      if (document.body.dataset.status !== 'running') return;
      watch.disconnect();
      window.__hashAtStart = location.hash;
      beta.value = '7';
      beta.dispatchEvent(new Event('input', { bubbles: true }));
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
  });
  await page.locator('input[type="number"][name="beta"]').fill('5');
  await page.waitForFunction(
    () => location.hash.includes('beta=7') && document.body.dataset.status === 'done' && window.__drawn.length > 0,
    null,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(500);
  const state = await page.evaluate(() => ({
    superseded: Number(document.body.dataset.liveSuperseded ?? 0),
    drawn: window.__drawn.length,
    startedAt: window.__hashAtStart,
  }));
  assert(/beta=5/.test(state.startedAt ?? ''), `the first live run was not for β = 5 (${state.startedAt})`);
  assert(state.superseded === 1, `the β = 5 run was not stopped by the edit (superseded: ${state.superseded})`);
  assert(state.drawn === 1, `${state.drawn} results were drawn, not only the β = 7 one`);
  const shown = await page.locator('#result-json').textContent();
  assert(shown !== before, 'the β = 7 run drew nothing new');
  const { page: fresh } = await open(context, base, await page.evaluate(() => location.hash));
  await waitForStatus(fresh, SHOWN);
  assert(
    JSON.stringify(await resultJson(fresh)) === JSON.stringify(await resultJson(page)),
    'the live result differs from a fresh page opened on its link',
  );
  await fresh.close();
  await page.close();
  return problems;
});

test(
  '"Compare with previous run" draws the previous run faded ' +
    'behind the lines, names it, exports it only when shown',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#exp=attention-map&v=3&seed=6&n=256', {
      live: true,
      beforeLoad: () => {
        localStorage.removeItem('attnlab:live');
        localStorage.removeItem('attnlab:compare');
      },
    });
    await waitForStatus(page, SHOWN);
    assert(await page.locator('#compare-previous').isChecked(), 'comparing is not on by default');
    assert((await ghostMarks(page, 'singular-values')) === 0, 'a ghost before any second run');
    const before = await page.locator('#result-json').textContent();
    await page.locator('input[type="number"][name="beta"]').fill('9');
    await page.waitForFunction(
      (b) => document.getElementById('result-json').textContent !== b && document.body.dataset.status === 'done',
      before,
      { timeout: 30_000 },
    );
    assert((await ghostMarks(page, 'singular-values')) > 0, 'the previous run is not drawn behind the singular values');
    const legend = await ghostLegend(page, 'singular-values');
    assert(
      legend.length === 1 && /previous run.*β = 8\b/.test(legend[0]),
      `the legend does not name the previous run by its β: ${JSON.stringify(legend)}`,
    );
    assert((await page.locator('[data-figure="attention"] g.ghost').count()) === 0, 'a heatmap got a ghost');
    const svg = await download(page, page.locator('[data-figure="singular-values"] [data-export="svg"]'));
    assert(/class="[^"]*ghost/.test(svg.bytes.toString('utf8')), 'the exported SVG lacks the ghost shown on screen');
    await page.locator('#compare-previous').uncheck();
    assert((await ghostMarks(page, 'singular-values')) === 0, 'switching comparing off left the ghost');
    const plain = await download(page, page.locator('[data-figure="singular-values"] [data-export="svg"]'));
    assert(!/class="[^"]*ghost/.test(plain.bytes.toString('utf8')), 'the exported SVG has a ghost that is not shown');
    await page.locator('#compare-previous').check();
    assert((await ghostMarks(page, 'singular-values')) > 0, 'switching comparing back on did not bring the ghost back');
    await page.close();
    return problems;
  },
);

export const liveCompareTests = tests;
