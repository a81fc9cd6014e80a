// SPDX-License-Identifier: Apache-2.0
// How the page behaves for a reader, checked on the built site: a gallery card that opens at the top with its first
// figure in view (desktop and phone), the first figure on a phone's first screen with the parameters in a sheet, status
// text that wraps instead of being cut, the address following every edit, a stopped run shown as partial, export names
// with the parameters, the glossary's definitions on focus, and the Embed dialog on one screen.
import { join } from 'node:path';
import { assert, download, open, shots, SHOWN, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The first figure's top, relative to the viewport, and the page's scroll position. */
const firstFigure = (page) =>
  page.evaluate(() => ({
    top: document.querySelector('[data-figure]')?.getBoundingClientRect().top ?? Infinity,
    scrollY,
    innerHeight,
  }));

for (const viewport of [DESKTOP, PHONE]) {
  test(
    `readers: a gallery card of each paper opens at the top with its ` +
      `first figure in view (${viewport.width}×${viewport.height})`,
    async ({ context, base }) => {
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
    },
  );
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

test(
  'readers: the address follows an edit before Run, Copy link says the ' +
    'figures are from other parameters, exports are named by their parameters',
  async ({ context, base }) => {
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
  },
);

test("readers: Stop keeps what finished as this run's partial result, not as outdated", async ({ context, base }) => {
  const { page, problems } = await open(
    context,
    base,
    '#exp=sparse-dmin&v=3&ns=256,384,512,640,768,896,1024&seeds=8&seed=4', // long enough that Stop finds it running
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

export const readerPageTests = tests;
