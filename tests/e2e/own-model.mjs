// SPDX-License-Identifier: Apache-2.0
// "Your own model" in Chromium: a committed tiny checkpoint (tests/fixtures/models, written with Debian's torch) opened
// under "Your own model", a text typed, its heads read in a worker and analysed by rank-interaction and rank-zoo; the
// numbers equal the headless run on the same folder and text, the link records the model (name, fingerprint, text) and
// opening it asks for the folder; hostile checkpoints are refused by name and the page keeps working.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import { assert, chooseHeads, headless, modelSettled, open, resultJson, root, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const fixtures = join(root, 'tests/fixtures/models');
const filesOf = (folder) =>
  readdirSync(join(fixtures, folder))
    .filter((f) => f !== 'expected.json')
    .map((f) => join(fixtures, folder, f));
const TEXT = 'the cat sat on the mat';

/** Chooses the folder's files together (as "Or its files" does) and waits for the heads to be read. */
async function openModel(page, folder) {
  await page.locator('#model-files').setInputFiles(filesOf(folder));
  // Settled: the heads read (or a refusal) and no read under way (the Stop button hidden again).
  return modelSettled(page);
}

test('own model: a BERT folder and a typed text run rank-interaction on its real heads, as headless does', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&head=5&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'model');
  await page.locator('#model-text').fill(TEXT);
  const status = await openModel(page, 'bert-f32');
  assert(
    status.includes('BertModel · BERT · 2 layers × 4 heads') && status.includes('Read: 8 heads'),
    `the model is not described: ${status}`,
  );
  const tokens = await page.locator('#model-tokens').textContent();
  assert(tokens.startsWith('8 tokens: [CLS]'), `the tokens are not shown: ${tokens}`);
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const shown = await resultJson(page);
  assert(
    shown.head.source === 'upload' && shown.head.label === 'L1H1' && shown.head.n === 8,
    `head ${JSON.stringify(shown.head)}`,
  );
  const want = headless('rank-interaction', { head: 5, seed: 1, model: join(fixtures, 'bert-f32'), text: TEXT });
  const diff = differences(want, shown);
  assert(diff.length === 0, `the page's run differs from the headless one: ${diff.slice(0, 3).join('; ')}`);
  // The head's attention on the text, tokens on the axes: row 0 (the [CLS] query) as the softmax of model-qk's logits.
  const figure = page.locator('[data-figure="attention"]');
  assert(
    (await figure.locator('h2').textContent()).includes('Attention of L1H1'),
    'no attention figure for the analysed head',
  );
  const ticks = await figure.locator('svg').first().textContent();
  assert(ticks.includes('[CLS]') && ticks.includes('mat'), `the tokens are not on the axes: ${ticks.slice(0, 80)}`);
  await figure.locator('canvas').focus();
  const shownP = Number(await figure.locator('.heatmap-readout').getAttribute('data-value'));
  const qk = JSON.parse(
    spawnSync(
      process.execPath,
      ['scripts/lab.mjs', 'model-qk', `model=${join(fixtures, 'bert-f32')}`, `text=${TEXT}`, 'layer=1', 'head=1'],
      { cwd: root, encoding: 'utf8' },
    ).stdout,
  );
  const row = qk.logits.data.slice(0, qk.logits.cols),
    top = Math.max(...row);
  const wantP = Math.exp(row[0] - top) / row.reduce((sum, x) => sum + Math.exp(x - top), 0);
  assert(Math.abs(shownP - wantP) < 1e-9, `P[0][0] = ${shownP}, the softmax of model-qk's logits gives ${wantP}`);
  const link = await page.evaluate(() => location.hash);
  assert(
    /model=BertModel&modelHash=[0-9a-f]{16}&text=the%20cat%20sat%20on%20the%20mat/.test(link),
    `the link does not record the model: ${link}`,
  );
  assert(!link.includes('file='), `the link names files: ${link}`);
  // The link asks for the folder and runs nothing until it is opened; the same folder has the link's fingerprint.
  const { page: again, problems: more } = await open(context, base, link);
  await again.waitForFunction(
    () => document.getElementById('notice')?.textContent.includes('Made with the model “BertModel”'),
    null,
    { timeout: 30_000 },
  );
  assert((await again.locator('#model-text').inputValue()) === TEXT, "the link's text is not in the text box");
  const reopened = await openModel(again, 'bert-f32');
  assert(!reopened.includes('not the one the link was made with'), `the same folder is said to differ: ${reopened}`);
  await again.locator('#run').click();
  await waitForStatus(again, 'done', 120_000);
  assert(
    differences(want, await resultJson(again)).length === 0,
    'the link reopened with its folder gives other numbers',
  );
  // Another folder under the same link: said to differ.
  const other = await openModel(again, 'bert-gamma-f16');
  assert(other.includes('not the one the link was made with'), `another folder is not said to differ: ${other}`);
  await again.close();
  await page.close();
  return [...problems, ...more];
});

