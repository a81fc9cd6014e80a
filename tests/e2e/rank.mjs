// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the paper-3 experiments (rank-*), run by run.mjs: each experiment's default and
// one preset in Chromium; an uploaded Q/K pair runs and gives the headless numbers; a malformed pair
// names its fault; a link made with an upload says which files reproduce it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import { assert, chooseHeads, headless, open, resultJson, shots, SHOWN, waitForStatus } from './helpers.mjs';

// The preset each experiment is checked with (labels from web/src/experiments/<family>/<id>/presets.ts).
const PRESETS = {
  'rank-beta': 'Uniform ball d = 3: the rank falls at large β',
  'rank-n': 'Sphere d = 2, β = 64',
  'rank-eps': 'Sphere d = 3, β = 16, wide ε range',
  'rank-ladder': 'Sphere d = 2, n = 256, β = 64',
  'rank-interaction': 'Zoo: attention sink',
  'rank-zoo': 'Broad heads: where the combined certificate is non-trivial',
};

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

/** A little-endian float64 .npy (format 1.0) of the given shape and values. */
function npy(shape, values) {
  const dict =
    `{'descr': '<f8', 'fortran_order': False, 'shape': ` + `(${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const pad = 64 - ((10 + dict.length + 1) % 64);
  const header = dict + ' '.repeat(pad % 64) + '\n';
  const out = Buffer.alloc(10 + header.length + 8 * values.length);
  out.write('\x93NUMPY', 0, 'latin1');
  out[6] = 1;
  out[7] = 0;
  out.writeUInt16LE(header.length, 8);
  out.write(header, 10, 'latin1');
  values.forEach((v, i) => out.writeDoubleLE(v, 10 + header.length + 8 * i));
  return out;
}
/** Deterministic pseudo-normal values (a fixture, not the lab's generator). */
const values = (count, seed) =>
  Array.from({ length: count }, (_, i) => (Math.sin(12.9898 * (i + 1) * seed) * 43758.5453) % 1);

for (const [id, preset] of Object.entries(PRESETS)) {
  test(`${id}: the default and the preset "${preset}" run and draw every figure`, async ({ context, base }) => {
    const { page, problems } = await open(context, base, `#exp=${id}&v=3&seed=1`);
    await waitForStatus(page, SHOWN, 240_000);
    assert((await page.locator('[data-figure]').count()) > 0, `${id}: no figure drawn`);
    assert((await page.locator('.figure-error').count()) === 0, `${id}: a figure could not be drawn`);
    const before = await page.evaluate(() => location.hash);
    await page.locator('a.preset', { hasText: preset }).click();
    // the preset's own link (the default's has '&' too: waiting for '&' read the default's result under load)
    await page.waitForFunction((hash) => location.hash !== hash, before, { timeout: 10_000 });
    await waitForStatus(page, SHOWN, 240_000);
    assert((await page.locator('.figure-error').count()) === 0, `${id} preset: a figure could not be drawn`);
    const shown = await resultJson(page);
    if (id === 'rank-beta') {
      const k = Object.fromEntries(shown.points.map((p) => [p.beta, p.kSvd]));
      assert(k[64] < k[32], `uniform ball preset: k_svd should fall from β = 32 (${k[32]}) to 64 (${k[64]})`);
    }
    if (id === 'rank-zoo')
      assert(
        shown.synthetic === true && (await page.locator('body').textContent()).includes('not BERT'),
        'the zoo is not labelled as a synthetic stand-in',
      );
    for (const p of shown.points ?? [])
      assert(p.lowerBound <= p.upper, `${id}: lower bound ${p.lowerBound} above the upper certificate ${p.upper}`);
    await page.screenshot({ path: join(shots, `${id}.png`), fullPage: true });
    await page.close();
    return problems;
  });
}

test('rank-interaction: an uploaded Q/K pair runs as the headless run does; the link names both files', async ({
  context,
  base,
}) => {
  mkdirSync(shots, { recursive: true });
  const q = join(shots, 'q.npy'),
    k = join(shots, 'k.npy');
  writeFileSync(q, npy([2, 48, 8], values(2 * 48 * 8, 1)));
  writeFileSync(k, npy([2, 48, 8], values(2 * 48 * 8, 2)));
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&head=1&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'files');
  await page.locator('input#upload-q').setInputFiles(q);
  await page.locator('input#upload-k').setInputFiles(k);
  for (const input of ['q', 'k'])
    await page.waitForFunction(
      (i) => document.getElementById(`upload-${i}-status`)?.textContent.includes('2 × 48 × 8'),
      input,
      { timeout: 10_000 },
    );
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const shown = await resultJson(page);
  assert(shown.head.source === 'upload' && shown.head.label === 'H1', `upload run: head ${JSON.stringify(shown.head)}`);
  const diff = differences(headless('rank-interaction', { head: 1, seed: 1, q, k }), shown);
  assert(diff.length === 0, `the upload run differs from the headless one: ${diff.slice(0, 3).join('; ')}`);
  const link = await page.evaluate(() => location.hash);
  assert(link.includes('file=q.npy,k.npy'), `the link does not name both files: ${link}`);
  const { page: again, problems: more } = await open(context, base, link);
  await waitForStatus(again, 'waiting', 120_000); // "Your files" chosen: nothing runs until they are
  assert(await again.locator('#heads-files').isChecked(), 'the link does not choose Your files');
  const notice = await again.locator('#notice').textContent();
  assert(notice.includes('"q.npy" and "k.npy"'), `opening the link does not say which files reproduce it: ${notice}`);
  await again.close();
  await page.close();
  return [...problems, ...more];
});

