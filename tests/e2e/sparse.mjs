// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the paper-1 experiments (sparse-dmin, sparse-approx), run by run.mjs.
// Each test is { name, fn({ context, base }) -> problems[] } like run.mjs's own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { differences } from './compare.mjs';
import {
  closeTo,
  assert,
  explanation,
  download,
  headless,
  inspectSvg,
  linkParams,
  open,
  parseCsv,
  pngSize,
  resultJson,
  shots,
  SHOWN,
  tableRows,
  waitForStatus,
} from './helpers.mjs';

// Long enough (about 1 s natively) that partial results are drawn: a run over in 300 ms is drawn once (engine/pool.ts).
const DMIN_LINK = '#exp=sparse-dmin&v=3&ns=512,1024,2048&step=16&seeds=2&seed=3';

/** Before the app starts: records what [data-key=jobsDone] and the d_min figure show while the run is live. */
function recordPartials() {
  window.__partials = [];
  new MutationObserver(() => {
    const cell = document.querySelector('[data-key="jobsDone"]');
    if (!cell || document.body?.dataset.status !== 'running') return;
    const seen = { text: cell.textContent, figure: Boolean(document.querySelector('[data-figure="dmin-vs-n"] svg')) };
    if (window.__partials.at(-1)?.text !== seen.text) window.__partials.push(seen);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test(
  'sparse-dmin: a small sweep draws partial results, then ' + 'the headless numbers in its table and #result-json',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, DMIN_LINK, { beforeLoad: recordPartials });
    await waitForStatus(page, 'done');
    const partials = await page.evaluate(() => window.__partials);
    const early = partials.filter((p) => /^[1-5] of 6$/.test(p.text));
    assert(early.length > 0, `no partial result was drawn before the end (saw ${JSON.stringify(partials)})`);
    assert(
      early.every((p) => p.figure),
      'a partial result was shown without the d_min figure',
    );

    const expected = headless('sparse-dmin', linkParams(DMIN_LINK));
    const shown = await resultJson(page);
    const diff = differences(expected, shown);
    assert(diff.length === 0, `#result-json differs from the headless run: ${diff.slice(0, 3).join('; ')}`);
    assert(shown.jobsDone === 6 && shown.jobsTotal === 6, `jobs ${shown.jobsDone} of ${shown.jobsTotal}, want 6 of 6`);

    const rows = await tableRows(page, 'dmin-table');
    const perN = expected.curves[0].perN;
    assert(rows.length === perN.length, `the table has ${rows.length} rows for ${perN.length} sequence lengths`);
    rows.forEach((row, k) => {
      const p = perN[k];
      assert(Number(row.n) === p.n, `row ${k}: n ${row.n} vs ${p.n}`);
      assert(
        row['d_min per seed'] === p.dmin.join(' '),
        `n=${p.n}: d_min per seed '${row['d_min per seed']}' vs ${p.dmin}`,
      );
      assert(closeTo(row.mean, p.mean, 5), `n=${p.n}: mean ${row.mean} vs ${p.mean}`);
      assert(closeTo(row.sd, p.sd, 4), `n=${p.n}: sd ${row.sd} vs ${p.sd}`);
      assert(Number(row.bound) === p.bound, `n=${p.n}: bound ${row.bound} vs ${p.bound}`);
    });
    const slope = page.locator('[data-key="slope"]');
    assert(
      closeTo((await slope.textContent()).replace('−', '-'), expected.fit.b, 4),
      `slope shows ${await slope.textContent()}, the fit gives ${expected.fit.b}`,
    );
    assert(
      Number(await slope.getAttribute('data-value')) === expected.fit.b,
      'slope data-value is not the full-precision fit',
    );
    // One mean dot per n in the chart (the legend's swatch is a separate SVG).
    const dots = await page.locator('[data-figure="dmin-vs-n"] svg:not(.legend) circle').count();
    assert(dots === perN.length, `the d_min chart draws ${dots} dots for ${perN.length} means`);
    await page.screenshot({ path: join(shots, 'sparse-dmin.png'), fullPage: true });
    await page.close();
    return problems;
  },
);

test('sparse-dmin: every figure exports stamped SVG (the table as text), PNG (2x), numeric CSV and JSON', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, DMIN_LINK);
  await waitForStatus(page, 'done');
  const result = await resultJson(page);
  const ids = await page.locator('[data-figure]').evaluateAll((els) => els.map((el) => el.dataset.figure));
  assert(ids.join() === 'dmin-vs-n,dmin-vs-bound,dmin-table', `figures: ${ids}`);
  for (const id of ids) {
    const button = (format) => page.locator(`[data-figure="${id}"] button[data-export="${format}"]`);
    const svg = await inspectSvg(page, (await download(page, button('svg'))).bytes.toString('utf8'));
    assert(!svg.error && svg.root === 'svg', `${id}.svg does not parse: ${svg.error ?? svg.root}`);
    const stamp = JSON.parse(svg.metadata || '{}');
    assert(stamp.experiment === 'sparse-dmin' && stamp.seed === 3, `${id}.svg stamp: ${svg.metadata.slice(0, 120)}`);
    if (id === 'dmin-table') {
      for (const p of result.perN)
        assert(svg.text.includes(String(p.bound)), `${id}.svg lacks the table's bound ${p.bound}`);
    }
    const png = pngSize((await download(page, button('png'))).bytes);
    assert(png.width === 2 * svg.width, `${id}.png is ${png.width} px wide for a ${svg.width} px figure`);

    const { comments, body } = parseCsv((await download(page, button('csv'))).bytes);
    assert(
      comments.some((l) => /seed\D*3\b/.test(l)),
      `${id}.csv header lacks the seed`,
    );
    const [header, ...records] = body;
    assert(header.includes('n') && header.includes('mean_dmin'), `${id}.csv header: ${header}`);
    assert(records.length === result.perN.length, `${id}.csv has ${records.length} rows for ${result.perN.length} n`);
    for (const row of records)
      assert(
        row.every((c) => c !== '' && Number.isFinite(Number(c))),
        `${id}.csv row is not numeric: ${row}`,
      );
    const mean = header.indexOf('mean_dmin');
    records.forEach((row, k) =>
      assert(Number(row[mean]) === result.perN[k].mean, `${id}.csv mean ${row[mean]} vs ${result.perN[k].mean}`),
    );

    const json = JSON.parse((await download(page, button('json'))).bytes.toString('utf8'));
    assert(
      json.meta?.experiment === 'sparse-dmin' && json.meta?.seed === 3,
      `${id}.json meta: ${JSON.stringify(json.meta).slice(0, 160)}`,
    );
  }
  await page.close();
  return problems;
});

