// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of embed mode, run by run.mjs. A host page on another origin (a second static
// server, real files: see toolchain P13) embeds two experiments by <iframe> — paper 1's sparse-approx
// in a fixed 700×500 frame, paper 3's rank-n auto-sized by the shipped host script — and paper 2's
// rmt-spectrum by the <attnlab-figure> element, below the fold, with a bare "#exp=…" src (read
// relative to the element's script, on the app's origin). Checked: each draws its first figure
// inside a 700×500 box, hide flags apply, auto-height follows the page, and nothing computes before
// it is scrolled into view. Then the Embed dialog's snippet and a bad hide flag.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, frameWith, open, shots, SHOWN, waitForStatus } from './helpers.mjs';
import { serveStatic } from './static-server.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const FIXED = '#exp=sparse-approx&v=3&n=64&d=256&seed=1&embed=1&hide=params,explain';
const AUTO = '#exp=rank-n&v=3&seed=1&embed=1&hide=params';
const ELEMENT = '#exp=rmt-spectrum&v=3&d=200&seed=2';

function hostPage(base) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A course page</title><link rel="icon" href="data:,">
<script src="${base}attnlab-embed-host.js" defer></script>
<script src="${base}attnlab-figure.js" defer></script>
</head><body style="margin:0;font-family:sans-serif">
<h1>Attention, embedded</h1>
<iframe id="fixed" src="${base}${FIXED}" title="sparse approximation" width="700" height="500" data-attnlab-fixed \
style="border:0;display:block"></iframe>
<iframe id="auto" src="${base}${AUTO}" title="rank against n" width="700" height="500" data-attnlab-auto-height \
style="border:0;display:block"></iframe>
<div id="spacer" style="height:4000px">A long text.</div>
<attnlab-figure id="element" src="${ELEMENT}" hide="params,explain" loading="eager" title="rmt spectrum" \
style="width:700px"></attnlab-figure>
</body></html>
`;
}

async function frameStatus(frame) {
  return frame.evaluate(() => document.body?.dataset.status ?? '');
}

async function waitForFrameStatus(frame, statuses, timeout = 90_000) {
  const wanted = [statuses].flat();
  await frame.waitForFunction(
    (w) => w.includes(document.body?.dataset.status) || document.body?.dataset.status === 'error',
    wanted,
    { timeout, polling: 100 },
  );
  const now = await frameStatus(frame);
  assert(
    wanted.includes(now),
    `frame ${frame.url().split('#')[1]} became '${now}': ${await frame.locator('#error').textContent()}`,
  );
}

/** Where the frame's first figure and its drawing sit in the frame's document, and what is hidden. */
async function layoutOf(frame) {
  return frame.evaluate(() => {
    const figure = document.querySelector('[data-figure]');
    // The largest drawing (a chart's legend is a small SVG of its own).
    const drawings = [...(figure?.querySelectorAll('.figure-body svg, .figure-body canvas') ?? [])].map((el) =>
      el.getBoundingClientRect(),
    );
    const r = drawings.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    const drawing = r;
    const body = figure?.querySelector('.figure-body').getBoundingClientRect();
    const shown = (sel) => {
      const el = document.querySelector(sel);
      return !!el && el.getClientRects().length > 0;
    };
    return {
      drawn: !!drawing && r.width > 50 && r.height > 50,
      right: Math.max(r?.right ?? 0, body?.right ?? 0),
      bottom: Math.max(r?.bottom ?? 0, body?.bottom ?? 0) + scrollY,
      scrollWidth: document.documentElement.scrollWidth,
      height: Math.ceil(document.body.getBoundingClientRect().height),
      header: shown('.site-header'),
      params: shown('#params-form'),
      explain: shown('#explain'),
      title: shown('#experiment-title'),
      titleText: document.getElementById('experiment-title')?.textContent ?? '',
    };
  });
}

test(
  'embeds on a host page: two iframes and <attnlab-figure> draw inside 700×500, ' +
    'hide flags apply, auto-height works, nothing computes before it is in view',
  async ({ context, base }) => {
    const dir = join(shots, 'host');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), hostPage(base));
    const server = await serveStatic(dir, '/course/');
    try {
      const host = `http://127.0.0.1:${server.address().port}/course/`;
      const { page, problems } = await open(context, host, '');
      const seen = [];

      // Below the fold: the element's frame is loaded (loading="eager") but waits.
      const below = await frameWith(page, 'exp=rmt-spectrum');
      await below.waitForFunction(() => document.body?.dataset.status, null, { timeout: 30_000 });
      await page.waitForTimeout(1500);
      const early = await below.evaluate(() => ({
        status: document.body.dataset.status,
        result: document.getElementById('result-json').textContent,
        workers: performance.getEntriesByType('resource').filter((e) => /worker/i.test(e.name)).length,
        figures: document.querySelectorAll('[data-figure]').length,
      }));
      assert(
        early.status === 'waiting' && early.result === '' && early.workers === 0 && early.figures === 0,
        `the embed below the fold computed before it was in view: ${JSON.stringify(early)}`,
      );

      for (const [id, part, experiment] of [
        ['fixed', 'exp=sparse-approx', 'sparse'],
        ['auto', 'exp=rank-n', 'rank-n'],
      ]) {
        const frame = await frameWith(page, part);
        await waitForFrameStatus(frame, SHOWN);
        await page.waitForTimeout(300);
        const l = await layoutOf(frame);
        seen.push(`${id}: figure bottom ${Math.round(l.bottom)}, right ${Math.round(l.right)}, page ${l.height} px`);
        assert(l.drawn, `${id}: the first figure is not drawn`);
        assert(
          l.right <= 700 && l.bottom <= 500 && l.scrollWidth <= 700,
          `${id}: the first figure is not inside 700×500 (right ${l.right}, ` +
            `bottom ${l.bottom}, page width ${l.scrollWidth})`,
        );
        assert(
          !l.header &&
            !l.params &&
            l.title &&
            new RegExp(experiment === 'sparse' ? 'parse' : 'n', 'i').test(l.titleText),
          `${id}: header ${l.header}, params ${l.params}, title '${l.titleText}'`,
        );
        if (id === 'fixed') {
          assert(!l.explain, 'fixed: hide=explain did not hide the explanation');
          const height = await page.locator('#fixed').evaluate((el) => el.getBoundingClientRect().height);
          assert(height === 500, `the data-attnlab-fixed frame was resized to ${height}`);
        } else {
          assert(l.explain, 'auto: the explanation (not hidden) is missing');
          await page
            .waitForFunction(
              (want) => Math.abs(document.getElementById('auto').getBoundingClientRect().height - want) <= 2,
              l.height,
              { timeout: 10_000 },
            )
            .catch(() => undefined);
          const height = await page.locator('#auto').evaluate((el) => el.getBoundingClientRect().height);
          const inner = await frame.evaluate(() => ({
            scroll: document.documentElement.scrollHeight,
            view: innerHeight,
          }));
          seen.push(`auto frame ${height} px for a ${l.height} px page`);
          assert(
            l.height > 600 && Math.abs(height - l.height) <= 2 && inner.scroll <= inner.view + 1,
            `auto-height: the frame is ${height} px for a ${l.height} px ` +
              `page (scrollHeight ${inner.scroll}, viewport ${inner.view})`,
          );
        }
      }

      // Scrolled into view, the element computes, draws inside 700×500 and sizes itself.
      await page.locator('#element').scrollIntoViewIfNeeded();
      await waitForFrameStatus(below, 'done');
      await page.waitForTimeout(300);
      const l = await layoutOf(below);
      const elementHeight = await page
        .locator('#element')
        .evaluate((el) => el.shadowRoot.querySelector('iframe').getBoundingClientRect().height);
      seen.push(`element: figure bottom ${Math.round(l.bottom)}, frame ${elementHeight} px for a ${l.height} px page`);
      assert(
        l.drawn && l.right <= 700 && l.bottom <= 500,
        `element: the first figure is not inside 700×500 (drawn ${l.drawn}, right ${l.right}, bottom ${l.bottom})`,
      );
      assert(!l.params && !l.explain, 'element: hide="params,explain" did not apply');
      assert(
        Math.abs(elementHeight - l.height) <= 2,
        `element: the frame is ${elementHeight} px for a ${l.height} px page`,
      );
      await page.screenshot({ path: join(shots, 'embed-host.png'), fullPage: true });
      console.log(`  ${seen.join('; ')}`);
      await page.close();
      return problems;
    } finally {
      server.close();
    }
  },
);

