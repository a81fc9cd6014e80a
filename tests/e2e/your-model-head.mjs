// SPDX-License-Identifier: Apache-2.0
// One of a model's heads in rank-interaction, as a reader takes it elsewhere: its Q and K downloaded as .npy (named
// by the model, its text and the head) and chosen again under "Your files" give the model run's numbers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations } from './a11y.mjs';
import { differences } from './compare.mjs';
import { deeperModel } from './model-folders.mjs';
import {
  assert,
  chooseHeads,
  download,
  modelSettled,
  open,
  resultJson,
  root,
  shots,
  SHOWN,
  waitForStatus,
} from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const TEXT = 'the cat sat on the mat';
const bert = join(root, 'tests/fixtures/models/bert-f32');

/** rank-interaction with Your model chosen and the BERT fixture read on TEXT: { page, problems }. */
async function bertRead(context, base) {
  const opened = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  await waitForStatus(opened.page, SHOWN, 120_000);
  await chooseHeads(opened.page, 'model');
  await opened.page.locator('#model-text').fill(TEXT);
  await opened.page.locator('#model-folder').setInputFiles(bert);
  await modelSettled(opened.page);
  return opened;
}

test('your model: a head’s Q and K download as .npy and, chosen as your files, give the same numbers', async ({
  context,
  base,
}) => {
  const { page, problems } = await bertRead(context, base);
  await page.locator('#model-head-layer').selectOption('1');
  await page.locator('#model-head-head').selectOption('2');
  await page.waitForFunction(() => location.hash.includes('head=6'), null, { timeout: 10_000 });
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const fromModel = await resultJson(page);
  const help = await page.locator('#head-files .help').textContent();
  assert(help.includes('L1H2') && help.includes('Q·K scale 0'), `the files' help: ${help}`);
  const files = {};
  for (const array of ['q', 'k']) {
    const { name, bytes } = await download(page, page.locator(`#head-files button[data-head-file="${array}"]`));
    assert(name === `bert-f32_text=the-cat-sat-on-the-mat_L1H2_${array}.npy`, `the ${array} file's name: ${name}`);
    assert(bytes.subarray(1, 6).toString('latin1') === 'NUMPY', `${name} is not a .npy file`);
    files[array] = join(shots, name);
    writeFileSync(files[array], bytes);
  }
  await chooseHeads(page, 'files');
  await page.locator('input#upload-q').setInputFiles(files.q);
  await page.locator('input#upload-k').setInputFiles(files.k);
  for (const input of ['q', 'k'])
    await page.waitForFunction(
      (i) => /\d+ × 4/.test(document.getElementById(`upload-${i}-status`)?.textContent),
      input,
      {
        timeout: 10_000,
      },
    );
  await page.locator('#param-head').fill('0');
  await page.locator('#param-scale').fill('0');
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const fromFiles = await resultJson(page);
  assert(fromFiles.head.source === 'upload', `the files' run: ${JSON.stringify(fromFiles.head)}`);
  const diff = differences({ ...fromFiles, head: undefined }, { ...fromModel, head: undefined });
  assert(diff.length === 0, `the files' numbers differ from the model's: ${diff.slice(0, 3).join('; ')}`);
  await page.close();
  return problems;
});