test('sparse-approx: the default d passes, d = 32 fails with its rows marked, and the formulas are typeset', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, '#exp=sparse-approx&v=3&seed=1');
  await waitForStatus(page, SHOWN);
  let r = await resultJson(page);
  assert(r.pass && r.d === 384, `default run: pass=${r.pass}, d=${r.d}`);
  assert(
    r.spread.worst <= r.spread.threshold && r.gap.worst <= r.gap.threshold,
    'pass is reported but a worst row exceeds its threshold',
  );
  assert(
    (await page.locator('[data-key="pass"]').textContent()).includes('hold'),
    'the headline does not say the conditions hold',
  );
  const explain = await explanation(page);
  assert((await explain.locator('.katex').count()) >= 4, 'the explanation has fewer than four typeset formulas');
  assert((await explain.locator('.katex-error').count()) === 0, 'KaTeX reported an error');
  const prose = await explain.evaluate((el) => {
    const c = el.cloneNode(true);
    c.querySelectorAll('.katex').forEach((k) => k.remove());
    return c.textContent;
  });
  assert(
    !/\\(frac|varepsilon|ln|le|operatorname)\b/.test(prose),
    `raw TeX in the explanation: ${prose.match(/\\\w+/)?.[0]}`,
  );

  await page.evaluate(() => {
    location.hash = '#exp=sparse-approx&v=3&d=32&seed=1';
  });
  await waitForStatus(page, SHOWN);
  r = await resultJson(page);
  assert(r.d === 32 && !r.pass, `d=32 run: d=${r.d}, pass=${r.pass}`);
  const over = r.rowSpread.filter((s) => s > r.spread.threshold).length;
  const legend = await page.locator('[data-figure="row-spread"] svg.legend').textContent();
  assert(
    over > 0 && legend.includes(`over threshold (${over} rows)`),
    `the spread legend does not count the ${over} failing rows: ${legend}`,
  );
  assert(
    (await page.locator('[data-key="pass"]').textContent()).includes('violated'),
    'the headline does not say the conditions are violated',
  );
  await page.screenshot({ path: join(shots, 'sparse-approx-d32.png'), fullPage: true });
  await page.close();
  return problems;
});