test('own model: rank-zoo on every head of a LLaMA folder with grouped-query heads, as headless does', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=1');
  await waitForStatus(page, ['done', 'precomputed'], 120_000);
  await chooseHeads(page, 'model');
  await page.locator('#model-text').fill(TEXT);
  await page.locator('#model-drop-first').check();
  const status = await openModel(page, 'llama-gqa-llama3-bf16');
  assert(status.includes('(2 key heads)') && status.includes('BF16'), `the model is not described: ${status}`);
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 180_000);
  const shown = await resultJson(page);
  const want = headless('rank-zoo', {
    seed: 1,
    model: join(fixtures, 'llama-gqa-llama3-bf16'),
    text: TEXT,
    dropFirst: 1,
  });
  const diff = differences(want, shown);
  assert(diff.length === 0, `the page's rank-zoo differs from the headless one: ${diff.slice(0, 3).join('; ')}`);
  assert(
    shown.rows.some((r) => r.family === 'L1H3'),
    `no row per head: ${shown.rows.map((r) => r.family).slice(0, 5)}`,
  );
  // The head atlas: 2 layers × 4 heads; another quantity redraws it; a cell opens its head in rank-interaction on the
  // same model and text, which runs at once (the model stays open, its heads are not read again).
  const cells = page.locator('[data-figure="atlas"] g[aria-label="cell"] rect');
  assert((await cells.count()) === 8, `the atlas has ${await cells.count()} cells, not 2 × 4`);
  await page.locator('#atlas-quantity').selectOption('kSvd');
  assert((await cells.count()) === 8, 'the atlas is gone after choosing another quantity');
  await cells.nth(6).click(); // layer 1, head 2
  await page.waitForFunction(() => location.hash.includes('exp=rank-interaction'), null, { timeout: 10_000 });
  await waitForStatus(page, 'done', 120_000);
  const opened = await resultJson(page);
  assert(opened.head.label === 'L1H2', `the atlas cell opened ${JSON.stringify(opened.head)}`);
  const hash = await page.evaluate(() => location.hash);
  assert(
    hash.includes('head=6') && hash.includes('model=LlamaForCausalLM') && hash.includes('dropFirst=1'),
    `the opened head's link: ${hash}`,
  );
  const want6 = headless('rank-interaction', {
    seed: 1,
    head: 6,
    scale: 1,
    model: join(fixtures, 'llama-gqa-llama3-bf16'),
    text: TEXT,
    dropFirst: 1,
  });
  assert(differences(want6, opened).length === 0, 'the head opened from the atlas differs from the headless run');
  await page.close();
  return problems;
});

test('own model: weights only reads each head as W_Q W_Kᵀ, without a text, as headless does', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&head=2&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'model');
  await page.locator('#model-weights').check();
  assert(await page.locator('#model-text').isDisabled(), 'the text box stays enabled in weights-only mode');
  const status = await openModel(page, 'gpt2-inverse-bf16');
  assert(
    status.includes('as W_Q W_Kᵀ over the 16 directions of the residual stream'),
    `weights only is not said: ${status}`,
  );
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const shown = await resultJson(page);
  assert(shown.head.n === 16 && shown.head.label === 'L0H2', `weights-only head ${JSON.stringify(shown.head)}`);
  const nonzero = shown.sigmaRaw.filter((s) => s > 1e-9 * shown.sigmaRaw[0]).length;
  assert(nonzero <= shown.head.width, `W_Q W_Kᵀ has rank ${nonzero} > head size ${shown.head.width}`);
  const want = headless('rank-interaction', {
    head: 2,
    seed: 1,
    model: join(fixtures, 'gpt2-inverse-bf16'),
    weights: 1,
  });
  assert(differences(want, shown).length === 0, 'the weights-only run differs from the headless one');
  assert((await page.evaluate(() => location.hash)).includes('weights=1'), 'the link does not record weights only');
  await page.close();
  return problems;
});

test('own model: rank-zoo on weights only colours its atlas by energy90 against Lee’s 38–75, or antisymmetry', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=1');
  await waitForStatus(page, ['done', 'precomputed'], 120_000);
  await chooseHeads(page, 'model');
  await page.locator('#model-weights').check();
  await openModel(page, 'gpt2-inverse-bf16');
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 180_000);
  const shown = await resultJson(page);
  assert(
    shown.rows.every((r) => Number.isInteger(r.energy90) && typeof r.antisymmetry === 'number'),
    'a weights-only row without energy90 or antisymmetry',
  );
  const atlas = page.locator('[data-figure="atlas"]');
  assert((await page.locator('#atlas-quantity').inputValue()) === 'energy90', 'weights only: not energy90 first');
  const reference = await atlas.locator('.atlas-reference').innerText();
  assert(reference.includes('measured 38–75 for W_Qᵀ W_K') && !reference.includes('2–11'), reference);
  const first = shown.rows.find((r) => r.betaMult === 1);
  const label = await atlas.locator('g[aria-label="cell"] rect').first().getAttribute('aria-label');
  assert(label.includes(`energy90 ${first.energy90}`), `the first cell: ${label}`);
  await page.locator('#atlas-quantity').selectOption('antisymmetry');
  const null707 = await atlas.locator('.atlas-reference').innerText();
  assert(null707.startsWith('A random matrix gives 1/√2 ≈ 0.707'), null707);
  await page.close();
  return problems;
});

