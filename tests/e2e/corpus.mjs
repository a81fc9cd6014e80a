// SPDX-License-Identifier: Apache-2.0
// A study over a corpus on "Your model", in Chromium (ui/corpus/corpus-panel.ts): the tiny BERT fixture's heads over a
// corpus file, window by window, give exactly the JSON of `npm run lab -- rank-zoo model=… corpus=…`; Stop keeps the
// finished windows and shows them; paper 3's grid fills its fields and the model's first layers; Open result… draws a
// study that npm run lab printed, with its head atlas and exports, and refuses a broken one in one line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import { deeperModel } from './model-folders.mjs';
import {
  assert,
  chooseHeads,
  download,
  headless,
  inspectSvg,
  modelSettled,
  open,
  pngSize,
  root,
  shots,
  SHOWN,
  waitForStatus,
} from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const folder = join(root, 'tests/fixtures/models/bert-f32');
const corpus = join(root, 'tests/fixtures/tokenizers/corpus.txt');
const files = readdirSync(folder)
  .filter((f) => f !== 'expected.json')
  .map((f) => join(folder, f));

/** rank-zoo on the model's heads, the corpus given and the fields filled. */
async function studyPage(context, base, fields) {
  const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=7');
  await waitForStatus(page, SHOWN, 120_000);
  await chooseHeads(page, 'model');
  await page.locator('#model-files').setInputFiles(files);
  await modelSettled(page);
  await page.locator('#corpus-file').setInputFiles(corpus);
  for (const [id, value] of Object.entries(fields)) await page.locator(`#corpus-${id}`).fill(value);
  return { page, problems };
}

/** The study's JSON as the page offers it for download. */
const studyJson = async (page) =>
  JSON.parse((await download(page, page.locator('#corpus-json'))).bytes.toString('utf8'));

const statusIs = (page, pattern, timeout = 120_000) =>
  page.waitForFunction(
    (p) => new RegExp(p).test(document.getElementById('corpus-status')?.textContent ?? ''),
    pattern,
    {
      timeout,
    },
  );

test('a corpus study on your model: window by window, the JSON of npm run lab', async ({ context, base }) => {
  const { page, problems } = await studyPage(context, base, { n: '8,12', windows: '2', eps: '0.05,0.1' });
  const seen = [];
  await page.exposeFunction('corpusSeen', (t) => seen.push(t));
  await page.evaluate(() => {
    const status = document.getElementById('corpus-status');
    new MutationObserver(() => window.corpusSeen(status.textContent)).observe(status, { childList: true });
  });
  await page.locator('#corpus-run').click();
  await statusIs(page, '^Done: 4 windows');
  assert(
    seen.some((t) => t.includes('window 3 of 4 (n = 12)')),
    `no progress by windows: ${seen.slice(0, 6).join(' | ')}`,
  );
  // Two study workers on a machine of two cores or more, as the page's pool sizes itself; the estimate says so.
  const pace = (await page.evaluate(() => navigator.hardwareConcurrency)) >= 2 ? 'two' : 'one';
  const said = new RegExp(`the analysis takes about [^,]+, ${pace} windows? at a time \\(estimated for a 2-core`);
  assert(
    seen.some((t) => said.test(t)),
    `the estimate does not say ${pace} at a time: ${seen[1]}`,
  );
  const counts = seen.map((t) => Number(/window (\d+) of 4/.exec(t)?.[1] ?? 0)).filter((k) => k > 0);
  assert(
    counts.every((k, i) => i === 0 || k >= counts[i - 1]),
    `progress went back: ${counts.join(', ')}`,
  );
  const shown = await studyJson(page);
  const want = headless('rank-zoo', {
    model: folder,
    corpus,
    n: '8,12',
    windows: 2,
    lastLayer: 1,
    eps: '0.05,0.1',
    seed: 7,
  });
  const diff = differences(want.result ?? want, shown, { rel: 0, absFloor: 0 });
  assert(diff.length === 0, `the page's study differs from npm run lab's: ${diff.slice(0, 3).join('; ')}`);
  const words = await page.locator('#corpus-results').innerText();
  for (const part of ['0.574', 'summary of the paper', 'not reachable', '2–11', 'decoder models', 'L1H3'])
    assert(words.includes(part), `the results do not say “${part}”: ${words.slice(0, 300)}`);
  const figure = await page.locator('#corpus-energy-figure').innerText();
  assert(
    figure.includes('Lee’s band 2–11 (decoder models)') && figure.includes('L1H3'),
    `the energy90 figure: ${figure}`,
  );
  await page.locator('#corpus-results').screenshot({ path: join(shots, 'corpus-study.png') });
  // The link names the corpus and its fingerprint, never its text; opening it asks for the corpus.
  const hash = await page.evaluate(() => location.hash);
  for (const part of ['corpus=corpus.txt', 'corpusHash=', 'corpusN=8,12', 'corpusWindows=2', 'corpusEps=0.05,0.1'])
    assert(hash.includes(part), `the link does not hold ${part}: ${hash}`);
  assert(!hash.includes('truth'), `the link carries the corpus's text: ${hash.slice(0, 200)}`);
  await page.close();
  const again = await open(context, base, hash);
  await again.page
    .locator('#corpus-status')
    .filter({ hasText: 'Links never carry a corpus' })
    .waitFor({ timeout: 60_000 });
  assert((await again.page.locator('#corpus-n').inputValue()) === '8,12', 'the link did not fill n');
  assert((await again.page.locator('#corpus-eps').inputValue()) === '0.05,0.1', 'the link did not fill ε');
  // Another corpus given: its numbers may differ, and the page says so.
  await again.page.locator('#model-files').setInputFiles(files);
  await modelSettled(again.page);
  await again.page.locator('#corpus-text').fill(readFileSync(corpus, 'utf8').slice(0, 3000).replace(/a/g, 'o'));
  await again.page.locator('#corpus-run').click();
  await statusIs(again.page, '^Done: 4 windows.*not the one the link was made with \\(fingerprint [0-9a-f]{16}');
  await again.page.close();
  return [...problems, ...again.problems];
});

