// SPDX-License-Identifier: Apache-2.0
// "Your model" as a reader meets it, in Chromium with model folders the test writes (model-folders.mjs):
// another model reads its own layers (all, or the first 7 of 12, said in words), the text follows the address and
// fades the figures, one Stop while reading, the page names the model and no zoo or upload words stay, a head is
// picked as layer × head, the reproduce line runs as printed and gives the page's numbers, and the previous run is
// drawn faded only behind a run on the same heads.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './a11y.mjs';
import { differences } from './compare.mjs';
import {
  assert,
  chooseHeads,
  download,
  modelSettled,
  open,
  resultJson,
  root,
  SHOWN,
  waitForStatus,
} from './helpers.mjs';
import { deeperModel } from './model-folders.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const TEXT = 'the cat sat on the mat';
const fixture = (name) => join(root, 'tests/fixtures/models', name);
const filesOf = (folder) =>
  readdirSync(folder)
    .filter((f) => f !== 'expected.json')
    .map((f) => join(folder, f));
/** Words a model run must not leave on the page: the zoo's and the uploads'. */
const ZOO_WORDS = [
  'A synthetic stand-in, not BERT',
  'uploaded heads',
  'Synthetic zoo head',
  'tested: the reduction is never negative',
  'a deterministic stand-in', // the experiment's own summary, replaced by the model's
];

/** The heads read (or a refusal) and no read under way. */
async function settled(page) {
  return modelSettled(page);
}

/** The text a reader sees (hidden elements left out). */
const visibleText = (page) => page.evaluate(() => document.body.innerText);

