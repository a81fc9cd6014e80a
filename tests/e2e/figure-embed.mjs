// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of figure embeds (fig=, controls=) and of recompute-as-you-edit, run by run.mjs.
// The repository's examples/blog-post.html, served from another origin, embeds one figure of each paper:
// sparse-dmin and rank-n by <iframe> with the host script, rmt-spectrum by <attnlab-figure fig=…
// controls=mu2>. Checked:
// each frame shows exactly the named figure, filling the column, and is sized to it (figure + 200 px
// at most); the control is the only parameter; moving it recomputes without Run and gives the numbers
// of a fresh page opened on the new link; in the full page the "Recompute as I edit" switch decides.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, frameWith, open, resultJson, root, shots, SHOWN, waitForStatus } from './helpers.mjs';
import { serveStatic } from './static-server.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

/** examples/blog-post.html, pointing at this test's copy of the app. */
function hostPage(base) {
  return readFileSync(join(root, 'examples/blog-post.html'), 'utf8').replaceAll('https://you.example/attnlab/', base);
}

async function frameDone(frame, timeout = 90_000) {
  await frame.waitForFunction(
    (shown) => shown.includes(document.body?.dataset.status) || document.body?.dataset.status === 'error',
    SHOWN,
    { timeout, polling: 100 },
  );
  const status = await frame.evaluate(() => document.body.dataset.status);
  assert(
    SHOWN.includes(status),
    `frame ${frame.url().split('#')[1]} became '${status}': ${await frame.locator('#error').textContent()}`,
  );
}

/** What the frame shows: its figures, its visible parameter fields, and the figure's size against the page's. */
function shownIn(frame) {
  return frame.evaluate(() => {
    const visible = (el) => !!el && el.getClientRects().length > 0;
    const figures = [...document.querySelectorAll('[data-figure]')];
    const figure = figures[0]?.getBoundingClientRect();
    const drawing = [...(figures[0]?.querySelectorAll('.figure-body svg, .figure-body canvas') ?? [])]
      .map((el) => el.getBoundingClientRect())
      .sort((a, b) => b.width * b.height - a.width * a.height)[0];
    return {
      figures: figures.map((f) => f.dataset.figure),
      params: [...document.querySelectorAll('#params-form [data-param]')].filter(visible).map((p) => p.dataset.param),
      headline: visible(document.getElementById('headline')) && document.getElementById('headline').children.length > 0,
      explain: visible(document.getElementById('explain')),
      figureHeight: figure?.height ?? 0,
      drawingWidth: drawing?.width ?? 0,
      width: document.documentElement.clientWidth,
      page: Math.ceil(document.body.getBoundingClientRect().height),
    };
  });
}

test(
  'figure embeds on a host page: fig= shows that figure alone, filling ' +
    'the column, in a frame sized to it; controls= shows only that control',
  async ({ context, base }) => {
    const dir = join(shots, 'blog');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), hostPage(base));
    const server = await serveStatic(dir, '/blog/');
    try {
      const { page, problems } = await open(context, `http://127.0.0.1:${server.address().port}/blog/`, '');
      const seen = [];
      for (const [id, part, figure, params] of [
        ['dmin', 'exp=sparse-dmin', 'dmin-vs-n', []],
        ['spectrum', 'exp=rmt-spectrum', 'spectrum', ['mu2']],
        ['rank', 'exp=rank-n', 'band', []],
      ]) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        const frame = await frameWith(page, part);
        await frameDone(frame);
        await page.waitForTimeout(400);
        const s = await shownIn(frame);
        const outer =
          id === 'spectrum'
            ? await page
                .locator('#spectrum')
                .evaluate((el) => el.shadowRoot.querySelector('iframe').getBoundingClientRect().height)
            : await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().height);
        seen.push(
          `${id}: ${s.figures.join(',')} ${Math.round(s.figureHeight)} px ` +
            `tall, drawing ${Math.round(s.drawingWidth)} of ${s.width} px wide, ` +
            `frame ${Math.round(outer)} px, controls [${s.params.join(',')}]`,
        );
        assert(
          s.figures.length === 1 && s.figures[0] === figure,
          `${id}: shows ${s.figures.join(', ')} instead of ${figure} alone`,
        );
        assert(
          JSON.stringify(s.params) === JSON.stringify(params),
          `${id}: shows the parameters [${s.params.join(', ')}], not [${params.join(', ')}]`,
        );
        assert(!s.headline && !s.explain, `${id}: the headline or the explanation is shown in a figure embed`);
        assert(
          s.drawingWidth >= 0.8 * s.width,
          `${id}: the figure is ${Math.round(s.drawingWidth)} px wide in a ${s.width} px frame`,
        );
        assert(
          outer <= s.figureHeight + 200,
          `${id}: the frame is ${Math.round(outer)} px for ` +
            `a ${Math.round(s.figureHeight)} px figure (more than 200 px over)`,
        );
      }
      await page.screenshot({ path: join(shots, 'figure-embeds.png'), fullPage: true });
      console.log(`  ${seen.join('; ')}`);
      await page.close();
      return problems.filter((p) => !/precomputed\/.*404|status of 404/.test(p));
    } finally {
      server.close();
    }
  },
);

