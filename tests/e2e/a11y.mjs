// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of dark mode and accessibility, run by run.mjs: axe-core (injected through the
// DevTools protocol, so the page's strict CSP stays as it is) finds no serious or critical violation
// on an experiment page of each family and in embed mode, and on every experiment's page (its first
// preset, precomputed), in light and in dark mode; the theme
// toggle is remembered in localStorage (not in the link) and redraws the figures; each figure has a
// text summary generated from its data.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { assert, explanation, open, root, shots, SHOWN, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PAGES = [
  ['attention', '#exp=attention-map&v=3&n=128&seed=1'],
  ['sparse', '#exp=sparse-approx&v=3&n=64&d=256&seed=1'],
  ['rmt', '#exp=rmt-spectrum&v=3&d=200&seed=2'],
  ['rank', '#exp=rank-n&v=3&seed=1'],
  ['embed', '#exp=rank-beta&v=3&seed=1&embed=1&hide=params'],
];

/**
 * Serious and critical violations on the page as it is now (or in the element `selector` picks): "rule (impact):
 * target, …".
 */
export async function axeViolations(page, selector) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (only) => {
    const result = await window.axe.run(only ? document.querySelector(only) : document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}` +
          (v.nodes[0]?.failureSummary ? ` — ${v.nodes[0].failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''),
      );
  }, selector);
  return violations;
}

/**
 * A new page showing `hash` under prefers-color-scheme `scheme`, checked to be in that theme, once its
 * figures, their text summaries and its explanation are in (what axe is to check).
 */
async function openInScheme(context, base, hash, scheme, problems, timeout) {
  const { page, problems: p } = await open(context, base, '');
  problems.push(...p);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${base}${hash}`);
  await waitForStatus(page, SHOWN, timeout);
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  assert(theme === scheme, `${hash}: the page is in ${theme} mode under prefers-color-scheme: ${scheme}`);
  await explanation(page);
  await page.waitForTimeout(200); // the figure summaries are written just after the figures
  return page;
}

for (const scheme of ['light', 'dark']) {
  test(`axe-core: no serious or critical violation on a page of each family and in embed mode, ${scheme} mode`, async ({
    context,
    base,
  }) => {
    const problems = [];
    const found = [];
    for (const [family, hash] of PAGES) {
      const page = await openInScheme(context, base, hash, scheme, problems, 120_000);
      // Every figure's data table open, and a heatmap's keyboard cursor shown, so axe checks them too.
      for (const toggle of await page.locator('button[data-table-toggle]').all()) await toggle.click();
      const heatmaps = page.locator('.heatmap-stage canvas');
      if (await heatmaps.count()) await heatmaps.first().focus();
      for (const v of await axeViolations(page)) found.push(`${family}: ${v}`);
      if (family === 'attention') {
        // The Embed dialog, open with its preview.
        await page.locator('#embed-open').click();
        await page.waitForTimeout(1500);
        for (const v of await axeViolations(page)) found.push(`embed dialog: ${v}`);
      }
      if (family === 'rank') await page.screenshot({ path: join(shots, `theme-${scheme}.png`), fullPage: true });
      await page.close();
    }
    assert(found.length === 0, `${found.length} violations: ${found.slice(0, 6).join(' | ')}`);
    return problems;
  });
}

/** One page per experiment: its first preset's link (shipped precomputed, so nothing is computed here). */
function firstPresetLinks() {
  const index = JSON.parse(readFileSync(join(root, 'dist/precomputed/index.json'), 'utf8'));
  const byExperiment = new Map();
  for (const link of Object.keys(index.presets)) {
    const id = new URLSearchParams(link.slice(1)).get('exp');
    if (!byExperiment.has(id)) byExperiment.set(id, link);
  }
  return [...byExperiment];
}

for (const scheme of ['light', 'dark']) {
  test(`axe-core: no serious or critical violation on every experiment's page, ${scheme} mode`, async ({
    context,
    base,
  }) => {
    const problems = [];
    const found = [];
    const pages = firstPresetLinks();
    assert(pages.length === 14, `${pages.length} experiments have a shipped preset, not 14`);
    for (const [id, hash] of pages) {
      const page = await openInScheme(context, base, hash, scheme, problems, 60_000);
      for (const v of await axeViolations(page)) found.push(`${id}: ${v}`);
      await page.close();
    }
    assert(found.length === 0, `${found.length} violations: ${found.slice(0, 6).join(' | ')}`);
    return problems;
  });
}

test(
  'the dark-mode toggle is remembered in localStorage, not ' +
    'in the link, and redraws the figures in the dark palette',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#exp=rank-n&v=3&seed=1');
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await waitForStatus(page, SHOWN, 120_000);
      const ink = () =>
        page
          .locator('[data-figure] .figure-body svg[class^="plot"]')
          .first()
          .evaluate((el) => getComputedStyle(el).color);
      const lightInk = await ink();
      await page.locator('#theme-toggle').click();
      assert(
        (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark',
        'the toggle did not switch to dark',
      );
      assert(
        (await page.locator('#theme-toggle').textContent()) === 'Light colours',
        'in dark colours the toggle does not say it switches to light',
      );
      const darkInk = await ink();
      assert(
        darkInk !== lightInk && darkInk === 'rgb(228, 231, 236)',
        `the figures kept their ink: ${lightInk} → ${darkInk}`,
      );
      const hash = await page.evaluate(() => location.hash);
      assert(!/theme|dark/.test(hash), `the theme went into the link: ${hash}`);
      await page.reload();
      await waitForStatus(page, SHOWN, 120_000);
      assert(
        (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark',
        'the dark choice was not remembered over a reload',
      );
      const summary = await page.locator('[data-figure] .figure-summary').first().textContent();
      assert(/^Data: \d+ rows?; .+ from .+ to /.test(summary), `no data summary for the first figure: '${summary}'`);
      const described = await page.locator('[data-figure]').first().getAttribute('aria-describedby');
      assert(described && described.endsWith('-summary'), `the figure is not described by its summary: ${described}`);
    } finally {
      // the shared profile stays in the system theme
      await page.evaluate(() => localStorage.removeItem('attnlab-theme'));
      await page.close();
    }
    return problems;
  },
);

export const a11yTests = tests;
