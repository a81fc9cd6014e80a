// SPDX-License-Identifier: Apache-2.0
// What the page says about "Your model" before any run: weights only on a model large on paper (large-model.mjs) is
// estimated and waits for Run, saying how long; the summary under the title names what a run will analyse, that a
// link's model is not read yet, or asks for a model when none is open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, modelSettled, open, root, waitForStatus } from './helpers.mjs';
import { largeOnPaperModel } from './large-model.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const TEXT = 'the cat sat on the mat';
const summary = (page) => page.locator('#experiment-summary').textContent();

test('your model: weights only estimated over 30 s waits for Run and says the estimate', async ({ context, base }) => {
  const parent = mkdtempSync(join(tmpdir(), 'attnlab-large-'));
  const folder = largeOnPaperModel(parent, 'paper-large');
  try {
    // Six temperatures of 4 heads on the estimate's 2 workers: 12 jobs of 2·1024³ units each, about 52 s.
    const { page, problems } = await open(
      context,
      base,
      '#exp=rank-zoo&v=3&seed=1&heads=model&betaMults=0.25,0.5,1,2,4,8',
      {
        beforeLoad: () => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 }),
      },
    );
    await waitForStatus(page, 'waiting', 60_000); // no model yet
    const asked = await summary(page);
    assert(
      asked.includes('on the heads of your own model') && asked.includes('Nothing is analysed yet'),
      `the summary without a model: ${asked}`,
    );
    await page.locator('#model-weights').check();
    await page.locator('#model-folder').setInputFiles(folder);
    const status = await modelSettled(page);
    assert(status.includes('Read: 4 heads'), `the large model's read: ${status}`);
    await page.waitForFunction(
      () => document.getElementById('notice')?.textContent?.includes('Weights only: rank-zoo'),
      null,
      {
        timeout: 10_000,
      },
    );
    const notice = await page.locator('#notice').textContent();
    assert(
      notice.includes('rank-zoo on these 4 heads is estimated at about 52 s') &&
        notice.includes('Press Run to start it'),
      `the estimate's notice: ${notice}`,
    );
    const progress = await page.locator('#progress-text').textContent();
    assert(progress.includes('estimated 52 s'), `the status line: ${progress}`);
    await page.waitForTimeout(1500); // it waits: nothing starts on its own
    const state = await page.evaluate(() => document.body.dataset.status);
    assert(state === 'waiting', `weights only started without Run: ${state}`);
    assert((await page.locator('[data-figure]').count()) === 0, 'figures drawn before Run');
    const before = await summary(page);
    assert(
      before.includes('on the heads of paper-large, weights only') && before.includes('not analysed yet'),
      `the summary before Run: ${before}`,
    );
    await page.close();
    return problems;
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('your model: before a run the summary names the model, or says a link’s model is not read yet', async ({
  context,
  base,
}) => {
  const bert = join(root, 'tests/fixtures/models/bert-f32');
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1&heads=model');
  await waitForStatus(page, 'waiting', 60_000); // no model yet: nothing runs, nothing is drawn
  const none = await summary(page);
  assert(none.includes('on the heads of your own model: open a Hugging Face model folder'), `no model: ${none}`);
  await page.locator('#model-text').fill(TEXT);
  await page.locator('#model-folder').setInputFiles(bert);
  await modelSettled(page);
  await page.waitForFunction(() => document.getElementById('experiment-summary')?.textContent?.includes('bert-f32'));
  const read = await summary(page);
  assert(
    read.includes(`on the heads of bert-f32 reading “${TEXT}” (every layer): not analysed yet`) &&
      read.includes('Run analyses them on this machine'),
    `the model read, before Run: ${read}`,
  );
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 120_000);
  const link = await page.evaluate(() => location.hash);
  // The link opened elsewhere: it names the model and its text, and says the model is not read yet.
  const { page: again, problems: more } = await open(context, base, link);
  await waitForStatus(again, 'waiting', 60_000);
  const unread = await summary(again);
  assert(
    unread.includes(`reading “${TEXT}” (every layer): the model is not read yet (links never carry models)`),
    `a model's link in a new page: ${unread}`,
  );
  await page.close();
  await again.close();
  return [...problems, ...more];
});

export const yourModelNoticeTests = tests;