test('your model: the outdated note names why the heads changed (Last layer, weights only, another folder)', async ({
  context,
  base,
}) => {
  const { page, problems } = await bertRead(context, base);
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const note = () => page.locator('#stale-note-text').textContent();
  await page.locator('#model-last-layer').fill('0');
  await page.locator('#results.outdated').waitFor({ timeout: 10_000 });
  const status = await page.locator('#model-status').textContent();
  assert(status.includes('Last layer changed since the heads were read (they were read for layers 0 to 1)'), status);
  const first = await note();
  assert(
    first.startsWith('Last layer changed since these heads were read (they were read for every layer)') &&
      first.endsWith('Press “Read the heads” under Your model, then Run.'),
    `the note before reading: ${first}`,
  );
  assert(!(await page.locator('#stale-run').isVisible()), 'Run is offered before the heads are read');
  await page.locator('#model-read').click();
  await modelSettled(page);
  await page.waitForFunction(() =>
    document.getElementById('stale-note-text')?.textContent?.endsWith('Run to update the figures.'),
  );
  assert(await page.locator('#stale-run').isVisible(), 'Run is not offered once the heads are read');
  await page.locator('#model-weights').check();
  await page.waitForFunction(() =>
    document.getElementById('stale-note-text')?.textContent?.startsWith('Weights only was turned on'),
  );
  const weights = await note();
  assert(weights.includes(`(they were read on “${TEXT}”, for every layer)`), `the note after weights only: ${weights}`);
  // Another folder opened (and read at once): the note names both models.
  const parent = mkdtempSync(join(tmpdir(), 'attnlab-three-'));
  try {
    await page.locator('#model-folder').setInputFiles(deeperModel('bert-f32', 3, 'bert-three', parent));
    await modelSettled(page);
    await page.waitForFunction(() => document.getElementById('stale-note-text')?.textContent?.startsWith('The folder'));
    const folder = await note();
    assert(
      folder ===
        'The folder changed since these heads were read (they are bert-f32’s, the panel holds bert-three). ' +
          'Run to update the figures.',
      `the note after another folder: ${folder}`,
    );
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
  await page.close();
  return problems;
});

test('your model: an atlas cell pointed at or focused previews its attention; P pins it beside another', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=1&heads=model');
  await waitForStatus(page, 'waiting', 60_000);
  await page.locator('#model-text').fill(TEXT);
  await page.locator('#model-folder').setInputFiles(bert);
  await modelSettled(page);
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 180_000);
  const atlas = page.locator('[data-figure="atlas"]');
  const cells = atlas.locator('g[aria-label="cell"] rect');
  const status = atlas.locator('.atlas-preview-status');
  const said = async (words) => {
    await page.waitForFunction(
      (w) => document.querySelector('[data-figure="atlas"] .atlas-preview-status')?.textContent?.includes(w),
      words,
      { timeout: 15_000 },
    );
    return status.textContent();
  };
  const exported = async () => {
    const { bytes } = await download(page, atlas.locator('button[data-export="svg"]'));
    const text = bytes.toString('utf8');
    return { height: Number(/<svg[^>]* height="(\d+)"/.exec(text)?.[1]), images: text.split('<image').length - 1 };
  };
  const plain = await exported();
  // By keyboard: focus shows the head's pattern; P pins it; the next head focused is drawn beside it.
  await cells.nth(6).focus(); // L1H2 of 2 layers × 4 heads
  assert((await said('L1H2: how each of the')).includes('tokens'), 'no preview of the focused head');
  assert((await atlas.locator('.atlas-preview canvas').count()) === 1, 'the focused head is not drawn');
  const label = await cells.nth(6).getAttribute('aria-label');
  assert(label.includes('P pins it to compare'), `the cell does not say how to pin: ${label}`);
  await page.keyboard.press('p');
  await said('L1H2 is pinned');
  await page.keyboard.press('Shift+Tab'); // L1H1
  await said('L1H2 (pinned) beside L1H1');
  const titles = await atlas.locator('.atlas-preview .heatmap-title').allTextContents();
  assert(titles.join('|') === 'L1H2 (pinned)|L1H1', `the side-by-side titles: ${titles}`);
  const violations = await axeViolations(page, '[data-figure="atlas"]');
  assert(violations.length === 0, `the atlas with its preview: ${violations.join(' | ')}`);
  // The preview is the page's, not the figure's: the atlas exports as before.
  const withPreview = await exported();
  assert(
    withPreview.images === 0 && withPreview.height === plain.height,
    `the atlas's SVG with a preview on screen: ${JSON.stringify(withPreview)}, without: ${JSON.stringify(plain)}`,
  );
  // By pointer: the head pointed at replaces the unpinned one.
  await cells.nth(0).hover();
  await said('beside L0H0');
  await atlas.locator('.atlas-preview button', { hasText: 'Unpin L1H2' }).click();
  await said('L0H0: how each of the');
  assert((await atlas.locator('.atlas-preview canvas').count()) === 1, 'two maps after Unpin');
  // Enter still opens the head in rank-interaction.
  await cells.nth(6).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.hash.includes('exp=rank-interaction') && location.hash.includes('head=6'));
  // The opened head runs on the heads already read, and offers its Q and K.
  await waitForStatus(page, 'done', 120_000);
  const files = await page.locator('#head-files .group-label').textContent();
  assert(files.includes('L1H2’s queries and keys'), `the opened head's files: ${files}`);
  await page.close();
  return problems;
});

export const yourModelHeadTests = tests;
