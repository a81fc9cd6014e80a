// SPDX-License-Identifier: Apache-2.0
// Hostile model folders in the page ("Your own model"): the ways out work whatever the folder holds. A safetensors
// header of 98 MB (160,000 metadata keys, under the reader's limits) takes seconds to open: Stop and Close each end
// the opening at once, and the page then reads a real model; 1,000,000 metadata keys are refused by name. A tokenizer
// whose pattern backtracks is ended by Close as by Stop (own-model.mjs). Weights only on a model wider than 1,024 is
// refused from config.json in one line (it read 4–7 GB, then failed with "Data cannot be cloned, out of memory"). A
// NaN weight or an Inf in an embedding row the text uses is refused naming the tensor, before "Read: N heads".
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, chooseHeads, modelSettled, open, root, waitForStatus } from './helpers.mjs';
import { hugeHeaderModel, poisonedModel, wideModel } from './model-folders.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const filesIn = (folder) => readdirSync(folder).map((f) => join(folder, f));
const llama = join(root, 'tests/fixtures/models/llama-f32');
const TEXT = 'the cat sat on the mat';

const status = (page) => page.locator('#model-status').textContent();
/** Chooses the folder's files and waits until the page says it is opening them (or already past that). */
async function startOpening(page, folder) {
  await page.locator('#model-files').setInputFiles(filesIn(folder).filter((f) => !f.endsWith('expected.json')));
  await page.waitForFunction(() => /^Opening the model/.test(document.getElementById('model-status')?.textContent));
}
/** The Stop button hidden again within `ms`: nothing is being opened or read. */
const settledWithin = (page, ms) =>
  page.waitForFunction(() => document.getElementById('model-stop')?.hidden === true, null, { timeout: ms });
/** The real model read after a way out: the page works on. */
async function readsOn(page) {
  const read = await (async () => {
    await page.locator('#model-files').setInputFiles(filesIn(llama).filter((f) => !f.endsWith('expected.json')));
    return modelSettled(page);
  })();
  assert(/Read: \d+ heads/.test(read), `the page does not read a model after the way out: ${read}`);
}