test('a corpus study on your model: Stop keeps the finished windows and shows them', async ({ context, base }) => {
  const { page, problems } = await studyPage(context, base, { n: '8,12', windows: '40', eps: '0.1' });
  await page.locator('#corpus-run').click();
  await statusIs(page, 'window 4 of 80');
  await page.locator('#corpus-stop').click();
  await statusIs(page, '^Stopped: \\d+ of 80 windows finished');
  const shown = await studyJson(page);
  const k = shown.windows.length;
  assert(k >= 3 && k < 80, `${k} windows kept after Stop`);
  const heads = 8,
    temperatures = shown.rows.length / (k * heads);
  assert(Number.isInteger(temperatures), `${shown.rows.length} rows for ${k} windows of ${heads} heads`);
  const kept = new Set(shown.windows.map((w) => `${w.n}/${w.window}`));
  assert(
    shown.rows.every((r) => kept.has(`${r.n}/${r.window}`)),
    'a row of a window that did not finish',
  );
  assert((await page.locator('#corpus-summary').innerText()).startsWith('Stopped'), 'the results do not say Stopped');
  await page.close();
  return problems;
});

test("a corpus study on your model: paper 3's grid fills n, ε, the temperatures and the first layers", async ({
  context,
  base,
}) => {
  const { page, problems } = await studyPage(context, base, {});
  await page.locator('#corpus-paper-grid').click();
  assert((await page.locator('#corpus-n').inputValue()) === '64,128,256', 'n is not 64,128,256');
  assert((await page.locator('#corpus-eps').inputValue()) === '0.05,0.1,0.2', 'ε is not 0.05,0.1,0.2');
  assert((await page.locator('#model-last-layer').inputValue()) === '1', 'a 2-layer model: every layer');
  // The fixture has 16 positions: n = 64 is refused by name, before anything runs.
  await statusIs(page, "could not run: n: 64 is beyond the model's 16 positions", 60_000);
  assert((await page.locator('#corpus-n').getAttribute('aria-invalid')) === 'true', 'the field n is not marked');
  const hash = await page.evaluate(() => location.hash);
  assert(hash.includes('betaMults=0.5%2C0.71%2C1%2C1.41%2C2') || hash.includes('betaMults=0.5,0.71,1,1.41,2'), hash);
  await page.close();
  return problems;
});

