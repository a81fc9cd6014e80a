// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the figures' data as text, run by run.mjs: each figure's "Table" toggle opens an
// HTML table whose header and cells are the CSV export's (capped at 200 rows, with the count), and
// whose values are #result-json's; the table stays available with hide=export in embed mode; the
// attention heatmap is reachable by keyboard and its readout names the matrix entry under the cursor.
import { join } from 'node:path';
import { assert, download, open, resultJson, shots, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const LINK = '#exp=attention-map&v=3&n=64&beta=4&seed=3';
const CAP = 200;

/** The CSV export's header and data rows (comment lines dropped). */
async function csvRows(page, figure) {
  const text = (await download(page, figure.locator('button[data-export="csv"]'))).bytes.toString('utf8');
  const [header, ...rows] = text
    .trimEnd()
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .map((l) => l.split(','));
  return { header, rows };
}

/** Opens a figure's table; returns its caption, header cells and each row's data-value cells. */
async function openTable(figure) {
  const toggle = figure.locator('button[data-table-toggle]');
  assert((await toggle.getAttribute('aria-expanded')) === 'false', 'the Table toggle starts expanded');
  await toggle.click();
  assert((await toggle.getAttribute('aria-expanded')) === 'true', 'the Table toggle did not set aria-expanded=true');
  const panel = figure.page().locator(`#${await toggle.getAttribute('aria-controls')}`);
  assert(await panel.isVisible(), 'the region named by aria-controls is not visible');
  return panel.evaluate((el) => ({
    caption: el.querySelector('caption')?.textContent ?? '',
    headers: [...el.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')]),
    rows: [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((td) => td.dataset.value)),
  }));
}

test(
  "tables: every figure's Table shows its CSV export's header and " +
    "first rows (at most 200, with the count) and #result-json's values",
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, LINK);
    await waitForStatus(page, 'done');
    const result = await resultJson(page);
    const figures = page.locator('[data-figure]');
    for (let f = 0; f < (await figures.count()); f++) {
      const figure = figures.nth(f);
      const id = await figure.getAttribute('data-figure');
      const csv = await csvRows(page, figure);
      const table = await openTable(figure);
      assert(
        JSON.stringify(table.headers) === JSON.stringify(csv.header.map((c) => [c, 'col'])),
        `${id}: headers ${JSON.stringify(table.headers)} vs CSV ${csv.header}`,
      );
      assert(
        table.rows.length === Math.min(CAP, csv.rows.length),
        `${id}: ${table.rows.length} rows shown of the CSV's ${csv.rows.length}`,
      );
      const count = csv.rows.length > CAP ? `showing ${CAP} of ${csv.rows.length} rows` : `${csv.rows.length} rows`;
      assert(table.caption.includes(count), `${id}: caption '${table.caption}' does not say '${count}'`);
      table.rows.forEach((row, r) =>
        assert(row.join(',') === csv.rows[r].join(','), `${id} row ${r}: table ${row} vs CSV ${csv.rows[r]}`),
      );
      // The values are the run's own numbers, at full precision.
      const column = (c) => table.rows.map((row) => Number(row[c]));
      if (id === 'attention')
        assert(
          column(2).every((v, k) => v === result.heatmap.data[k]),
          'attention: table p differs from #result-json heatmap.data',
        );
      if (id === 'singular-values')
        assert(
          column(1).every((v, k) => v === result.singularValues[k]),
          'singular-values: table differs from #result-json',
        );
      if (id === 'row-entropy')
        assert(
          column(1).every((v, k) => v === result.rowEntropy[k]),
          'row-entropy: table differs from #result-json',
        );
    }
    await page.screenshot({ path: join(shots, 'tables.png'), fullPage: true });
    // Closing hides the region again.
    const toggle = figures.first().locator('button[data-table-toggle]');
    await toggle.click();
    assert((await toggle.getAttribute('aria-expanded')) === 'false', 'a second click did not close the table');
    assert(
      await page.locator(`#${await toggle.getAttribute('aria-controls')}`).isHidden(),
      'the closed table is still shown',
    );
    await page.close();
    return problems;
  },
);