test('hostile model: a 98 MB header is ended by Stop and by Close at once; 1M metadata keys refused by name', async ({
  context,
  base,
}) => {
  const parent = mkdtempSync(join(tmpdir(), 'attnlab-e2e-header-'));
  const huge = hugeHeaderModel(160_000, 600, parent);
  const million = hugeHeaderModel(1_000_000, 1, parent);
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  try {
    await waitForStatus(page, 'done', 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-text').fill(TEXT);
    // Stop while the header is read: said stopped within seconds, no model open, and the page reads on.
    await startOpening(page, huge);
    let asked = Date.now();
    await page.locator('#model-stop').click();
    await settledWithin(page, 5000);
    assert(Date.now() - asked < 5000, 'Stop took more than 5 s');
    assert((await status(page)).startsWith('Stopped: '), `Stop did not stop the opening: ${await status(page)}`);
    await page.waitForTimeout(3000); // the opening, had it gone on, would end here and read the heads
    assert((await status(page)).startsWith('Stopped: '), `the opening went on after Stop: ${await status(page)}`);
    await readsOn(page);
    // Close while the header is read: no model open, at once.
    await startOpening(page, huge);
    asked = Date.now();
    await page.locator('#model-close').click();
    await settledWithin(page, 5000);
    assert(Date.now() - asked < 5000, 'Close took more than 5 s');
    assert((await status(page)).startsWith('No model open'), `Close did not close: ${await status(page)}`);
    assert(await page.locator('#model-close').isHidden(), 'Close is still shown with no model open');
    await readsOn(page);
    // Too many keys: refused by name, in one line.
    await page.locator('#model-files').setInputFiles(filesIn(million));
    const refused = await modelSettled(page);
    assert(
      refused.startsWith('Could not open the model: model.safetensors: the header: more than 200000 keys'),
      `1,000,000 metadata keys are not refused by name: ${refused}`,
    );
    // Left alone, the huge header opens and its heads are read (linear parsing: seconds, not hours).
    await page.locator('#model-files').setInputFiles(filesIn(huge));
    const read = await modelSettled(page);
    assert(/Read: \d+ heads/.test(read), `the 98 MB header is not read: ${read}`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
  await page.close();
  return problems;
});

test('hostile model: a tokenizer whose pattern backtracks is ended by Close at once; the page reads on', async ({
  context,
  base,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'attnlab-e2e-tokenizer-'));
  cpSync(llama, folder, { recursive: true });
  rmSync(join(folder, 'expected.json'));
  const real = JSON.parse(readFileSync(join(folder, 'tokenizer.json'), 'utf8'));
  const split = { type: 'Split', pattern: { Regex: '(a+)+$' }, behavior: 'Isolated', invert: false };
  writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify({ ...real, pre_tokenizer: split }));
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  try {
    await waitForStatus(page, 'done', 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-text').fill(`${'a'.repeat(40)}b`);
    await page.locator('#model-files').setInputFiles(filesIn(folder));
    await page.waitForFunction(() => /^Reading/.test(document.getElementById('model-status')?.textContent ?? ''));
    await page.waitForTimeout(1000);
    const asked = Date.now();
    await page.locator('#model-close').click();
    await settledWithin(page, 5000);
    assert(Date.now() - asked < 5000, 'Close took more than 5 s');
    assert((await status(page)).startsWith('No model open'), `Close did not close: ${await status(page)}`);
    await page.locator('#model-text').fill(TEXT);
    await readsOn(page);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await page.close();
  return problems;
});

test('hostile model: weights only on hidden size 1040 is refused from config.json in one line', async ({
  context,
  base,
}) => {
  const parent = mkdtempSync(join(tmpdir(), 'attnlab-e2e-wide-'));
  const wide = wideModel(1040, parent);
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  try {
    await waitForStatus(page, 'done', 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-weights').check();
    await page.locator('#model-files').setInputFiles(filesIn(wide));
    const refused = await modelSettled(page);
    assert(
      refused ===
        'Could not read the heads: config.json: hidden_size 1040 is above the 1024 the analysis takes for weights ' +
          'only (there n is the hidden size); give a text instead',
      `weights only on a wide model is not refused from config.json: ${refused}`,
    );
    await page.locator('#run').click();
    await page.waitForFunction(() => (document.getElementById('error')?.textContent ?? '') !== '', null, {
      timeout: 10_000,
    });
    const error = await page.locator('#error').textContent();
    assert(!/cloned|out of memory/i.test(error), `Run fails with a raw error: ${error}`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
  await page.close();
  return problems;
});

test('hostile model: a NaN weight and an Inf embedding row are refused by tensor before "Read: N heads"', async ({
  context,
  base,
}) => {
  const parent = mkdtempSync(join(tmpdir(), 'attnlab-e2e-poison-'));
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  try {
    await waitForStatus(page, 'done', 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-text').fill(TEXT);
    // TEXT's ids in llama-f32 are 1, 15, 18, 20, 24, 15, 22 (hidden 16): row 18 of the embedding is read.
    for (const [name, at, value, cause] of [
      [
        'model.layers.0.self_attn.q_proj.weight',
        0,
        NaN,
        "tensor 'model.layers.0.self_attn.q_proj.weight' (F32) holds NaN",
      ],
      ['model.embed_tokens.weight', 18 * 16 + 3, Infinity, "tensor 'model.embed_tokens.weight' (F32) holds"],
    ]) {
      const folder = poisonedModel(name, at, value, parent);
      await page.locator('#model-files').setInputFiles(filesIn(folder));
      const refused = await modelSettled(page);
      assert(
        refused.startsWith('Could not') && refused.includes(cause) && !/Read: \d+ heads/.test(refused),
        `${name}: ${value} is not refused by name: ${refused}`,
      );
    }
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
  await page.close();
  return problems;
});

export const hostileModelTests = tests;