test(
  'sparse-approx: an uploaded CSV pattern runs at its own n as the headless run ' +
    'does; a malformed one names its line and keeps Run off until it is removed',
  async ({ context, base }) => {
    const n = 64;
    const file = join(shots, `permutation-${n}.csv`);
    const lines = Array.from({ length: n }, (_, i) => `${i},${(5 * i + 3) % n},${1 + (i % 3) / 2}`);
    writeFileSync(file, `# a permutation pattern, n = ${n}\ni,j,value\n${lines.join('\n')}\n`);

    const { page, problems } = await open(context, base, '#exp=sparse-approx&v=3&seed=4');
    await waitForStatus(page, 'done');
    await page.locator('input#upload').setInputFiles(file);
    await page.waitForFunction(
      (size) => document.getElementById('upload-status')?.textContent.includes(size),
      `${n} × ${n}`,
      { timeout: 30_000 },
    );
    await page.locator('#run').click();
    await waitForStatus(page, 'done');
    const shown = await resultJson(page);
    assert(
      shown.n === n && shown.uploaded === true && shown.pass === true,
      `upload run: n=${shown.n}, uploaded=${shown.uploaded}, pass=${shown.pass}`,
    );
    const diff = differences(headless('sparse-approx', { upload: file, seed: 4 }), shown);
    assert(diff.length === 0, `the upload run differs from the headless one: ${diff.slice(0, 3).join('; ')}`);
    // The link carries the file's name, never its content; opening it says which file reproduces the run.
    const link = await page.evaluate(() => location.hash);
    assert(link.includes(`file=permutation-${n}.csv`), `the link does not name the uploaded file: ${link}`);
    const { page: opened } = await open(context, base, link);
    await waitForStatus(opened, 'done');
    const notice = await opened.locator('#notice').textContent();
    assert(notice.includes(`permutation-${n}.csv`), `opening the link does not say it needs the file: ${notice}`);
    await opened.close();

    await page
      .locator('input#upload')
      .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('0,1,1\n1,x,3\n2,2,1\n') });
    await page.waitForFunction(
      () => /could not read/i.test(document.getElementById('upload-status')?.textContent ?? ''),
      null,
      { timeout: 30_000 },
    );
    const status = await page.locator('#upload-status').textContent();
    assert(
      /line 2\b/.test(status) && status.includes('x'),
      `the upload status does not name line 2 and its bad field: ${status}`,
    );
    // A refused file is never silently replaced by synthetic data: Run waits, the figures say they are not from it.
    assert(await page.locator('#run').isDisabled(), 'Run is enabled with a refused file chosen');
    const note = await page.locator('#stale-note').innerText();
    assert(
      note.includes('broken.csv') && /not from/.test(note),
      `the figures do not say they are not from broken.csv: ${note}`,
    );
    await page.locator('#upload-remove').click();
    assert(await page.locator('#run').isEnabled(), 'Run stays disabled after the refused file is removed');
    await page.locator('#run').click();
    await waitForStatus(page, 'done');
    const after = await resultJson(page);
    assert(
      after.uploaded === false && after.n === 256,
      `after the refused file is removed the run should be synthetic ` +
        `at n = 256: uploaded=${after.uploaded}, n=${after.n}`,
    );
    assert(await page.locator('#error').isHidden(), `#error is shown: ${await page.locator('#error').textContent()}`);
    await page.close();
    return problems;
  },
);

test(
  'sparse-approx: an out-of-range eps2 in the link is ' + 'clamped with a notice and the run uses the clamped value',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#exp=sparse-approx&v=3&n=64&eps2=1.5&seed=2');
    await waitForStatus(page, 'done');
    const notice = await page.locator('#notice').innerText();
    assert(/\beps2\b/.test(notice) && notice.includes('1.5'), `#notice does not name eps2 = 1.5: ${notice}`);
    const used = Number(await page.locator('input[type="number"][name="eps2"]').inputValue());
    assert(used > 0 && used < 1, `the eps2 field shows ${used}, not a value inside (0, 1)`);
    const url = await page.evaluate(() => location.hash);
    assert(!url.includes('eps2=1.5'), `the URL still holds eps2=1.5: ${url}`);
    const r = await resultJson(page);
    assert(
      r.n === 64 && Number.isFinite(r.gap.threshold) && r.gap.threshold < 0,
      `gap threshold ln ε2 = ${r.gap.threshold} (ε2 must end up inside (0, 1))`,
    );
    assert(
      Math.abs(Math.log(used) - r.gap.threshold) < 1e-9,
      `the run used ln ε2 = ${r.gap.threshold}, the field shows ε2 = ${used}`,
    );
    await page.close();
    return problems;
  },
);

export const sparseTests = tests;
