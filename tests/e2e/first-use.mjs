// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the page as a new user meets it, run by run.mjs: Run/Stop/progress on the
// first screen at common window sizes, progress that never freezes, results marked stale when they
// no longer match the panel, the keyboard (Esc, the picker's arrow keys, focus after Stop), short
// notices, and exports that carry one figure each with a complete footer.
// Each test is { name, fn({ context, base }) -> problems[] } like run.mjs's own.
import { join } from 'node:path';
import { assert, explanation, download, open, resultJson, shots, SHOWN, waitForStatus } from './helpers.mjs';

const SMALL = '#exp=attention-map&v=3&n=300&seed=7';
/** A run long enough (tens of seconds) to watch, stop and press keys during. */
const LONG = '#exp=attention-map&v=3&n=4096&seed=1';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

/** Opens a link whose run is long: the page asks first ('waiting'), and Run starts it. */
async function openLong(context, base, link) {
  const opened = await open(context, base, link);
  await waitForStatus(opened.page, 'waiting', 30_000);
  await opened.page.locator('#run').click();
  await waitForStatus(opened.page, 'running', 15_000);
  return opened;
}

/** The element's box against the viewport: inside when wholly visible without scrolling. */
async function placement(page, selector) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        top: Math.round(r.top),
        bottom: Math.round(r.bottom),
        left: Math.round(r.left),
        right: Math.round(r.right),
        inside: r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
      };
    });
}

test('Run, Stop and the progress bar are on the first screen at 1280×720 … 1920×1080, and stay on screen on a phone', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, SMALL);
  const seen = [];
  for (const [width, height] of [
    [1280, 720],
    [1366, 768],
    [1366, 900],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${base}${SMALL}`);
    await waitForStatus(page, 'done');
    await page.evaluate(() => scrollTo(0, 0));
    if (width === 1280) {
      // The spectrum beside the heatmap fills its card: the two figure bodies are about as tall.
      const heights = await page.evaluate(() =>
        ['attention', 'singular-values'].map(
          (id) => document.querySelector(`[data-figure="${id}"] .figure-body`).getBoundingClientRect().height,
        ),
      );
      seen.push(`heatmap body ${Math.round(heights[0])} px, spectrum body ${Math.round(heights[1])} px`);
      assert(
        heights[1] >= 0.8 * heights[0],
        `the singular-value plot is ${Math.round(heights[1])} px tall beside a ${Math.round(heights[0])} px heatmap: its card is a third empty`,
      );
    }
    for (const selector of ['#run', '#stop', '#progress']) {
      const box = await placement(page, selector);
      seen.push(`${width}×${height} ${selector} y=${box.top}…${box.bottom}`);
      assert(
        box.inside,
        `${selector} at ${width}×${height} is not inside the first screen: top ${box.top}, bottom ${box.bottom}`,
      );
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}${SMALL}`);
  await waitForStatus(page, 'done');
  await page.screenshot({ path: join(shots, 'phone.png') });
  for (const fraction of [0, 0.5, 1]) {
    await page.evaluate((f) => scrollTo(0, f * (document.documentElement.scrollHeight - innerHeight)), fraction);
    const run = await placement(page, '#run');
    const figure = await placement(page, '[data-figure]');
    seen.push(`390×844 scrolled ${fraction}: #run y=${run.top}…${run.bottom}`);
    assert(
      run.inside || figure.inside,
      `on a phone scrolled to ${fraction} of the page neither Run (top ${run.top}) nor a figure is on screen`,
    );
  }
  console.log(`  placements: ${seen.join('; ')}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.close();
  return problems;
});

test('the progress text changes at least every 2 s during an n = 4096 attention-map run', async ({ context, base }) => {
  const { page, problems } = await openLong(context, base, LONG);
  // Sampled in the page, so the test's own round trips do not blur the timing.
  const { samples, longestPause } = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const samples = [],
          t0 = performance.now();
        let last = { text: '', at: t0 },
          longestPause = 0;
        const timer = setInterval(() => {
          const text = document.getElementById('progress-text').textContent;
          const now = performance.now();
          if (text !== last.text) {
            longestPause = Math.max(longestPause, now - last.at);
            last = { text, at: now };
            samples.push(text);
          }
          if (document.body.dataset.status !== 'running' || now - t0 > 8000) {
            longestPause = Math.max(longestPause, now - last.at);
            clearInterval(timer);
            resolve({ samples, longestPause });
          }
        }, 100);
      }),
  );
  console.log(
    `  progress: ${samples.length} distinct texts, longest unchanged ${Math.round(longestPause)} ms; e.g. "${samples.at(-1)}"`,
  );
  assert(
    longestPause < 2000,
    `the progress text stood still for ${Math.round(longestPause)} ms: ${samples.slice(-3).join(' | ')}`,
  );
  assert(
    samples.some((t) => /\d+(\.\d)? s/.test(t)),
    `the progress text shows no elapsed time: ${samples.slice(-3).join(' | ')}`,
  );
  await page.locator('#stop').click();
  await waitForStatus(page, 'stopped', 10_000);
  const after = await page.locator('#progress-text').textContent();
  await page.waitForTimeout(700);
  assert(after === (await page.locator('#progress-text').textContent()), 'the progress text keeps ticking after Stop');
  await page.close();
  return problems;
});

test('after Stop the shown result is marked stale (faded, with a note and Run) until the panel matches it again; focus returns to Run', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, SMALL);
  await waitForStatus(page, 'done');
  assert(await page.locator('#stale-note').isHidden(), 'a fresh result is marked stale');
  await page.locator('#param-n').fill('4096');
  await page.locator('#run').click();
  await waitForStatus(page, 'running');
  await page.waitForTimeout(300);
  await page.locator('#stop').click();
  await waitForStatus(page, 'stopped', 10_000);
  const shown = await resultJson(page);
  const panelN = Number(await page.locator('#param-n').inputValue());
  const note = page.locator('#stale-note');
  if (shown.n !== panelN) {
    assert(
      await note.isVisible(),
      `after Stop the page shows n=${shown.n} under a panel with n=${panelN} and no stale note`,
    );
    assert(/last run/i.test(await note.innerText()), `stale note text: ${await note.innerText()}`);
    assert(await note.locator('button').isVisible(), 'the stale note has no Run button');
    const opacity = await page.locator('#figures').evaluate((el) => Number(getComputedStyle(el).opacity));
    assert(opacity < 0.8, `the stale figures are not faded (opacity ${opacity})`);
  }
  await page.screenshot({ path: join(shots, 'stale.png') });
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert(focused === 'run', `after Stop the focus is on #${focused}, not on Run`);
  // Back to the shown values: the result is current again.
  await page.locator('#param-n').fill('300');
  await page.locator('#param-n').dispatchEvent('input');
  assert(await note.isHidden(), 'the stale note stays after the panel went back to the shown values');
  // Editing a value marks it stale without running; the note's Run brings it up to date.
  await page.locator('#param-beta').fill('2');
  await page.locator('#param-beta').dispatchEvent('input');
  assert(await note.isVisible(), 'editing beta does not mark the shown result stale');
  await note.locator('button').click();
  await waitForStatus(page, 'done');
  assert(await note.isHidden(), 'the note stays after its Run finished');
  assert((await resultJson(page)).n === 300, "the note's Run did not run the panel values");
  await page.close();
  return problems;
});

