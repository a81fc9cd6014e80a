// SPDX-License-Identifier: Apache-2.0
// Regenerates docs/screenshot.png for the README: sparse-dmin's "d_min grows like log n" preset in a
// 1280 × 900 window after its sweep finishes (about 25 s). Needs a built dist/.
//   node tests/e2e/screenshot.mjs   (CHROMIUM=/path overrides /usr/bin/chromium)
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, waitForStatus } from './helpers.mjs';
import { serveStatic } from './static-server.mjs';

const LINK = '#exp=sparse-dmin&v=3&ns=512,1024,2048,3072&seed=1';
const out = join(root, 'docs/screenshot.png');

const server = await serveStatic(join(root, 'dist'), '/attnlab/');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(`http://127.0.0.1:${server.address().port}/attnlab/${LINK}`);
  await waitForStatus(page, 'done', 120_000);
  await page.mouse.move(0, 0); // no hover readout or tooltip in the picture
  await page.screenshot({ path: out });
  console.log(`${out}: ${Math.round(statSync(out).size / 1024)} KB`);
} finally {
  await browser.close();
  server.close();
}
