// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the page as a new user meets it, run by run.mjs: Run/Stop/progress on the
// first screen at common window sizes, progress that never freezes, results marked stale when they
// no longer match the panel, the keyboard (Esc, the picker's arrow keys, focus after Stop). Short notices, per-figure
// exports and the papers cited are exports-notices.mjs.
// Each test is { name, fn({ context, base }) -> problems[] } like run.mjs's own.
import { join } from 'node:path';
import { assert, open, resultJson, shots, waitForStatus } from './helpers.mjs';

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

test(
  'Run, Stop and the progress bar are on the first screen ' + 'at 1280×720 … 1920×1080, and stay on screen on a phone',
  async ({ context, base }) => {
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
          `the singular-value plot is ${Math.round(heights[1])} px tall beside ` +
            `a ${Math.round(heights[0])} px heatmap: its card is a third empty`,
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
  },
);

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
    `  progress: ${samples.length} distinct texts, longest ` +
      `unchanged ${Math.round(longestPause)} ms; e.g. "${samples.at(-1)}"`,
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

test(
  'after Stop the shown result is marked stale (faded, with a note ' +
    'and Run) until the panel matches it again; focus returns to Run',
  async ({ context, base }) => {
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
  },
);

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

export const firstUseTests = tests;
