// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the landing page and gallery, run by run.mjs: a visit without a link shows what
// attnlab is and a card per preset grouped by paper, computes nothing, ships a build-time thumbnail
// for every card; a card opens its preset; the header's Gallery link comes back; axe finds nothing serious.
import { join } from 'node:path';
import { axeViolations } from './a11y.mjs';
import { assert, open, shots, SHOWN, waitForStatus } from './helpers.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test(
  'a first visit without a link shows the landing page and a gallery card ' +
    'per preset, by paper, with its build-time thumbnail, and computes nothing',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '');
    await page.waitForSelector('#landing a.card');
    assert(
      (await page.evaluate(() => document.body.dataset.view)) === 'landing',
      'the page is not in the landing view',
    );
    assert(!(await page.locator('.layout').isVisible()), 'the lab is visible behind the landing page');
    const groups = await page.locator('#landing .gallery-group').evaluateAll((els) =>
      els.map((g) => ({
        title: g.querySelector('h2').textContent,
        paper: g.querySelector('.gallery-paper').textContent,
        cards: g.querySelectorAll('a.card').length,
      })),
    );
    assert(groups.length === 4, `groups: ${groups.map((g) => g.title).join(', ')}`);
    for (const [k, arxiv] of [
      [1, '2106.03764'],
      [2, '2605.06826'],
      [3, '2608.28150'],
    ]) {
      assert(
        groups.some((g) => g.title.includes(`paper ${k}`) && g.paper.includes(arxiv)),
        `no group for paper ${k} citing arXiv:${arxiv}`,
      );
    }
    const cards = await page.locator('#landing a.card').evaluateAll((els) =>
      els.map((a) => ({
        href: a.getAttribute('href'),
        slug: a.dataset.slug,
        title: a.querySelector('.card-title')?.textContent,
        claim: a.querySelector('.card-claim')?.textContent,
      })),
    );
    assert(
      cards.every((c) => c.href.startsWith('#exp=') && c.title && c.claim),
      'a card lacks its link, title or claim',
    );
    assert(new Set(cards.map((c) => c.href)).size === cards.length, 'two cards share a link');
    // Every preset of every experiment is a card: the Reproduce bars of the lab list the same links.
    const manifest = await page.evaluate(async () => (await (await fetch('gallery/index.json')).json()).thumbnails);
    assert(
      manifest.length === cards.length && cards.every((c) => manifest.includes(c.slug)),
      `the build shipped ${manifest.length} thumbnails for ${cards.length} cards`,
    );
    await page.waitForFunction(() => document.querySelectorAll('#landing a.card img').length > 0);
    const images = await page.evaluate(async () =>
      Promise.all(
        [...document.querySelectorAll('#landing a.card img')].map(async (img) => {
          const response = await fetch(img.getAttribute('src'));
          const bytes = new Uint8Array(await response.arrayBuffer());
          return {
            ok: response.ok,
            png: bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47,
            size: bytes.length,
          };
        }),
      ),
    );
    assert(
      images.length === 2 * cards.length && images.every((i) => i.ok && i.png && i.size > 2000),
      `thumbnails (a light and a dark one per ` +
        `card): ${images.filter((i) => !(i.ok && i.png)).length} of ${images.length} are not PNGs`,
    );
    const computed = await page.evaluate(() => ({
      status: document.body.dataset.status,
      wasm: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).length,
    }));
    assert(
      computed.status === 'idle' && computed.wasm === 0,
      `the landing page computed: status ${computed.status}, ${computed.wasm} wasm fetches`,
    );
    await page.screenshot({ path: join(shots, 'landing.png') });
    await page.close();
    return problems;
  },
);

test(
  'a gallery card opens its preset in the lab, whose Reproduce ' + 'bar has the same link; the Gallery link comes back',
  async ({ context, base }) => {
    const { page, problems } = await open(context, base, '#gallery');
    const card = page.locator('#landing a.card[data-slug="sparse-approx-2"]');
    const href = await card.getAttribute('href');
    await card.click();
    await waitForStatus(page, SHOWN);
    assert(
      (await page.evaluate(() => location.hash)) === href,
      `the lab rewrote the card's link ${href} to ${await page.evaluate(() => location.hash)}`,
    );
    assert(
      (await page.evaluate(() => document.body.dataset.view)) === 'lab' && (await page.locator('#landing').isHidden()),
      'the landing page is still shown',
    );
    const reproduce = await page
      .locator('nav.presets a.preset')
      .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    assert(reproduce.includes(href), "the Reproduce bar does not list the card's link");
    await page.locator('#gallery-link').click();
    await page.waitForSelector('#landing a.card', { state: 'visible' });
    assert(await page.locator('.layout').isHidden(), 'the lab stays visible after Gallery');
    await page.goBack();
    await waitForStatus(page, SHOWN);
    assert(await page.locator('.layout').isVisible(), 'Back does not return to the lab');
    await page.close();
    return problems;
  },
);

for (const scheme of ['light', 'dark']) {
  test(`axe-core: no serious or critical violation on the landing page, ${scheme} mode`, async ({ context, base }) => {
    const { page, problems } = await open(context, base, '');
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForSelector(`#landing a.card img.thumb-${scheme}`);
    const found = await axeViolations(page);
    assert(found.length === 0, `${found.length} violations: ${found.slice(0, 6).join(' | ')}`);
    await page.close();
    return problems;
  });
}

export const landingTests = tests;
