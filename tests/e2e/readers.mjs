// SPDX-License-Identifier: Apache-2.0
// What a reader sees, checked on the built site: no internal code in any visible text (E1, U1, LB-…,
// "spec" with a section sign), at most 8 legend rows a figure, no two text boxes of a figure overlapping, a gallery card
// that opens at the top with its first figure in view (desktop and phone), the first figure on a
// phone's first screen with the parameters in a sheet, status text that wraps instead of being cut,
// the address following every edit, a stopped run shown as partial, export names with the parameters,
// and the glossary's definitions on focus.
import { join } from 'node:path';
import { assert, download, open, shots, SHOWN, waitForStatus } from './helpers.mjs';
import { CODE_WORD, INTERNAL_CODE, MAX_LEGEND_ROWS, RAW_TEX } from './reader-rules.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The first preset card of every experiment, from the gallery (its links are the presets'). */
async function firstPresets(context, base) {
  const { page } = await open(context, base, '#gallery');
  await page.waitForSelector('#landing a.card');
  const cards = await page
    .locator('#landing a.card')
    .evaluateAll((els) => els.map((a) => ({ slug: a.dataset.slug, href: a.getAttribute('href') })));
  await page.close();
  const first = new Map();
  for (const c of cards) {
    const id = c.slug.replace(/-\d+$/, '');
    if (!first.has(id)) first.set(id, c);
  }
  return [...first.entries()].map(([id, c]) => ({ id, ...c }));
}

/**
 * Visible text of the lab (title, panel, results, figure summaries), each line that carries an internal code, code
 * where words belong (camelCase names, "(source = zoo)", the worker pool) or raw TeX. Typeset math (KaTeX) is left out:
 * its hidden MathML copy holds the TeX source for screen readers.
 */
async function codedLines(page) {
  const text = await page.evaluate(() => {
    const roots = [...document.querySelectorAll('.layout, #experiment-title, #experiment-summary')];
    return (
      roots
        .map((root) => {
          const copy = root.cloneNode(true);
          copy.querySelectorAll('.katex, script, style, pre, code, textarea').forEach((el) => el.remove()); // math, and code to copy (BibTeX, commands)
          document.body.append(copy); // innerText needs layout; the copy is removed at once
          const words = copy.innerText;
          copy.remove();
          return words;
        })
        .join('\n') +
      '\n' +
      [...document.querySelectorAll('.figure-summary')].map((el) => el.textContent).join('\n')
    );
  });
  const attributes = await page.evaluate(() =>
    [...document.querySelectorAll('.layout [title], .layout [aria-label]')]
      .map((el) => `${el.getAttribute('title') ?? ''} ${el.getAttribute('aria-label') ?? ''}`)
      .join('\n'),
  );
  return `${text}\n${attributes}`
    .split('\n')
    .filter((line) => INTERNAL_CODE.test(line) || CODE_WORD.test(line) || RAW_TEX.test(line));
}

/** Figures with labelled axes whose screen-reader summary does not read those axes (a summary of column names). */
async function columnSummaries(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-figure]')]
      .filter((f) => f.querySelector('[aria-label="x-axis label"], [aria-label="y-axis label"]'))
      .filter((f) => !/^(Horizontal|Vertical) axis: /.test(f.querySelector('.figure-summary')?.textContent ?? ''))
      .map((f) => `${f.dataset.figure}: "${(f.querySelector('.figure-summary')?.textContent ?? '').slice(0, 80)}"`),
  );
}

/**
 * Per figure: legend rows, the pairs of overlapping text boxes (SVG text, measured as drawn), and the labels drawn over
 * a mark (a data dot or an edge triangle): tags, end labels and edge-mark labels, not the axes' own tick labels.
 */
async function figureText(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-figure]')].map((figure) => {
      const legendRows = Math.max(
        0,
        ...[...figure.querySelectorAll('svg.legend:not(.color-legend)')].map(
          (l) => l.querySelectorAll('[role="listitem"]').length,
        ),
      );
      const texts = [...figure.querySelectorAll('.figure-body svg text')].filter(
        (t) => t.textContent.trim() && t.getClientRects().length,
      );
      const boxes = texts
        .map((t) => ({
          text: t.textContent.trim(),
          r: t.getBoundingClientRect(),
          axis: Boolean(t.closest('[aria-label$="tick label"], [aria-label$="axis label"]')),
        }))
        .filter((b) => b.r.width > 0 && b.r.height > 0);
      const cross = (a, b, margin) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > margin &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > margin;
      const overlaps = [];
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          if (cross(boxes[i].r, boxes[j].r, 1.5)) overlaps.push(`"${boxes[i].text}" × "${boxes[j].text}"`);
      // Marks a label must leave readable: dots of a line or scatter (not a dense cloud) and the triangles on the frame's edge.
      const dots = [...figure.querySelectorAll('.figure-body svg circle')]
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.width >= 4);
      const marks = [
        ...(dots.length <= 200 ? dots : []),
        ...[...figure.querySelectorAll('.figure-body svg .axis-mark path')].map((p) => p.getBoundingClientRect()),
      ];
      const onMarks = boxes.filter((b) => !b.axis && marks.some((m) => cross(b.r, m, 2))).map((b) => `"${b.text}"`);
      return { id: figure.dataset.figure, legendRows, overlaps, onMarks };
    }),
  );
}

