// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the platform's contracts, run by run.mjs: the page, the headless runner and
// the native CLI give the same defaults; an old (v=1) link opens upgraded and computes what the
// same migrated parameters give headless. Each test is { name, fn({ context, base }) -> problems[] }.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import {
  assert,
  explanation,
  download,
  headless,
  open,
  pngSize,
  resultJson,
  root,
  SHOWN,
  waitForStatus,
} from './helpers.mjs';
import { serveStatic } from './static-server.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const native = (id, params) =>
  JSON.parse(
    execFileSync(join(root, 'build/native/attnlab'), [id, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );

test('every experiment with only seed= gives the same numbers in the page, headless and in the native CLI', async ({
  context,
  base,
}) => {
  const problems = [];
  const { page, problems: first } = await open(context, base, '#exp=attention-map&v=3&seed=1');
  problems.push(...first);
  const ids = await page.locator('#experiment option').evaluateAll((options) => options.map((o) => o.value));
  for (const id of ids) {
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `#exp=${id}&v=3&seed=1`);
    await page.waitForFunction((want) => document.getElementById('experiment')?.value === want, id);
    await waitForStatus(page, SHOWN, 120_000);
    const shown = await resultJson(page);
    const cli = native(id, { seed: 1 });
    const lab = headless(id, { seed: 1 });
    const a = differences(cli, lab),
      b = differences(cli, shown);
    assert(a.length === 0, `${id}: headless differs from the native CLI: ${a.slice(0, 3).join('; ')}`);
    assert(b.length === 0, `${id}: the page differs from the native CLI: ${b.slice(0, 3).join('; ')}`);
  }
  await page.close();
  return problems;
});

test('a v=1 link opens upgraded to v=3, says so, and shows what its migrated parameters give headless', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=1&n=200&mask=causal&seed=3');
  await waitForStatus(page, 'done');
  const hash = await page.evaluate(() => location.hash);
  assert(
    hash.includes('v=3') &&
      hash.includes('rng=box-muller') &&
      hash.includes('causal=1') &&
      hash.includes('order=sample') &&
      !hash.includes('mask'),
    `the link was not upgraded: ${hash}`,
  );
  const notice = (await page.locator('#notice').textContent()) ?? '';
  assert(/Upgraded a v=1 link/.test(notice), `no upgrade notice: '${notice}'`);
  const diff = differences(
    headless('attention-map', { n: 200, causal: 1, order: 'sample', seed: 3, rng: 'box-muller' }),
    await resultJson(page),
  );
  assert(diff.length === 0, `the upgraded link's numbers differ: ${diff.slice(0, 3).join('; ')}`);
  await page.close();
  return problems;
});

/** What a strict embedding site sends: no eval, no inline script, no data: images or fonts. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' " +
  "'unsafe-inline'; img-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'";

test('under a strict Content-Security-Policy header the app runs experiments and exports with no violation', async ({
  context,
}) => {
  const mount = '/csp/site/';
  const server = await serveStatic(join(root, 'dist'), mount, { 'Content-Security-Policy': STRICT_CSP });
  try {
    const base = `http://127.0.0.1:${server.address().port}${mount}`;
    const record = () => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__violations.push(`${e.violatedDirective}: ${e.blockedURI}`),
      );
    };
    const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=128&seed=2', { beforeLoad: record });
    await waitForStatus(page, 'done');
    assert((await resultJson(page)).n === 128, 'attention-map did not run under the policy');
    // Every figure's PNG and SVG export, the heatmap's canvas included, under the same policy.
    const figures = page.locator('[data-figure]');
    for (let f = 0; f < (await figures.count()); f++) {
      for (const format of ['png', 'svg']) {
        const file = await download(page, figures.nth(f).locator(`button[data-export="${format}"]`));
        if (format === 'png') assert(pngSize(file.bytes).width > 0, `${file.name} is not a PNG`);
        if (format === 'svg' && (await figures.nth(f).locator('canvas').count()))
          assert(
            file.bytes.toString('utf8').includes('href="data:image/png'),
            `${file.name} does not embed its heatmap`,
          );
      }
    }
    const afterExport = await page.evaluate(() => window.__violations);
    assert(afterExport.length === 0, `CSP violations while exporting: ${afterExport.slice(0, 5).join('; ')}`);
    await page.evaluate(() => {
      location.hash = '#exp=sparse-approx&v=3&n=64&d=256&seed=1';
    });
    await page.waitForFunction(() => document.getElementById('experiment')?.value === 'sparse-approx');
    await waitForStatus(page, 'done');
    const katex = await (await explanation(page)).locator('.katex').count();
    const violations = await page.evaluate(() => window.__violations);
    assert(violations.length === 0, `CSP violations: ${violations.slice(0, 5).join('; ')}`);
    assert(katex > 0, 'no formula was typeset under the policy');
    await page.close();
    return problems;
  } finally {
    server.close();
  }
});

export const platformTests = tests;