test("a corpus study on your model: paper 3's grid on a 12-layer model waits for Run over 30 s, then runs", async ({
  context,
  base,
}) => {
  // The tiny LLaMA made 12 layers deep with 512 positions (RoPE has no position table): the grid's n fit.
  const parent = mkdtempSync(join(tmpdir(), 'attnlab-corpus-'));
  const twelve = deeperModel('llama-f32', 12, 'llama-twelve', parent);
  const config = JSON.parse(readFileSync(join(twelve, 'config.json'), 'utf8'));
  writeFileSync(join(twelve, 'config.json'), JSON.stringify({ ...config, max_position_embeddings: 512 }));
  try {
    const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=7');
    await waitForStatus(page, SHOWN, 120_000);
    await chooseHeads(page, 'model');
    await page.locator('#model-folder').setInputFiles(twelve);
    await modelSettled(page);
    await page.locator('#corpus-file').setInputFiles(corpus);
    await page.locator('#corpus-paper-grid').click();
    assert((await page.locator('#model-last-layer').inputValue()) === '6', 'not the first 7 of 12 layers');
    // The core's cost model (a model's heads: 4.2e-6 s × n^1.7 each) puts this grid near a minute: it waits for Run.
    await statusIs(
      page,
      '^3 windows × 28 heads × 5 temperatures × 3 ε: the analysis takes about .* press Run the study',
    );
    await page.waitForTimeout(1000);
    assert(await page.locator('#corpus-stop').isHidden(), 'the study started without Run');
    await page.locator('#corpus-run').click();
    await statusIs(page, 'window 2 of 3 \\(n = 128\\)', 300_000);
    await page.locator('#corpus-stop').click();
    await statusIs(page, '^Stopped: 1 of 3 windows finished');
    const shown = await studyJson(page);
    const grid = { eps: '0.05,0.1,0.2', betaMults: '0.5,0.71,1,1.41,2', seed: 7, lastLayer: 6 };
    const want = headless('rank-zoo', { model: twelve, corpus, n: 64, windows: 1, ...grid });
    const diff = differences(want.result ?? want, shown, { rel: 0, absFloor: 0 });
    assert(diff.length === 0, `the stopped grid differs from npm run lab's n = 64: ${diff.slice(0, 3).join('; ')}`);
    assert(shown.rows.length === 28 * 5 * 3, `${shown.rows.length} rows, not 28 heads × 5 temperatures × 3 ε`);
    await page.close();
    return problems;
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('Open result… draws a study npm run lab printed, with its head atlas; a broken one is one line', async ({
  context,
  base,
}) => {
  const printed = headless('rank-zoo', { model: folder, corpus, n: 8, windows: 1, lastLayer: 1, eps: 0.1, seed: 7 });
  const study = printed.result ?? printed;
  const dir = mkdtempSync(join(tmpdir(), 'attnlab-study-'));
  try {
    writeFileSync(join(dir, 'study.json'), JSON.stringify({ result: study }));
    const broken = structuredClone(study);
    broken.heads[3].energy90.mean = 'x';
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    const { page, problems } = await open(context, base, '#exp=rank-zoo&v=3&seed=7');
    await waitForStatus(page, SHOWN, 120_000);
    await page.locator('#open-result-file').setInputFiles(join(dir, 'study.json'));
    await page.locator('#corpus-results').waitFor({ timeout: 30_000 });
    const title = await page.locator('#corpus-results-title').innerText();
    assert(title === 'The study over the corpus, opened from file study.json', `title: ${title}`);
    const atlas = page.locator('#corpus-atlas');
    const cells = await atlas.locator('g[aria-label="cell"] rect').count();
    assert(cells === study.heads.length, `${cells} atlas cells for ${study.heads.length} heads`);
    assert((await page.locator('#corpus-atlas-quantity').inputValue()) === 'energy90', 'not coloured by energy90');
    const reference = await atlas.locator('.atlas-reference').innerText();
    assert(reference.includes('Lee (arXiv 2604.04384) measured 2–11 for row-centred logits'), reference);
    await page.locator('#corpus-results').screenshot({ path: join(shots, 'corpus-study-opened.png') });
    const heads = (await download(page, page.locator('#corpus-heads-csv'))).bytes.toString('utf8');
    const lines = heads.trimEnd().split('\n');
    assert(lines.length === study.heads.length + 1 && lines[0].startsWith('layer,head,rows,energy90_mean'), heads);
    assert(Number(lines[1].split(',')[3]) === study.heads[0].energy90.mean, `not full precision: ${lines[1]}`);
    const svg = await download(page, atlas.locator('[data-export="svg"]'));
    const seen = await inspectSvg(page, svg.bytes.toString('utf8'));
    assert(!seen.error && seen.text.includes('measured 2–11'), `atlas SVG: ${seen.error ?? seen.text.slice(0, 200)}`);
    const png = await download(page, page.locator('#corpus-energy-figure [data-export="png"]'));
    assert(pngSize(png.bytes).width > 300, 'the energy90 figure as PNG');
    await page.locator('#open-result-file').setInputFiles(join(dir, 'broken.json'));
    await page.locator('#error').waitFor({ state: 'visible' });
    const error = (await page.locator('#error').innerText()).trim();
    const said = 'broken.json: not a study over a corpus: heads[3].energy90.mean is "x", not a number.';
    assert(error.includes(said) && !error.includes('\n'), `the refusal: ${error}`);
    assert((await page.locator('[data-figure]').count()) > 0, 'a broken study lost the run’s figures');
    await page.locator('#corpus-close').click();
    assert((await page.locator('#corpus-results').count()) === 0, 'Close left the study');
    await page.close();
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

export const corpusTests = tests;
