// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the paper-2 experiments (rmt-*), run by run.mjs: each experiment's default and
// one preset in Chromium, the live theory overlay (moving mu2 redraws it without a run), and a link
// that reproduces the headless numbers. Each test is { name, fn({ context, base }) -> problems[] }.
import { join } from 'node:path';
import { differences } from './compare.mjs';
import { assert, headless, linkParams, open, resultJson, shots, SHOWN, waitForStatus } from './helpers.mjs';

// The preset each experiment is checked with (labels from web/src/experiments/<family>/<id>/presets.ts).
const PRESETS = {
  'rmt-spectrum': 'Two transitions: population spike, no sample spike',
  'rmt-transition': 'Two transitions (γ = 1)',
  'rmt-weights': 'Stationary AR(1), φ = 0.6: mean is near-optimal',
  'rmt-ridge': 'Quick look (d = 100)',
  'rmt-phase': 'Two transitions: the window at γ = 1',
};

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

for (const [id, preset] of Object.entries(PRESETS)) {
  test(`${id}: the default and the preset "${preset}" run and draw every figure`, async ({ context, base }) => {
    const { page, problems } = await open(context, base, `#exp=${id}&v=3&seed=1`);
    await waitForStatus(page, SHOWN, 120_000);
    const figures = await page.locator('[data-figure]').count();
    assert(figures > 0, `${id}: no figure drawn`);
    const broken = await page.locator('.figure-error').count();
    assert(broken === 0, `${id}: ${broken} figure(s) could not be drawn`);
    await page.locator('a.preset', { hasText: preset }).click();
    await page.waitForFunction(() => document.body.dataset.status === 'running' || location.hash.includes('&'), null, {
      timeout: 10_000,
    });
    await waitForStatus(page, SHOWN, 120_000);
    assert((await page.locator('.figure-error').count()) === 0, `${id} preset: a figure could not be drawn`);
    const shown = await resultJson(page);
    if (id === 'rmt-spectrum') {
      assert(
        shown.populationSpike && !shown.sampleSpike,
        `two-transition preset: population ${shown.populationSpike}, sample ${shown.sampleSpike}`,
      );
      const gap = Math.abs(shown.topEigenvalue - shown.bulkEdges.upper) / shown.bulkEdges.upper;
      assert(
        gap < 0.05,
        `two-transition preset: λ₁ = ${shown.topEigenvalue} should stick to the edge ${shown.bulkEdges.upper}`,
      );
    }
    if (id === 'rmt-phase')
      assert(shown.current.region === 'population', `phase preset: region ${shown.current.region}`);
    await page.screenshot({ path: join(shots, `${id}.png`), fullPage: true });
    await page.close();
    return problems;
  });
}

test('rmt-spectrum: moving mu2 redraws the theory overlay at once, without a run', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=rmt-spectrum&v=3&d=200&seed=2');
  await waitForStatus(page, 'done');
  const before = await resultJson(page);
  const value = async (key) => Number(await page.locator(`[data-key="${key}"]`).getAttribute('data-value'));
  const t0 = Date.now();
  await page.locator('input[name="mu2"]').fill('4');
  await page.waitForFunction(() => document.getElementById('results')?.dataset.theory === 'live', null, {
    timeout: 5_000,
  });
  const ms = Date.now() - t0;
  const expected = headless('rmt-spectrum', { d: 200, mu2: 4, seed: 2 });
  assert(
    differences(expected.topEigenvalueTheory, await value('topEigenvalueTheory')).length === 0,
    `theory λ₁ shows ${await value('topEigenvalueTheory')}, the ` +
      `core's theory at mu2 = 4 is ${expected.topEigenvalueTheory}`,
  );
  assert((await value('topEigenvalue')) === before.topEigenvalue, 'the simulated λ₁ changed without a run');
  assert((await page.evaluate(() => document.body.dataset.status)) !== 'running', 'moving mu2 started a run');
  assert(differences(before, await resultJson(page)).length === 0, '#result-json changed without a run');
  assert(
    await page.locator('#stale-note').isVisible(),
    'the simulation is not marked as belonging to the previous parameters',
  );
  assert(ms < 2_000, `the overlay took ${ms} ms to redraw`);
  await page.screenshot({ path: join(shots, 'rmt-live-theory.png'), fullPage: true });
  await page.close();
  return problems;
});

test('rmt-transition: a link reproduces the headless numbers', async ({ context, base }) => {
  const link = '#exp=rmt-transition&v=3&d=100&mu2=0.5,2&pools=mean,optimal&seeds=2&seed=5';
  const { page, problems } = await open(context, base, link);
  await waitForStatus(page, 'done');
  const expected = headless('rmt-transition', linkParams(link));
  const diff = differences(expected, await resultJson(page));
  assert(diff.length === 0, `#result-json differs from the headless run: ${diff.slice(0, 3).join('; ')}`);
  await page.close();
  return problems;
});

export const rmtTests = tests;
