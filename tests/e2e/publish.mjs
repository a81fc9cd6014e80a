// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the publishing side, run by run.mjs: the "Reproduce elsewhere" lines run as
// shown and give the page's numbers; "Open result…" draws a native-CLI result with the same figure
// data as a live run of its link; bad files are refused with one line and lose nothing; the exported
// envelope opens back; "Cite this" names each family's paper.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import {
  assert,
  download,
  headless,
  linkParams,
  open,
  resultJson,
  root,
  shots,
  SHOWN,
  waitForStatus,
} from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const native = (id, params) =>
  execFileSync(join(root, 'build/native/attnlab'), [id, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Every figure's id and its JSON export's data (what the figure is drawn from). */
async function figureData(page) {
  const out = {};
  const figures = page.locator('[data-figure]');
  for (let f = 0; f < (await figures.count()); f++) {
    const figure = figures.nth(f);
    const id = await figure.getAttribute('data-figure');
    out[id] = JSON.parse(
      (await download(page, figure.locator('button[data-export="json"]'))).bytes.toString('utf8'),
    ).data;
  }
  return out;
}

const headlineTexts = (page) =>
  page.locator('#headline [data-key]').evaluateAll((els) => els.map((e) => `${e.dataset.key}=${e.textContent}`));

// One experiment of each of two families, with non-default parameters.
const LINKS = ['#exp=attention-map&v=3&n=200&beta=12&geometry=ball&seed=7', '#exp=rank-n&v=3&seed=3'];

for (const link of LINKS) {
  const id = link.match(/exp=([^&]+)/)[1];
  test(
    `${id}: the shown CLI line runs as shown, and its result ` + `opened from a file draws the live run's figure data`,
    async ({ context, base }) => {
      const { page, problems } = await open(context, base, link);
      await waitForStatus(page, 'done', 120_000);
      const live = await resultJson(page);
      const liveFigures = await figureData(page);
      const liveHeadline = await headlineTexts(page);

      // The commands: exactly the pairs of the page's (canonical) link; the native line, run by a shell
      // from the checkout, gives the page's numbers.
      const canonical = await page.evaluate(() => location.hash);
      const pairs = Object.entries(linkParams(canonical))
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      const nativeLine = (await page.locator('#command-native').textContent()).trim();
      const labLine = (await page.locator('#command-lab').textContent()).trim();
      assert(nativeLine === `./build/native/attnlab ${id} ${pairs}`, `native line: ${nativeLine}`);
      assert(labLine === `npm run lab -- ${id} ${pairs}`, `lab line: ${labLine}`);
      const text = execFileSync('sh', ['-c', nativeLine], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const cli = JSON.parse(text);
      const vsPage = differences(cli, live);
      assert(vsPage.length === 0, `the CLI line's result differs from the page: ${vsPage.slice(0, 3).join('; ')}`);
      const vsLab = differences(cli, headless(id, linkParams(link)));
      assert(vsLab.length === 0, `npm run lab's result differs: ${vsLab.slice(0, 3).join('; ')}`);

      // Open the CLI's output in the page.
      mkdirSync(join(shots, 'files'), { recursive: true });
      const file = join(shots, 'files', `${id}.cli.json`);
      writeFileSync(file, text);
      const hash = await page.evaluate(() => location.hash);
      await page.locator('#open-result-file').setInputFiles(file);
      await waitForStatus(page, 'opened', 30_000);
      const note = await page.locator('#opened-from').innerText();
      assert(note.includes(`${id}.cli.json`), `no "opened from file" note: ${note}`);
      const captions = await page.locator('[data-figure] .stamp').allInnerTexts();
      assert(
        captions.length > 0 && captions.every((c) => c.includes(`opened from file ${id}.cli.json`)),
        `figure stamps: ${captions.join(' | ')}`,
      );
      const opened = await resultJson(page);
      assert(differences(cli, opened, { rel: 0, absFloor: 0 }).length === 0, "#result-json is not the file's result");
      const openedFigures = await figureData(page);
      assert(
        Object.keys(openedFigures).join() === Object.keys(liveFigures).join(),
        `figures ${Object.keys(openedFigures)} vs live ${Object.keys(liveFigures)}`,
      );
      for (const [figure, data] of Object.entries(liveFigures)) {
        const diff = differences(data, openedFigures[figure]);
        assert(
          diff.length === 0,
          `${figure}: the opened file's figure data differ from the live run's: ${diff.slice(0, 3).join('; ')}`,
        );
      }
      const openedHeadline = await headlineTexts(page);
      assert(
        openedHeadline.join() === liveHeadline.join(),
        `headline ${openedHeadline.join(' ')} vs live ${liveHeadline.join(' ')}`,
      );
      assert((await page.evaluate(() => location.hash)) === hash, 'opening a file changed the URL');
      await page.screenshot({ path: join(shots, `opened-${id}.png`), fullPage: true });
      await page.close();
      return problems;
    },
  );
}

test(
  'Open result… refuses a malformed and a mismatching file with one named ' +
    'line, offers a choice, keeps the figures; the exported envelope opens back',
  async ({ context, base }) => {
    const link = '#exp=attention-map&v=3&n=64&seed=2';
    const { page, problems } = await open(context, base, link);
    await waitForStatus(page, 'done');
    const before = await resultJson(page);
    const dir = join(shots, 'files');
    mkdirSync(dir, { recursive: true });

    writeFileSync(join(dir, 'cut.json'), '{"n": 64, "singularValues": [1, 2');
    await page.locator('#open-result-file').setInputFiles(join(dir, 'cut.json'));
    await page.locator('#error').waitFor({ state: 'visible' });
    const parseError = (await page.locator('#error').innerText()).trim();
    assert(
      /^Error: cut\.json: not valid JSON \(/.test(parseError) && !parseError.includes('\n'),
      `parse error: ${parseError}`,
    );
    assert(
      (await page.locator('[data-figure]').count()) > 0 && differences(before, await resultJson(page)).length === 0,
      'a bad file lost the figures',
    );

    writeFileSync(join(dir, 'typed.json'), JSON.stringify({ ...before, effectiveRank: 'high' }));
    await page.locator('#open-result-file').setInputFiles(join(dir, 'typed.json'));
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('typed.json'));
    const shapeError = (await page.locator('#error').innerText()).trim();
    assert(
      shapeError.includes('closest is attention-map: effectiveRank: expected number, got "high"'),
      `shape error: ${shapeError}`,
    );
    assert(await page.locator('#open-as').isVisible(), 'no choice of experiment is offered');
    await page.locator('#open-as').selectOption('attention-map');
    // the core judges the file in a worker: the new line comes a moment later
    await page.locator('#open-as-go').click();
    await page.waitForFunction(() =>
      document.getElementById('error').textContent.includes('not a attention-map result'),
    );
    const chosenError = (await page.locator('#error').innerText()).trim();
    assert(
      chosenError.includes('not a attention-map result: effectiveRank: expected number'),
      `chosen: ${chosenError}`,
    );
    assert(
      differences(before, await resultJson(page)).length === 0 &&
        (await page.evaluate(() => document.body.dataset.status)) === 'done',
      'a refused file changed the page',
    );

    // A file that fits the shape but holds values the experiment's checks refuse: refused by name, nothing drawn.
    writeFileSync(
      join(dir, 'values.json'),
      JSON.stringify({ attnlab: '0.2.0', experiment: 'attention-map', result: { ...before, effectiveRank: 1e308 } }),
    );
    await page.locator('#open-result-file').setInputFiles(join(dir, 'values.json'));
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('values.json'));
    const valueError = (await page.locator('#error').innerText()).trim();
    assert(
      valueError.includes('result.effectiveRank = 1e+308 is outside [0, 4096]') &&
        valueError.includes('Nothing was drawn'),
      `value error: ${valueError}`,
    );
    assert(
      await page.locator('#notice').isHidden(),
      `a notice outlives the refusal: ${await page.locator('#notice').textContent()}`,
    );
    assert(differences(before, await resultJson(page)).length === 0, 'a refused file changed the figures');

    const exported = await download(page, page.locator('#export-result'));
    const envelope = JSON.parse(exported.bytes.toString('utf8'));
    assert(
      envelope.experiment === 'attention-map' &&
        envelope.params.n === 64 &&
        envelope.params.seed === 2 &&
        typeof envelope.attnlab === 'string',
      `envelope: ${JSON.stringify(envelope).slice(0, 160)}`,
    );
    const path = join(dir, exported.name);
    writeFileSync(path, exported.bytes);
    await page.goto(`${base}#exp=rank-n&v=3&seed=1`);
    await waitForStatus(page, SHOWN, 120_000);
    await page.locator('#open-result-file').setInputFiles(path);
    await waitForStatus(page, 'opened');
    assert(
      (await page.locator('#experiment').inputValue()) === 'attention-map' &&
        (await page.locator('#param-n').inputValue()) === '64',
      'the envelope did not restore its experiment and parameters',
    );
    assert(differences(before, await resultJson(page)).length === 0, "the envelope's result is not the exported one");
    assert(
      await page.locator('#error').isHidden(),
      `error after opening the envelope: ${await page.locator('#error').textContent()}`,
    );
    // The page keeps working: Run computes the panel's (the envelope's) parameters live, and the file's mark goes.
    await page.locator('#run').click();
    await waitForStatus(page, 'done');
    assert(
      differences(before, await resultJson(page)).length === 0,
      'Run after opening the envelope did not reproduce its result',
    );
    assert(await page.locator('#opened-from').isHidden(), 'the "opened from file" note stays over a live run');
    assert(
      (await page.evaluate(() => location.hash)).includes('exp=attention-map'),
      'the live run did not write its link',
    );
    await page.close();
    return problems;
  },
);

test("Cite this shows the BibTeX of each family's paper and of attnlab", async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=64&seed=1');
  await waitForStatus(page, 'done');
  for (const [id, arxiv, type] of [
    ['sparse-approx', '2106.03764', 'inproceedings'],
    ['rmt-spectrum', '2605.06826', 'misc'],
    ['rank-n', '2608.28150', 'misc'],
  ]) {
    await page.goto(`${base}#exp=${id}&v=3&seed=1`);
    await waitForStatus(page, SHOWN, 120_000);
    const paper = await page.locator('#bibtex-paper').textContent();
    assert(
      paper.startsWith(`@${type}{`) && paper.includes(`eprint        = {${arxiv}}`),
      `${id}: paper BibTeX: ${paper.slice(0, 200)}`,
    );
    const self = await page.locator('#bibtex-attnlab').textContent();
    assert(
      self.startsWith('@software{attnlab') && self.includes(`url     = {${base}}`),
      `${id}: attnlab BibTeX: ${self}`,
    );
  }
  await page.locator('#cite button[data-copy="paper"]').click();
  await page.waitForFunction(() => document.querySelector('#cite [role="status"]')?.textContent);
  await page.close();
  return problems;
});

export const publishTests = tests;