const EMBED = { width: 700, height: 768 };

for (const [name, viewport, embed] of [
  ['desktop 1366×768', DESKTOP, false],
  ['phone 390×844', PHONE, false],
  ['a 700 px embed', EMBED, true],
]) {
  test(`readers (${name}): every experiment's first preset shows no internal code, code word or raw TeX, reads its figures by their axes, at most 8 legend rows a figure, and no overlapping figure text`, async ({
    context,
    base,
  }) => {
    const failures = [];
    for (const preset of await firstPresets(context, base)) {
      const { page, problems } = await open(context, base, embed ? `${preset.href}&embed=1` : preset.href);
      await page.setViewportSize(viewport);
      await waitForStatus(page, SHOWN, 240_000);
      await page.waitForTimeout(150); // the glossary's annotation and the summaries come a frame later
      const coded = await codedLines(page);
      if (coded.length) failures.push(`${preset.id}: code in "${coded[0].trim().slice(0, 120)}"`);
      for (const s of await columnSummaries(page)) failures.push(`${preset.id}/${s}: summary not in the axes' words`);
      for (const f of await figureText(page)) {
        if (f.legendRows > MAX_LEGEND_ROWS) failures.push(`${preset.id}/${f.id}: ${f.legendRows} legend rows`);
        if (f.overlaps.length)
          failures.push(`${preset.id}/${f.id}: overlapping text ${f.overlaps.slice(0, 2).join(', ')}`);
        if (f.onMarks.length)
          failures.push(`${preset.id}/${f.id}: a label over a mark: ${f.onMarks.slice(0, 2).join(', ')}`);
      }
      failures.push(...problems.map((p) => `${preset.id}: ${p}`));
      await page.close();
    }
    assert(failures.length === 0, `${failures.length} problems: ${failures.slice(0, 8).join(' | ')}`);
  });
}

/** The first figure's top, relative to the viewport, and the page's scroll position. */
const firstFigure = (page) =>
  page.evaluate(() => ({
    top: document.querySelector('[data-figure]')?.getBoundingClientRect().top ?? Infinity,
    scrollY,
    innerHeight,
  }));

for (const viewport of [DESKTOP, PHONE]) {
  test(`readers: a gallery card of each paper opens at the top with its first figure in view (${viewport.width}×${viewport.height})`, async ({
    context,
    base,
  }) => {
    const { page, problems } = await open(context, base, '#gallery');
    await page.setViewportSize(viewport);
    for (const slug of ['sparse-approx-1', 'rmt-spectrum-1', 'rank-beta-1']) {
      await page.evaluate(() => {
        location.hash = '#gallery';
      });
      const card = page.locator(`#landing a.card[data-slug="${slug}"]`);
      await card.scrollIntoViewIfNeeded();
      assert(
        (await page.evaluate(() => scrollY)) > 0 || slug === 'sparse-approx-1',
        `the gallery did not scroll to ${slug}`,
      );
      await card.click();
      await waitForStatus(page, SHOWN, 120_000);
      const at = await firstFigure(page);
      assert(at.scrollY === 0, `${slug} opened ${at.scrollY} px down the page`);
      assert(
        at.top >= 0 && at.top < at.innerHeight - 100,
        `${slug}: its first figure starts at ${Math.round(at.top)} px on a ${at.innerHeight} px screen`,
      );
    }
    await page.screenshot({ path: join(shots, `card-open-${viewport.width}.png`) });
    await page.close();
    return problems;
  });
}

test('readers: on a phone the figures come first and the parameters are a sheet opened next to Run', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#gallery');
  await page.setViewportSize(PHONE);
  const landing = await page.evaluate(
    () => document.querySelector('#landing a.card')?.getBoundingClientRect().top ?? Infinity,
  );
  assert(
    landing < 2 * PHONE.height,
    `the landing page's first card starts ${Math.round(landing)} px down (more than two screens)`,
  );
  for (const id of ['rank-beta', 'rmt-spectrum', 'sparse-dmin']) {
    await page.evaluate((x) => {
      location.hash = `#exp=${x}`;
    }, id);
    await waitForStatus(page, [...SHOWN, 'waiting'], 120_000);
    const at = await firstFigure(page);
    assert(
      at.top < PHONE.height - 120,
      `${id}: the first figure starts at ${Math.round(at.top)} px on a ${PHONE.height} px phone`,
    );
  }
  assert(!(await page.locator('#params-form').isVisible()), 'the parameter panel is open before it is asked for');
  await page.locator('#sheet-toggle').click();
  assert(await page.locator('#params-form').isVisible(), 'the Parameters button does not open the panel');
  assert(
    (await page.locator('#sheet-toggle').getAttribute('aria-expanded')) === 'true',
    'the Parameters button does not say it is expanded',
  );
  await page.screenshot({ path: join(shots, 'phone-sheet.png') });
  await page.locator('#run').click();
  assert(!(await page.locator('#params-form').isVisible()), 'Run leaves the sheet over the figures');
  await page.close();
  return problems;
});

