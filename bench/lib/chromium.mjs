// SPDX-License-Identifier: Apache-2.0
// Times a link of the built site in headless Chromium: dist/ served by the e2e harness's static
// server (real files, so no Local Network Access surprises), Debian's Chromium
// driven by playwright-core (no downloaded browser), launched as the e2e tests launch it (tests/e2e/chromium.mjs).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/chromium.mjs';
import { serveStatic } from '../../tests/e2e/static-server.mjs';

export { CHROMIUM, CHROMIUM_ARGS };

/**
 * Calls `use(page, origin)` with a new page of a headless Chromium (a fresh profile) over the site in `dist`, served
 * at `origin`/, and closes both afterwards; returns what `use` returns.
 */
export async function withSitePage(dist, use) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const { chromium } = await import('playwright-core');
  const server = await serveStatic(dist, '/');
  const profile = mkdtempSync(join(tmpdir(), 'attnlab-bench-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    return await use(await context.newPage(), `http://127.0.0.1:${server.address().port}`);
  } finally {
    await context?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Opens `hash` on the site in `dist` and waits for body[data-status] to leave 'running'.
 * The clock starts before navigation, so it includes loading the page and compiling the wasm
 * module: what a visitor clicking the preset link waits for.
 * Returns { seconds, status, hash (as the page rewrote it), workers, result (the #result-json) }.
 */
export async function timeLinkInChromium(dist, hash, { timeoutSeconds = 600 } = {}) {
  return withSitePage(dist, async (page, origin) => {
    const url = `${origin}/${hash}`;
    const t0 = performance.now();
    await page.goto(url);
    // The page runs the link on load ('idle' comes first), or asks first when its estimate is long
    // ('waiting'): then Run is pressed at once, as the visitor would.
    // A preset's link shows the result shipped with the site ('precomputed'): Run recomputes it live,
    // which is what is timed (the page has loaded by then; the wasm loads on Run).
    await page.waitForFunction(
      () => ['done', 'error', 'stopped', 'waiting', 'precomputed'].includes(document.body.dataset.status),
      null,
      { timeout: timeoutSeconds * 1000, polling: 50 },
    );
    if (await page.evaluate(() => ['waiting', 'precomputed'].includes(document.body.dataset.status))) {
      await page.locator('#run').click();
      await page.waitForFunction(() => ['done', 'error', 'stopped'].includes(document.body.dataset.status), null, {
        timeout: timeoutSeconds * 1000,
        polling: 50,
      });
    }
    const seconds = (performance.now() - t0) / 1000;
    return await page.evaluate(
      (s) => ({
        seconds: s,
        status: document.body.dataset.status,
        error: document.getElementById('error')?.textContent?.trim() ?? '',
        hash: location.hash,
        workers: Math.max(1, navigator.hardwareConcurrency || 2), // web/src/engine/pool.ts's default size: every core
        result: JSON.parse(document.getElementById('result-json')?.textContent || 'null'),
      }),
      seconds,
    );
  });
}