test('tables: in embed mode with hide=export the Table toggle stays, without the "export CSV" hint', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, `${LINK}&embed=1&hide=export`);
  await waitForStatus(page, 'done');
  const figure = page.locator('[data-figure="attention"]');
  assert(await figure.locator('button[data-export="csv"]').isHidden(), 'hide=export left the export buttons');
  const table = await openTable(figure);
  assert(
    table.rows.length === CAP && table.caption.includes(`showing ${CAP} of 4096 rows`),
    `embed table: ${table.rows.length} rows, '${table.caption}'`,
  );
  assert(
    await figure.locator('caption [data-ui="export"]').isHidden(),
    'the "export CSV for all" hint shows although the export buttons are hidden',
  );
  await page.close();
  return problems;
});

test(
  'heatmap keyboard: the matrix takes focus, arrows/Home/End/PageDown ' +
    'move a cursor and the readout and live region give that entry of P',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, LINK);
    await waitForStatus(page, 'done');
    const { heatmap } = await resultJson(page);
    const canvas = page.locator('[data-figure="attention"] canvas');
    const label = await canvas.getAttribute('aria-label');
    assert(
      /64 × 64/.test(label) && (await canvas.getAttribute('tabindex')) === '0',
      `canvas aria-label '${label}', tabindex ${await canvas.getAttribute('tabindex')}`,
    );
    await canvas.focus();
    const readout = page.locator('[data-figure="attention"] .heatmap-readout');
    const live = page.locator('[data-figure="attention"] [aria-live]');
    const at = async () =>
      readout.evaluate((el) => ({
        row: Number(el.dataset.row),
        col: Number(el.dataset.col),
        value: Number(el.dataset.value),
        text: el.textContent,
      }));
    const expectCell = async (row, col, step) => {
      const shown = await at();
      assert(
        shown.row === row && shown.col === col,
        `after ${step}: cursor at (${shown.row}, ${shown.col}), want (${row}, ${col})`,
      );
      const p = heatmap.data[row * heatmap.cols + col];
      assert(shown.value === p, `after ${step}: readout value ${shown.value}, #result-json P[${row}][${col}] = ${p}`);
      assert(
        shown.text.includes(`query i ${row}, key j ${col}`) &&
          Math.abs(Number(shown.text.split('= ').pop()) - p) <= 5e-4 * p,
        `after ${step}: readout '${shown.text}'`,
      );
      assert(
        (await live.textContent()) === shown.text,
        `after ${step}: the live region says '${await live.textContent()}'`,
      );
      assert(
        await page.locator('[data-figure="attention"] .heatmap-cursor').isVisible(),
        `after ${step}: no visible cursor`,
      );
    };
    await expectCell(0, 0, 'focus');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expectCell(1, 2, 'Right Right Down');
    await page.keyboard.press('PageDown');
    await expectCell(7, 2, 'PageDown'); // a tenth of 64 rows, rounded: 6
    await page.keyboard.press('End');
    await expectCell(7, 63, 'End');
    await page.keyboard.press('Control+End');
    await expectCell(63, 63, 'Ctrl+End');
    await page.keyboard.press('ArrowDown'); // stays on the grid
    await expectCell(63, 63, 'Down at the last row');
    await page.keyboard.press('Home');
    await expectCell(63, 0, 'Home');
    const scrollY = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('PageUp');
    await expectCell(57, 0, 'PageUp');
    assert((await page.evaluate(() => window.scrollY)) === scrollY, 'PageUp on the heatmap scrolled the page');
    await page.locator('[data-figure="attention"]').screenshot({ path: join(shots, 'heatmap-cursor.png') });
    await page.close();
    return problems;
  },
);

export const tableTests = tests;