test(
  'controls=beta (theme=dark): moving β recomputes without Run and gives ' +
    'the numbers of a fresh page on the new link; two quick edits run once',
  async ({ context, base }) => {
    const { page, problems } = await open(
      context,
      base,
      '#exp=attention-map&v=3&seed=3&embed=1&fig=singular-values&controls=beta&theme=dark',
    );
    await waitForStatus(page, SHOWN);
    assert(
      (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark',
      'theme=dark did not make the embed dark',
    );
    await page.evaluate(() => {
      window.__results = [];
      new MutationObserver(() => window.__results.push(document.getElementById('result-json').textContent)).observe(
        document.getElementById('result-json'),
        { childList: true, characterData: true, subtree: true },
      );
    });
    const beta = page.locator('input[type="number"][name="beta"]');
    await beta.fill('9');
    await beta.fill('12'); // within the debounce: one run, for β = 12
    await page.waitForFunction(
      () => location.hash.includes('beta=12') && window.__results.length > 0 && document.body.dataset.status === 'done',
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(600);
    const shown = await resultJson(page);
    const runs = await page.evaluate(() => window.__results.length);
    const link = await page.evaluate(() => location.hash);
    assert(runs === 1, `two quick edits drew ${runs} results, not 1`);
    // "Open in attnlab ↗" opens what the reader sees now: the edited link, without the embed's own keys.
    const openHref = await page.locator('#open-full').getAttribute('href');
    assert(
      openHref.includes('beta=12') && !/embed=|fig=|controls=|theme=/.test(openHref),
      `"Open in attnlab" after an edit: ${openHref}`,
    );
    const { page: fresh } = await open(context, base, link);
    await waitForStatus(fresh, SHOWN);
    const expected = await resultJson(fresh);
    assert(
      JSON.stringify(expected) === JSON.stringify(shown),
      'the live result differs from a fresh page opened on its link',
    );
    await fresh.close();
    await page.close();
    return problems;
  },
);

test(
  'the full page recomputes a quick run as you edit when ' +
    '"Recompute as I edit" is on, and waits for Run when it is off',
  async ({ context, base }) => {
    // A reader who never touched the switch: earlier tests in this browser context turned it off.
    const { page, problems } = await open(context, base, '#exp=attention-map&v=3&seed=4', {
      live: true,
      beforeLoad: () => localStorage.removeItem('attnlab:live'),
    });
    await waitForStatus(page, SHOWN);
    assert(await page.locator('#live-recompute').isChecked(), 'the switch is not on by default');
    const before = await page.locator('#result-json').textContent();
    await page.locator('input[type="number"][name="beta"]').fill('5');
    await page.waitForFunction(
      (b) => document.getElementById('result-json').textContent !== b && document.body.dataset.status === 'done',
      before,
      { timeout: 30_000 },
    );
    assert((await resultJson(page)).rowEntropy !== undefined, 'no result after the live run');
    await page.locator('#live-recompute').uncheck();
    await waitForStatus(page, SHOWN);
    await page.waitForTimeout(500);
    const after = await page.locator('#result-json').textContent();
    await page.locator('input[type="number"][name="beta"]').fill('6');
    await page.waitForTimeout(1500);
    assert((await page.locator('#result-json').textContent()) === after, 'with the switch off an edit still ran');
    assert(
      await page.locator('#stale-note').isVisible(),
      'with the switch off the figures are not marked as from other parameters',
    );
    await page.close();
    return problems;
  },
);

export const figureEmbedTests = tests;

test(
  'the Embed dialog composes a figure embed: ticked figures and ' +
    'controls, colours, a "Cite this figure" line with the exact link',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#exp=attention-map&v=3&seed=5');
    await waitForStatus(page, SHOWN);
    await page.locator('#embed-open').click();
    await page.locator('#embed-fig-singular-values').check();
    await page.locator('#embed-control-beta').check();
    await page.locator('#embed-theme').selectOption('dark');
    await page.waitForTimeout(200);
    const snippet = await page.locator('#embed-snippet').inputValue();
    assert(
      /fig=singular-values&amp;controls=beta&amp;theme=dark/.test(snippet),
      `the snippet lacks fig=, controls= and theme=: ${snippet}`,
    );
    const cite = await page.locator('#embed-cite').textContent();
    const src = /src="([^"]+)"/.exec(snippet)[1].replaceAll('&amp;', '&');
    assert(
      cite.includes('Singular values of P') && cite.includes(src),
      `the cite line does not give the figure and the snippet's link: ${cite}`,
    );
    // The preview is that embed: one figure and the β control.
    const preview = await frameWith(page, 'fig=singular-values&controls=beta', 15_000);
    await frameDone(preview);
    const shown = await shownIn(preview);
    assert(
      shown.figures.join() === 'singular-values' && shown.params.join() === 'beta',
      `the preview shows ${shown.figures} and [${shown.params}]`,
    );
    // Without the host script the frame keeps the snippet's height: it must reach below the chosen control.
    await page.waitForTimeout(600);
    const controlBottom = await preview.evaluate(() =>
      Math.ceil(
        document.querySelector('#params-form .param[data-param="beta"]').getBoundingClientRect().bottom + scrollY,
      ),
    );
    const fallback = Number(/height="(\d+)"/.exec(await page.locator('#embed-snippet').inputValue())[1]);
    assert(
      fallback >= controlBottom,
      `the snippet's fixed height ${fallback} px cuts the β control, which ends at ${controlBottom} px`,
    );
    await page.close();
    return problems;
  },
);