test(
  'the Embed dialog builds an auto-height snippet with the host script, a fixed ' +
    'one without, and the custom element; its preview measures the fallback height',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#exp=rank-n&v=3&seed=1');
    await waitForStatus(page, SHOWN, 90_000);
    await page.locator('#embed-open').click();
    const dialog = page.locator('#embed-dialog');
    assert(await dialog.isVisible(), 'the Embed dialog did not open');
    const snippet = () => page.locator('#embed-snippet').inputValue();
    const first = await snippet();
    assert(
      /<iframe src="[^"]*#exp=rank-n&amp;v=3&amp;app=[0-9.]+&amp;seed=1&amp;embed=1&amp;hide=params,explain"/.test(
        first,
      ),
      `snippet src: ${first}`,
    );
    assert(
      first.includes('attnlab-embed-host.js') &&
        first.includes('data-attnlab-auto-height') &&
        first.includes('loading="lazy"'),
      `auto snippet: ${first}`,
    );
    // The preview runs and reports its first figure's bottom: the fallback height becomes that.
    const preview = await frameWith(page, 'embed=1&hide=params,explain');
    await waitForFrameStatus(preview, SHOWN);
    await page.waitForTimeout(1000); // the preview's height message after its last layout
    const measured = Number((await snippet()).match(/height="(\d+)"/)[1]);
    const bottom = await preview.evaluate(() =>
      Math.ceil(document.querySelector('[data-figure]').getBoundingClientRect().bottom + scrollY + 12),
    );
    assert(
      Math.abs(measured - bottom) <= 24 && measured !== 720,
      `fallback height ${measured}, the preview's first figure ends at ${bottom}`,
    );

    await page.locator('#embed-height-mode').selectOption('fixed');
    await page.locator('#embed-height').fill('500');
    await page.locator('#embed-height').dispatchEvent('input');
    const fixed = await snippet();
    assert(
      fixed.includes('height="500"') && !fixed.includes('<script') && !fixed.includes('auto-height'),
      `fixed snippet: ${fixed}`,
    );
    await page.locator('#embed-hide-params').uncheck();
    await page.locator('#embed-title').fill('My "rank" figure');
    await page.locator('#embed-kind').selectOption('element');
    const element = await snippet();
    assert(
      /<script src="[^"]*attnlab-figure\.js" defer><\/script>\n<attnlab-figure src="[^"]*hide=explain"/.test(element) &&
        element.includes('title="attnlab: My &quot;rank&quot; figure"'),
      `element snippet: ${element}`,
    );
    await page.locator('#embed-close').click();
    assert(await dialog.isHidden(), 'the dialog did not close');
    await page.close();
    return problems;
  },
);

test('a bad hide flag names itself in one notice and the other flags still apply', async ({ context, base }) => {
  const { page, problems } = await open(
    context,
    base,
    '#exp=attention-map&v=3&n=64&seed=1&embed=1&hide=params,bogus,title,headline,text,export',
  );
  await waitForStatus(page, 'done');
  const notices = await page.locator('#notice li').allInnerTexts();
  assert(notices.length === 1 && /hide: "bogus" is not one of/.test(notices[0]), `notices: ${notices.join(' | ')}`);
  for (const selector of [
    '#params-form',
    '#experiment-title',
    '#open-full',
    '#headline',
    '.figure-caption',
    '#explain',
    '[data-export]',
  ]) {
    assert(
      await page.locator(selector).first().isHidden(),
      `${selector} is shown under hide=params,title,headline,text,export`,
    );
  }
  assert(await page.locator('#run').isVisible(), 'the run status went with the title');
  assert((await page.locator('[data-figure]').count()) > 0, 'no figure');
  await page.close();
  return problems;
});

export const embedTests = tests;