test('your model: a 2-layer then a 3-layer model reads all of the second; the text moves the address and fades', async ({
  context,
  base,
}) => {
  const parent = join(root, 'build/e2e-models');
  const three = deeperModel('bert-f32', 3, 'bert-three', parent);
  try {
    const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=1');
    await waitForStatus(page, SHOWN, 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-text').fill(TEXT);
    await page.locator('#model-files').setInputFiles(filesOf(fixture('bert-f32')));
    const first = await settled(page);
    assert(first.includes('Read: 8 heads (layers 0–1)'), `the 2-layer model: ${first}`);
    // One Stop while reading: the model's, beside its progress.
    const stops = await page.evaluate(() => {
      document.getElementById('model-read').click();
      const shown = (id) => {
        const el = document.getElementById(id);
        return !el.hidden && getComputedStyle(el).display !== 'none';
      };
      return ['stop', 'model-stop'].filter(shown);
    });
    assert(stops.length === 1 && stops[0] === 'model-stop', `Stop buttons while reading: ${stops}`);
    await settled(page);
    await page.locator('#model-folder').setInputFiles(three);
    const second = await settled(page);
    assert(second.includes('Read: 12 heads (layers 0–2)'), `the 3-layer model after the 2-layer one: ${second}`);
    assert(second.startsWith('bert-three: BertModel'), `the folder's name is not said: ${second}`);
    assert((await page.locator('#model-last-layer').inputValue()) === '2', 'Last layer is not the new model’s last');
    await page.locator('#run').click();
    await waitForStatus(page, 'done', 180_000);
    const shown = await resultJson(page);
    assert(
      shown.rows.some((r) => r.family === 'L2H3'),
      'no row of layer 2',
    );
    // The page speaks of the model: headline, captions; no zoo or upload words, no variant column.
    const words = await visibleText(page);
    const left = ZOO_WORDS.filter((w) => words.includes(w));
    assert(left.length === 0, `zoo or upload words after a model run: ${left.join('; ')}`);
    const model = await page.locator('[data-key="model"]').textContent();
    assert(model.includes('bert-three') && model.includes(TEXT), `the headline's model: ${model}`);
    // Exports are named by the model and its text, not by the Q·K scale its heads decide.
    const { name } = await download(page, page.locator('[data-figure="atlas"] button[data-export="csv"]'));
    assert(name.startsWith('rank-zoo_bert-three_text=the-cat-sat') && !name.includes('scale='), `export: ${name}`);
    const columns = await page.locator('[data-figure="heads"] th').allTextContents();
    assert(!columns.some((c) => c.startsWith('variant')), `a variant column for a model: ${columns}`);
    const order = await page.locator('[data-figure="heads"] tbody tr td:first-child').allTextContents();
    const at = (label) => order.indexOf(label);
    assert(at('L0H2') >= 0 && at('L0H2') < at('L1H0') && at('L1H0') < at('L2H0'), `the heads' order: ${order}`);
    // The reproduce line: no scale, no q=/k=; run as printed (from the checkout), it gives the page's numbers.
    assert((await page.locator('#command-native').count()) === 0, 'a native line the CLI cannot run');
    const line = await page.locator('#command-lab').textContent();
    assert(!/ (scale|q|k)=/.test(line) && line.includes('model=bert-three'), `the reproduce line: ${line}`);
    const ran = spawnSync('sh', ['-c', line.replace('model=bert-three', `model=${three}`)], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    assert(ran.status === 0, `the reproduce line failed: ${ran.stderr.trim().split('\n').pop()}`);
    const diff = differences(JSON.parse(ran.stdout.slice(ran.stdout.indexOf('{'))), shown);
    assert(diff.length === 0, `the reproduce line's numbers differ: ${diff.slice(0, 3).join('; ')}`);
    // Editing the text: the address follows and the figures fade, naming the text they were read with.
    const before = await page.evaluate(() => location.hash);
    await page.locator('#model-text').fill('a dog ran');
    await page.waitForFunction((h) => location.hash !== h, before, { timeout: 10_000 });
    const hash = await page.evaluate(() => location.hash);
    assert(hash.includes('text=a%20dog%20ran'), `the address does not follow the text: ${hash}`);
    assert(await page.locator('#results.outdated').count(), 'the figures are not faded after the text changed');
    const note = await page.locator('#stale-note-text').textContent();
    assert(
      note.startsWith(`The text changed since these heads were read (they were read on “${TEXT}”)`) &&
        note.includes('Read the heads'),
      `the outdated note: ${note}`,
    );
    await page.close();
    return problems;
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('your model: a 12-layer model reads its first 7 layers and says so; a head is picked as layer × head', async ({
  context,
  base,
}) => {
  const parent = join(root, 'build/e2e-models-12');
  const twelve = deeperModel('bert-f32', 12, 'bert-twelve', parent);
  try {
    const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
    await waitForStatus(page, SHOWN, 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-text').fill(TEXT);
    await page.locator('#model-folder').setInputFiles(twelve);
    const status = await settled(page);
    assert(
      status.includes('Read: 28 heads (layers 0–6)') && status.includes('the first 7 of 12 layers'),
      `the 12-layer model: ${status}`,
    );
    assert(status.includes('Last layer 11 reads all 48'), `how to read every layer is not said: ${status}`);
    // Zoo fields give way to the model's heads; the head as layer × head writes the index.
    for (const key of ['source', 'family', 'variant'])
      assert(!(await page.locator(`.param[data-param="${key}"]`).isVisible()), `the zoo's ${key} field is shown`);
    await page.locator('#model-head-layer').selectOption('3');
    await page.locator('#model-head-head').selectOption('1');
    await page.waitForFunction(() => location.hash.includes('head=13'), null, { timeout: 10_000 });
    assert((await page.locator('#model-head-label').textContent()).includes('L3H1'), 'the picked head is not named');
    await page.locator('#run').click();
    await waitForStatus(page, 'done', 120_000);
    const shown = await resultJson(page);
    assert(shown.head.label === 'L3H1', `the head run: ${JSON.stringify(shown.head)}`);
    // The head's attention over its own range, linear or log, the scale named in its legend.
    const attention = page.locator('[data-figure="attention"]');
    const legend = async () => (await attention.locator('svg.color-legend').textContent()) ?? '';
    assert((await legend()).includes('this head’s range'), `the attention scale is not named: ${await legend()}`);
    await attention.locator('#attention-scale').selectOption('log');
    await page.waitForFunction(() =>
      document.querySelector('[data-figure="attention"] svg.color-legend')?.textContent?.includes('log scale'),
    );
    const words = await visibleText(page);
    const left = ZOO_WORDS.filter((w) => words.includes(w));
    assert(left.length === 0, `zoo or upload words after a model run: ${left.join('; ')}`);
    await page.close();
    return problems;
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('your model: the synthetic run before a model run is not drawn faded behind it', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=1&tau=2');
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 180_000);
  await chooseHeads(page, 'model');
  await page.locator('#model-text').fill(TEXT);
  await page.locator('#model-files').setInputFiles(filesOf(fixture('bert-f32')));
  await settled(page);
  await page.locator('#run').click();
  await waitForStatus(page, 'done', 180_000);
  const ghosts = await page.locator('#figures g.ghost').count();
  assert(ghosts === 0, `${ghosts} faded marks of the synthetic run behind the model's`);
  await page.close();
  return problems;
});

test('your model: a folder without tokenizer.json is read as weights only, and says so', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  await waitForStatus(page, SHOWN, 120_000);
  await chooseHeads(page, 'model');
  const files = filesOf(fixture('bert-f32')).filter((f) => !f.endsWith('tokenizer.json'));
  await page.locator('#model-files').setInputFiles(files);
  const status = await settled(page);
  assert(
    status.includes('no tokenizer.json') &&
      status.includes('Weights only is chosen') &&
      status.includes('Read: 8 heads'),
    `a folder without a tokenizer: ${status}`,
  );
  assert(await page.locator('#model-weights').isChecked(), 'Weights only is not checked');
  await page.close();
  return problems;
});

test('your model: the gallery’s card lands on rank-zoo with Your model chosen; each source shows only its fields', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#gallery');
  await page.locator('#gallery-model-card').click();
  await page.waitForFunction(() => location.hash.includes('exp=rank-zoo') && location.hash.includes('heads=model'));
  await waitForStatus(page, 'waiting', 60_000); // no model yet: nothing runs, and it says why
  const notice = await page.locator('#notice').textContent();
  assert(notice.includes('Your model'), `the page does not ask for the model: ${notice}`);
  const waits = await page.locator('#progress-text').textContent();
  assert(waits.includes('the heads are not given yet'), `the status while waiting for the heads: ${waits}`);
  await page.locator('#model-text').fill(TEXT);
  await page.locator('#model-files').setInputFiles(filesOf(fixture('bert-f32')));
  await settled(page);
  const after = await page.locator('#notice').textContent();
  assert(!after.includes('Open a model folder'), `the notice asking for the model stays once it is read: ${after}`);
  assert(await page.locator('#heads-model').isChecked(), 'Your model is not chosen');
  const first = await page.evaluate(() => document.querySelector('#params-form > fieldset')?.id);
  assert(first === 'heads-source', `the first fieldset of the panel is ${first}`);
  const shown = async () => ({
    model: await page.locator('#model-field').isVisible(),
    files: await page.locator('#upload-q').isVisible(),
    family: await page.locator('.param[data-param="family"]').isVisible(),
    scale: await page.locator('.param[data-param="scale"]').isVisible(),
  });
  const want = {
    model: { model: true, files: false, family: false, scale: false },
    files: { model: false, files: true, family: false, scale: true },
    zoo: { model: false, files: false, family: true, scale: false },
  };
  for (const source of ['model', 'files', 'zoo']) {
    await chooseHeads(page, source);
    const got = await shown();
    assert(JSON.stringify(got) === JSON.stringify(want[source]), `${source}: ${JSON.stringify(got)}`);
    const violations = await axeViolations(page, '#params-form');
    assert(violations.length === 0, `${source}: ${violations.join(' | ')}`);
  }
  const hash = await page.evaluate(() => location.hash);
  assert(!hash.includes('heads='), `the zoo chosen, the address still says ${hash}`);
  await page.close();
  return problems;
});

test('your model: a text longer than the positions is cut at a word end; the text box and the address hold it', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-interaction&v=3&seed=1');
  await waitForStatus(page, SHOWN, 120_000);
  await chooseHeads(page, 'model');
  const long = `${TEXT} ${TEXT} ${TEXT}`;
  await page.locator('#model-text').fill(long);
  await page.locator('#model-files').setInputFiles(filesOf(fixture('bert-f32')));
  const refused = await settled(page);
  assert(refused.startsWith('Could not read the heads'), `the long text is not refused: ${refused}`);
  await page.locator('#model-cut-offer').waitFor({ state: 'visible', timeout: 10_000 }); // beside the refusal
  await page.locator('#model-cut').click();
  const read = () => /Read: \d+ heads/.test(document.getElementById('model-status')?.textContent ?? '');
  await page.waitForFunction(read, null, { timeout: 30_000 });
  const cut = await page.locator('#model-text').inputValue();
  assert(cut.length < long.length && long.startsWith(cut) && /\s/.test(long[cut.length]), `the cut text: “${cut}”`);
  const hash = await page.evaluate(() => location.hash);
  assert(hash.includes(`text=${encodeURIComponent(cut)}`), `the address does not hold the cut text: ${hash}`);
  await page.close();
  return problems.filter((p) => !/tokens|position/.test(p));
});

export const yourModelTests = tests;