test('a link that would start a long run asks first, with the estimated time; Run starts it', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, LONG);
  await waitForStatus(page, 'waiting', 30_000);
  const notice = (await page.locator('#notice').innerText()).replace(/\s+/g, ' ');
  assert(/estimated at about \d+ (s|min)/.test(notice), `no estimated time in the notice: ${notice.slice(0, 200)}`);
  assert(
    /press Run/i.test(await page.locator('#progress-text').innerText()),
    'the progress line does not say to press Run',
  );
  await page.waitForTimeout(1000);
  assert((await page.evaluate(() => document.body.dataset.status)) === 'waiting', 'the run started without Run');
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert(focused === 'run', `while waiting the focus is on #${focused}, not on Run`);
  await page.locator('#run').click();
  await waitForStatus(page, 'running', 15_000);
  await page.locator('#stop').click();
  await waitForStatus(page, 'stopped', 10_000);
  // A default-sized link still runs at once.
  await page.evaluate(() => {
    location.hash = '#exp=attention-map&v=3&n=200&seed=2';
  });
  await waitForStatus(page, 'done', 30_000);
  console.log(`  asked: ${notice.match(/estimated at about [^(]*/)?.[0]}`);
  await page.close();
  return problems;
});

test('a repaired list that the core still refuses is reset to its default with a notice, and runs', async ({
  context,
  base,
}) => {
  // Both values clamp to 4096, and ns must list distinct lengths: the list goes back to its default.
  const { page, problems } = await open(context, base, '#exp=sparse-dmin&v=3&ns=5000,6000&seeds=1&seed=3');
  await waitForStatus(page, ['done', 'waiting'], 120_000);
  const notice = (await page.locator('#notice').innerText()).replace(/\s+/g, ' ');
  assert(
    /ns: the repaired value is still refused .*reset to the default 128,256,512,1024/.test(notice),
    `no reset notice: ${notice.slice(0, 300)}`,
  );
  assert((await page.locator('#error').innerText()) === '', 'an error is shown');
  assert(await page.evaluate(() => location.hash.includes('ns=') === false), 'the URL still carries the refused ns');
  await page.close();
  return problems;
});

test('Esc stops a run', async ({ context, base }) => {
  const { page, problems } = await openLong(context, base, LONG);
  await page.waitForTimeout(300);
  await page.keyboard.press('Escape');
  await waitForStatus(page, 'stopped', 10_000);
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert(focused === 'run', `after Esc the focus is on #${focused}, not on Run`);
  await page.close();
  return problems;
});

test('stepping through the experiment picker with the arrow keys starts one run, for the last experiment', async ({
  context,
  base,
}) => {
  const { page, problems } = await open(context, base, SMALL);
  await waitForStatus(page, 'done');
  let workers = 0;
  page.on('worker', () => workers++);
  await page.locator('#experiment').focus();
  const visited = [];
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp']) {
    await page.keyboard.press(key);
    visited.push(await page.locator('#experiment').inputValue());
    await page.waitForTimeout(60);
  }
  await waitForStatus(page, 'done');
  const final = await page.locator('#experiment').inputValue();
  assert(new Set(visited).size > 1, `the arrow keys did not move through the picker: ${visited.join(', ')}`);
  assert(final === visited.at(-1), `the picker ended on ${final}, not ${visited.at(-1)}`);
  assert(
    await page.evaluate(() => location.hash.includes(`exp=${document.getElementById('experiment').value}`)),
    'the URL is not the last experiment',
  );
  // Every run that replaces a live one terminates its worker and starts a new one.
  assert(
    workers <= 1,
    `${workers} workers were started while stepping through ${visited.join(' → ')} (one run per step)`,
  );
  console.log(`  picker: ${visited.join(' → ')}, ${workers} new workers`);
  await page.close();
  return problems;
});

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

export const firstUseTests = tests;