test('readers: status text wraps instead of being cut at 390, 768, 1366 and 1920 px', async ({ context, base }) => {
  const { page, problems } = await open(context, base, '#exp=rank-beta');
  const cut = [];
  for (const width of [390, 768, 1366, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    for (const link of ['#exp=rank-beta', '#exp=attention-map&v=3&n=4096&beta=50&seed=3']) {
      await page.evaluate((l) => {
        location.hash = l;
      }, link);
      await waitForStatus(page, [...SHOWN, 'waiting'], 120_000);
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('#progress-text, #notice li, .precomputed-mark, .stale-note p')]
          .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.id || el.className}: "${el.textContent.trim().slice(0, 60)}"`),
      );
      cut.push(...clipped.map((c) => `${width} px ${c}`));
    }
  }
  assert(cut.length === 0, `cut text: ${cut.slice(0, 4).join(' | ')}`);
  await page.close();
  return problems;
});

test('readers: the address follows an edit before Run, Copy link says the figures are from other parameters, exports are named by their parameters', async ({
  context,
  base,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page, problems } = await open(context, base, '#exp=attention-map&v=3&n=128&seed=2');
  await waitForStatus(page, 'done');
  await page.locator('#param-beta').fill('9');
  await page.waitForFunction(() => /[#&]beta=9(&|$)/.test(location.hash), null, { timeout: 2_000 });
  assert((await page.evaluate(() => document.body.dataset.status)) === 'done', 'the edit started a run');
  await page.locator('#copy-link').click();
  // The notice comes once the clipboard write resolves (asynchronous): wait for it, not for a fixed time.
  await page
    .waitForFunction(() => (document.getElementById('notice')?.innerText ?? '').trim().length > 0, null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const notice = (await page.locator('#notice').innerText()).trim();
  assert(/other parameters/.test(notice), `Copy link after an edit says: ${notice}`);
  await page.locator('#run').click();
  await waitForStatus(page, 'done');
  const file = await download(page, page.locator('[data-figure] button[data-export="svg"]').first());
  assert(
    /^attention-map_(?:.*_)?beta=9_(?:.*_)?n=128_seed=2_[a-z-]+\.svg$/.test(file.name),
    `exported as ${file.name}`,
  );
  await page.close();
  return problems;
});

test("readers: Stop keeps what finished as this run's partial result, not as outdated", async ({ context, base }) => {
  const { page, problems } = await open(
    context,
    base,
    '#exp=sparse-dmin&v=3&ns=256,384,512,640,768,896,1024&seeds=3&seed=4',
  );
  await waitForStatus(page, ['running', 'waiting'], 30_000);
  if ((await page.evaluate(() => document.body.dataset.status)) === 'waiting') await page.locator('#run').click();
  await page.waitForSelector('[data-partial="running"]', { timeout: 60_000 });
  await page.locator('#stop').click();
  await waitForStatus(page, 'stopped', 10_000);
  assert(await page.locator('[data-partial="stopped"]').isVisible(), "the stopped run's result is not marked partial");
  assert(
    !(await page.locator('#stale-note').isVisible()),
    "the stopped run's own result is marked as from other parameters",
  );
  const status = await page.locator('#progress-text').innerText();
  assert(/partial, \d+ of \d+ jobs/.test(status), `status after Stop: ${status}`);
  await page.close();
  return problems;
});

test('readers: a glossary term shows its definition on focus; #glossary opens the glossary', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rmt-spectrum');
  await waitForStatus(page, SHOWN);
  const term = page.locator('dfn.term').first();
  await term.waitFor({ timeout: 5_000 });
  await term.focus();
  const tip = page.locator('#term-tip');
  assert(await tip.isVisible(), 'focusing a term shows no definition');
  assert((await tip.innerText()).length > 40, `the definition reads "${await tip.innerText()}"`);
  await page.evaluate(() => {
    location.hash = '#glossary';
  });
  await page.waitForSelector('#glossary', { state: 'visible' });
  const top = await page.evaluate(() => document.getElementById('glossary').getBoundingClientRect().top);
  assert(top < 200, `#glossary is ${Math.round(top)} px down the screen`);
  await page.close();
  return problems;
});

test("readers: the Embed dialog's snippet and Copy button are on a 1366×768 screen without scrolling", async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=rank-beta');
  await page.setViewportSize(DESKTOP);
  await waitForStatus(page, SHOWN);
  await page.locator('#embed-open').click();
  await page.waitForSelector('#embed-dialog[open]');
  const box = await page.locator('#embed-copy').boundingBox();
  assert(
    box && box.y >= 0 && box.y + box.height <= DESKTOP.height,
    `Copy is at y = ${box?.y} on a ${DESKTOP.height} px screen`,
  );
  await page.close();
  return problems;
});

export const readerTests = tests;