test('rank-interaction: a JSON head bundle chosen under Q fills K and the scale, and runs as headless does', async ({
  context,
  base,
}) => {
  mkdirSync(shots, { recursive: true });
  const rows = (count, seed) => Array.from({ length: count }, (_, i) => values(8, seed + 7 * i));
  const heads = [0, 1].map((h) => ({ name: `H${h}`, q: rows(32, 10 + h), k: rows(32, 20 + h) }));
  const bundle = join(shots, 'heads.json');
  writeFileSync(bundle, JSON.stringify({ format: 'qk', scale: 0.3, tokens: [], heads }));
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&head=1&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'files');
  await page.locator('input#upload-q').setInputFiles(bundle);
  await page.waitForFunction(
    () => document.getElementById('upload-k-status')?.textContent.includes('from the same head bundle'),
    null,
    { timeout: 10_000 },
  );
  assert(
    Number(await page.locator('#param-scale').inputValue()) === 0.3,
    "the bundle's scale did not reach the scale field",
  );
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const shown = await resultJson(page);
  assert(
    shown.head.source === 'upload' && shown.head.heads === 2 && shown.head.label === 'H1',
    `bundle run: head ${JSON.stringify(shown.head)}`,
  );
  const diff = differences(headless('rank-interaction', { head: 1, seed: 1, q: bundle, k: bundle }), shown);
  assert(diff.length === 0, `the bundle run differs from the headless one: ${diff.slice(0, 3).join('; ')}`);
  await page.close();
  return problems;
});

test('rank-interaction: a malformed Q/K pair names its fault', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'files');
  await page
    .locator('input#upload-q')
    .setInputFiles({ name: 'q.npy', mimeType: 'application/octet-stream', buffer: npy([40, 8], values(320, 3)) });
  await page
    .locator('input#upload-k')
    .setInputFiles({ name: 'k.npy', mimeType: 'application/octet-stream', buffer: npy([40, 6], values(240, 4)) });
  await page.waitForFunction(() => document.getElementById('upload-k-status')?.textContent.includes('40 × 6'), null, {
    timeout: 10_000,
  });
  await page.locator('#run').click();
  await waitForStatus(page, 'error', 60_000);
  const error = await page.locator('#error').textContent();
  assert(
    error.includes('k: K must have the shape of Q (40, 8), got (40, 6)'),
    `the error does not name the shape mismatch: ${error}`,
  );
  const nan = values(320, 5);
  nan[7] = NaN;
  await page
    .locator('input#upload-q')
    .setInputFiles({ name: 'nan.npy', mimeType: 'application/octet-stream', buffer: npy([40, 8], nan) });
  await page.waitForFunction(
    () => /could not (read|use)/i.test(document.getElementById('upload-q-status')?.textContent ?? ''),
    null,
    { timeout: 30_000 },
  );
  const status = await page.locator('#upload-q-status').textContent();
  assert(status.includes('nan is not a finite number'), `the NaN upload is not named: ${status}`);
  assert(await page.locator('#run').isDisabled(), 'Run is enabled while the chosen Q file is refused');
  await page.close();
  return problems.filter((p) => !p.includes('K must have the shape'));
});

test('rank-zoo on your files: an atlas cell opens its head in rank-interaction on the same files', async ({
  context,
  base,
}) => {
  mkdirSync(shots, { recursive: true });
  const q = join(shots, 'stack-q.npy'),
    k = join(shots, 'stack-k.npy');
  writeFileSync(q, npy([2, 3, 24, 6], values(2 * 3 * 24 * 6, 5)));
  writeFileSync(k, npy([2, 3, 24, 6], values(2 * 3 * 24 * 6, 6)));
  const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=1');
  await waitForStatus(page, SHOWN, 120_000);
  await chooseHeads(page, 'files');
  await page.locator('input#upload-q').setInputFiles(q);
  await page.locator('input#upload-k').setInputFiles(k);
  await page.waitForFunction(() => document.getElementById('upload-k-status')?.textContent.includes('2 × 3 × 24 × 6'));
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  await page.locator('[data-figure="atlas"] g[aria-label="cell"] rect').nth(5).click(); // layer 1, head 2
  await page.waitForFunction(() => location.hash.includes('exp=rank-interaction'), null, { timeout: 10_000 });
  await waitForStatus(page, 'done', 120_000);
  const opened = await resultJson(page);
  assert(opened.head.label === 'L1H2' && opened.head.source === 'upload', `opened ${JSON.stringify(opened.head)}`);
  assert(await page.locator('#heads-files').isChecked(), 'Your files is not chosen on the opened head');
  await page.close();
  return problems;
});

export const rankTests = tests;
