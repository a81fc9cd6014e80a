// SPDX-License-Identifier: Apache-2.0
// What a reader sees, checked on the built site: no internal code in any visible text (E1, U1, LB-…,
// "spec" with a section sign), at most 8 legend rows a figure, no two text boxes of a figure overlapping, on a
// desktop, a phone and in an embed. How the page behaves for a reader (cards, phone sheet, status, address, Stop,
// glossary, Embed dialog) is reader-page.mjs.
import { assert, open, SHOWN, waitForStatus } from './helpers.mjs';
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
          // math, and code to copy (BibTeX, commands)
          copy.querySelectorAll('.katex, script, style, pre, code, textarea').forEach((el) => el.remove());
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
      // Marks a label must leave readable: dots of a line or scatter (not a dense cloud) and the triangles on the
      // frame's edge.
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
  test(
    `readers (${name}): every experiment's first preset shows no internal code, code word or raw TeX, ` +
      `reads its figures by their axes, at most 8 legend rows a figure, and no overlapping figure text`,
    async ({ context, base }) => {
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
    },
  );
}

export const readerTests = tests;
