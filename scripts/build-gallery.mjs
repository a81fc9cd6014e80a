// SPDX-License-Identifier: Apache-2.0
// The gallery's thumbnails, rendered at build time: every preset card of the landing page opened in
// Debian's Chromium as an embed of its own link, its first figure photographed into
// dist/gallery/<slug>.png. A thumbnail is cached in build/gallery/ under a key of its link and of
// everything that draws it (the wasm core, the plots, the experiments' views, the styles), so a
// rebuild only renders the cards whose pictures changed.
// dist/gallery/index.json lists the thumbnails shipped.
//   node scripts/build-gallery.mjs [--dist=dist] [--only=slug-prefix]     (CHROMIUM=/path overrides /usr/bin/chromium)
// Without Chromium it says so and the cards stay text only; a preset that fails is named and fails the build.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../tests/e2e/static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dist = join(root, option('dist', 'dist'));
const cache = join(root, 'build', 'gallery');
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
/**
 * The card's picture: this viewport, the embed's first figure (the thumbnail's CSS size is in
 * web/src/ui/shell/landing.ts).
 */
const VIEWPORT = { width: 360, height: 640 };
/**
 * A thumbnail is the figure's marks at card size: no legend (colour bars stay: they are the scale), no
 * hover hint, caption, title, stamp or buttons.
 */
const THUMBNAIL_CSS = `.legend:not(.color-legend), .heatmap-readout, .heatmap-title, .figure-caption, \
.figure-tools, .figure h2, .precomputed-mark { display: none !important; }
  .figure { border: 0 !important; padding: 0 !important; }`;
/**
 * Each card has a light and a dark picture (the page shows the one of its theme): the dark one's file ends in -dark.
 */
const SCHEMES = [
  { scheme: 'light', suffix: '' },
  { scheme: 'dark', suffix: '-dark' },
];
const PRESET_TIMEOUT_MS = 240_000;
const DRAWN = ['done', 'precomputed'];

/** A hash of every file under the given paths (what draws a thumbnail). */
function treeHash(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(path.slice(root.length)).update(readFileSync(path));
  };
  for (const p of paths) visit(p);
  return hash.digest('hex');
}

async function main() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: build the site first`);
  if (!existsSync(executablePath)) {
    console.error(
      `[attnlab] gallery: no Chromium at ${executablePath}; the cards have no thumbnails (apt-get install chromium)`,
    );
    return 0;
  }
  const drawers = treeHash(
    ['web/src/wasm', 'web/src/plots', 'web/src/experiments', 'web/src/styles'].map((p) => join(root, p)),
  );
  mkdirSync(cache, { recursive: true });
  mkdirSync(join(dist, 'gallery'), { recursive: true });
  const server = await serveStatic(dist, '/');
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const failures = [];
  const shipped = [];
  let rendered = 0,
    cached = 0;
  const t0 = performance.now();
  try {
    const pages = {};
    for (const { scheme } of SCHEMES)
      pages[scheme] = await browser.newPage({ viewport: VIEWPORT, colorScheme: scheme });
    const page = pages.light;
    await page.goto(`${base}#gallery`);
    const cards = await page
      .locator('#landing a.card')
      .evaluateAll((els) =>
        els.map((a) => ({ slug: a.dataset.slug, href: a.getAttribute('href'), figure: a.dataset.thumbnail })),
      );
    if (!cards.length) throw new Error('the landing page shows no preset cards');
    for (const { slug, href, figure } of cards.filter((c) => c.slug.startsWith(option('only', '')))) {
      const shown = figure ? `&fig=${figure}` : ''; // the preset's chosen figure (Preset.thumbnail), else the first
      // The light and the dark picture side by side (a page each): one core each on a 2-core machine.
      const outcomes = await Promise.all(
        SCHEMES.map(async ({ scheme, suffix }) => {
          const key = createHash('sha256')
            .update(href)
            .update(shown)
            .update(scheme)
            .update(THUMBNAIL_CSS)
            .update(drawers)
            .digest('hex')
            .slice(0, 20);
          const file = join(cache, `${slug}${suffix}-${key}.png`);
          if (!existsSync(file)) {
            try {
              await render(
                pages[scheme],
                `${base}${href}&embed=1&hide=params,headline,text,export,title,explain,summary${shown}`,
                file,
                figure,
              );
              rendered++;
            } catch (error) {
              failures.push(`${slug}${suffix} (${href}): ${error.message.split('\n')[0]}`);
              return false;
            }
          } else cached++;
          copyFileSync(file, join(dist, 'gallery', `${slug}${suffix}.png`));
          return true;
        }),
      );
      if (outcomes.every(Boolean)) shipped.push(slug);
    }
    // The page asks for the pictures this list names (each with its -dark twin), so a card without one never requests a
    // missing file.
    writeFileSync(join(dist, 'gallery', 'index.json'), JSON.stringify({ thumbnails: shipped, dark: true }));
    for (const p of Object.values(pages)) await p.close();
  } finally {
    await browser.close();
    server.close();
  }
  console.error(
    `[attnlab] gallery: ${rendered} thumbnails rendered, ${cached} from ` +
      `the cache, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const f of failures) console.error(`[attnlab] gallery: FAILED ${f}`);
  return failures.length ? 1 : 0;
}

/** Opens one preset as an embed, starts it if it asks first (a long run), and photographs its first figure. */
async function render(page, url, file, figureId) {
  await page.goto('about:blank');
  await page.goto(url);
  const status = () => page.evaluate(() => document.body.dataset.status);
  // A link estimated to be long waits for Run (its progress text gives the estimate): press it.
  const asksFirst = () =>
    page.evaluate(
      () =>
        document.body.dataset.status === 'waiting' &&
        /estimated/.test(document.getElementById('progress-text')?.textContent ?? ''),
    );
  await page.waitForFunction(
    (drawn) =>
      drawn.includes(document.body.dataset.status) ||
      document.body.dataset.status === 'error' ||
      (document.body.dataset.status === 'waiting' &&
        /estimated/.test(document.getElementById('progress-text')?.textContent ?? '')),
    DRAWN,
    { timeout: PRESET_TIMEOUT_MS, polling: 100 },
  );
  if (await asksFirst()) {
    await page.evaluate(() => document.getElementById('run').click());
    await page.waitForFunction(
      (drawn) => drawn.includes(document.body.dataset.status) || document.body.dataset.status === 'error',
      DRAWN,
      { timeout: PRESET_TIMEOUT_MS, polling: 100 },
    );
  }
  if ((await status()) === 'error')
    throw new Error(`the run failed: ${(await page.locator('#error').textContent())?.trim()}`);
  const first = await page.locator('[data-figure]').first().getAttribute('data-figure');
  if (figureId && first !== figureId)
    throw new Error(`the preset's thumbnail figure "${figureId}" is not drawn (the first is "${first}")`);
  await page.addStyleTag({ content: THUMBNAIL_CSS });
  const figure = page.locator('[data-figure]').first().locator('.figure-body');
  await figure.screenshot({ path: `${file}.tmp.png`, animations: 'disabled' });
  renameSync(`${file}.tmp.png`, file);
}

process.exitCode = await main();
