// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of what a new user takes away, run by run.mjs: short notices that echo little of a bad value,
// exports that carry one figure each with a complete footer, and explanations that cite their paper.
// Each test is { name, fn({ context, base }) -> problems[] } like run.mjs's own.
import { assert, explanation, download, open, resultJson, SHOWN, waitForStatus } from './helpers.mjs';

const SMALL = '#exp=attention-map&v=3&n=300&seed=7';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('a notice echoes at most ~80 characters of a bad value, on one line of at most ~200', async ({
  context,
  base,
}) => {
  const junk = 'x'.repeat(500);
  const { page, problems } = await open(
    context,
    base,
    `#exp=attention-map&v=3&geometry=${junk}&px=${'9'.repeat(300)}&${'k'.repeat(300)}=1&seed=7`,
  );
  await waitForStatus(page, 'done');
  const items = await page.locator('#notice li').allInnerTexts();
  assert(items.length >= 2, `expected notices for geometry and px: ${items.join(' | ')}`);
  for (const item of items) {
    assert(item.length <= 200, `a notice is ${item.length} characters long: ${item.slice(0, 120)}…`);
    assert(
      !/x{81}|9{81}|k{81}/.test(item),
      `a notice echoes more than 80 characters of a bad value: ${item.slice(0, 120)}…`,
    );
  }
  assert(
    items.some((i) => i.includes('…')),
    `no value was cut with "…": ${items.join(' | ')}`,
  );
  await page.close();
  return problems;
});

test("each figure's JSON holds that figure's data only, and the exported SVG footer fits inside the figure", async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=1024&seed=7');
  await waitForStatus(page, 'done');
  const whole = JSON.stringify(await resultJson(page)).length;
  for (const id of ['attention', 'singular-values', 'row-entropy']) {
    const figure = page.locator(`[data-figure="${id}"]`);
    const json = JSON.parse(
      (await download(page, figure.locator('button[data-export="json"]'))).bytes.toString('utf8'),
    );
    assert(
      json.meta?.figure === id && json.params?.seed === 7 && json.params?.n === 1024,
      `${id}.json meta/params: ${JSON.stringify(json.meta).slice(0, 120)}`,
    );
    assert(!('result' in json) && json.data, `${id}.json has no per-figure data: keys ${Object.keys(json)}`);
    const size = JSON.stringify(json.data).length;
    if (id === 'singular-values')
      assert(
        json.data.rows?.length === 1024 && json.data.columns?.length === 2,
        `${id}.json: ${json.data.rows?.length} rows`,
      );
    if (id === 'row-entropy') assert(json.data.rows?.length === 1024, `${id}.json: ${json.data.rows?.length} rows`);
    if (id !== 'attention')
      assert(size < whole / 4, `${id}.json data is ${size} characters, the whole result ${whole}`);

    // The footer (stamp caption) is complete: every caption line ends inside the figure.
    const svg = (await download(page, figure.locator('button[data-export="svg"]'))).bytes.toString('utf8');
    const overflow = await page.evaluate((markup) => {
      const holder = document.createElement('div');
      // Text only: the embedded heatmap PNG (a data: image) is left out, as the page's strict img-src would refuse it.
      holder.innerHTML = markup.replace(/^<\?xml[^>]*>/, '').replace(/<image\b[^>]*>(<\/image>)?/g, '');
      document.body.append(holder);
      const root = holder.querySelector('svg');
      const width = Number(root.getAttribute('width'));
      const lines = [...root.querySelectorAll(':scope > text')].filter((t) => t.getAttribute('font-size') === '9');
      const worst = Math.max(...lines.map((t) => Number(t.getAttribute('x')) + t.getComputedTextLength() - width));
      holder.remove();
      return { worst, lines: lines.length, text: lines.map((t) => t.textContent).join('') };
    }, svg);
    assert(
      overflow.lines > 0 && overflow.worst <= 0,
      `${id}.svg: a footer line runs ${Math.round(overflow.worst)} px past the edge`,
    );
    for (const part of ['budget=1024', 'seed 7', 'exp=attention-map'])
      assert(overflow.text.includes(part), `${id}.svg footer lacks ${part}: ${overflow.text.slice(0, 160)}`);
  }
  await page.close();
  return problems;
});

test("each experiment's explanation cites its paper (authors, title, arXiv link) and no internal document", async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, SMALL);
  await waitForStatus(page, 'done');
  const ids = await page.locator('#experiment option').evaluateAll((options) => options.map((o) => o.value));
  for (const id of ids) {
    await page.goto(`${base}#exp=${id}&v=3&seed=1`);
    await waitForStatus(page, SHOWN, 120_000);
    await explanation(page);
    const text = await page.locator('#explain, #figures, #headline').allInnerTexts();
    const internal = text.join(' ').match(/\bspec\b[^.]{0,12}§\s*[\d.]+|\bspec[ ]paper\d/i);
    assert(!internal, `${id}: the page cites an internal document: "${internal?.[0]}"`);
    const link = page.locator('#explain a[href^="https://arxiv.org/abs/"]');
    assert((await link.count()) === 1, `${id}: the explanation has no arXiv link`);
    const reference = await page.locator('#explain .reference').innerText();
    assert(
      /“.+”/.test(reference) && /,/.test(reference.split('“')[0]),
      `${id}: the reference lacks authors or a title: ${reference}`,
    );
  }
  await page.close();
  return problems;
});

export const exportNoticeTests = tests;