test('own model: hostile checkpoints are refused by name and the page keeps working', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'model');
  for (const [folder, cause] of [
    ['hostile-truncated', 'truncated'],
    ['hostile-lying-header', 'lying header length'],
    ['hostile-overlapping', 'overlapping data_offsets'],
    ['hostile-f8', 'F8_E4M3'],
    ['hostile-unknown-type', "model_type 'mamba' is not supported"],
  ]) {
    const status = await openModel(page, folder);
    assert(status.startsWith('Could not open the model: ') && status.includes(cause), `${folder}: ${status}`);
  }
  // A text longer than the model's positions is refused by name, and the model stays open.
  await page.locator('#model-text').fill(TEXT);
  await openModel(page, 'bert-f32');
  await page.locator('#model-text').fill(`${TEXT} ${TEXT} ${TEXT}`);
  await page.locator('#model-read').click();
  await page.waitForFunction(
    () => (document.getElementById('model-status')?.textContent ?? '').startsWith('Could not read the heads'),
    null,
    { timeout: 30_000 },
  );
  const status = await page.locator('#model-status').textContent();
  assert(/token|position/.test(status), `too many tokens are not named: ${status}`);
  await page.locator('#run').click();
  await page.waitForFunction(
    () => (document.getElementById('error')?.textContent ?? '').includes('Read the heads'),
    null,
    { timeout: 10_000 },
  );
  await page.locator('#model-close').click();
  await chooseHeads(page, 'zoo'); // no model: the synthetic heads run
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  await page.close();
  return problems.filter((p) => !/tokens|position/.test(p));
});

/** A copy of llama-f32 whose tokenizer.json has `component` (a pre-tokenizer or normalizer that backtracks). */
function hostileTokenizerFolder(component) {
  const folder = mkdtempSync(join(tmpdir(), 'attnlab-e2e-tokenizer-'));
  cpSync(join(fixtures, 'llama-f32'), folder, { recursive: true });
  rmSync(join(folder, 'expected.json'));
  const real = JSON.parse(readFileSync(join(folder, 'tokenizer.json'), 'utf8'));
  writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify({ ...real, ...component }));
  return folder;
}

test('own model: a tokenizer whose pattern backtracks is ended by Stop and by the time limit; the page reads on', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  await waitForStatus(page, 'done', 120_000);
  await chooseHeads(page, 'model');
  const split = hostileTokenizerFolder({
    pre_tokenizer: { type: 'Split', pattern: { Regex: '(a+)+$' }, behavior: 'Isolated', invert: false },
  });
  const replace = hostileTokenizerFolder({
    normalizer: { type: 'Replace', pattern: { Regex: '(x+x+)+y' }, content: 'z' },
  });
  const status = () => page.locator('#model-status').textContent();
  const settled = (timeout) =>
    page.waitForFunction(() => document.getElementById('model-stop')?.hidden === true, null, { timeout });
  try {
    // Stop while the text is tokenized: "Stopped" within seconds (it said "Stopping after this layer…" forever).
    await page.locator('#model-text').fill(`${'a'.repeat(40)}b`);
    await page.locator('#model-files').setInputFiles(readdirSync(split).map((f) => join(split, f)));
    await page.waitForFunction(() => /^Reading/.test(document.getElementById('model-status')?.textContent ?? ''));
    await page.waitForTimeout(1000);
    const stoppedAt = Date.now();
    await page.locator('#model-stop').click();
    await settled(5000);
    assert((await status()).startsWith('Stopped: '), `Stop did not stop the tokenizing: ${await status()}`);
    assert(Date.now() - stoppedAt < 5000, 'Stop took more than 5 s');
    // The same model reads a text its pattern does not backtrack on.
    await page.locator('#model-text').fill(TEXT);
    await page.locator('#model-read').click();
    await settled(60_000);
    assert(/Read: \d+ heads/.test(await status()), `the model does not read again after Stop: ${await status()}`);
    // Left alone, the time limit ends it, naming tokenizer.json and the pattern.
    await page.locator('#model-text').fill(`${'x'.repeat(40)}b`);
    await page.locator('#model-files').setInputFiles(readdirSync(replace).map((f) => join(replace, f)));
    await settled(60_000);
    const refused = await status();
    assert(
      refused.startsWith('Could not read the heads: tokenizer.json: tokenizing took more than') &&
        refused.includes('(x+x+)+y'),
      `the time limit is not named: ${refused}`,
    );
  } finally {
    rmSync(split, { recursive: true, force: true });
    rmSync(replace, { recursive: true, force: true });
  }
  await page.close();
  return problems;
});

export const ownModelTests = tests;
