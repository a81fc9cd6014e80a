// SPDX-License-Identifier: Apache-2.0
// Weights only in the page, timed: rank-zoo with "Your model" chosen and "Weights only" ticked in headless Chromium
// (launched as the e2e tests launch it), the folder's files given to its file input, Run pressed once the weights are
// read (a long estimate waits for it). The clock runs from asking for every layer (after the folder opened at the
// page's default layers) to the run's end, so it includes reading the weights, as the headless row's does.
import { withSitePage } from './chromium.mjs';

/**
 * { seconds, status, rows }: weights only on layers 0…lastLayer of a model folder's `files`, in the site `dist`.
 */
export async function weightsOnlyInChromium(dist, files, lastLayer, { timeoutSeconds = 1800 } = {}) {
  return withSitePage(dist, async (page, origin) => {
    const wait = { timeout: timeoutSeconds * 1000, polling: 50 };
    await page.goto(`${origin}/#exp=rank-zoo&v=3&heads=model&seed=1`);
    await page.locator('#heads-model').check();
    await page.locator('#model-weights').check();
    const read = () =>
      page.waitForFunction(
        () =>
          /Read: \d+ heads|Could not/.test(document.getElementById('model-status')?.textContent ?? '') &&
          document.getElementById('model-stop')?.hidden === true,
        null,
        wait,
      );
    // Opening the folder reads the page's default layers (the first 7 of 12); every layer is then asked for and read
    // again, which is what is timed.
    await page.locator('#model-files').setInputFiles(files);
    await read();
    await page.locator('#model-last-layer').fill(String(lastLayer));
    await page.locator('#model-last-layer').dispatchEvent('change');
    const t0 = performance.now();
    if (await page.locator('#model-read').isEnabled()) await page.locator('#model-read').click();
    await read();
    // Read, the page starts the run, or asks first when its estimate is long ('waiting'): then Run, as a reader would.
    await page.waitForFunction(
      () => ['running', 'waiting', 'done', 'error'].includes(document.body.dataset.status),
      null,
      wait,
    );
    if (await page.evaluate(() => document.body.dataset.status === 'waiting')) await page.locator('#run').click();
    await page.waitForFunction(() => ['done', 'error', 'stopped'].includes(document.body.dataset.status), null, wait);
    const seconds = (performance.now() - t0) / 1000;
    return await page.evaluate(
      (s) => ({
        seconds: s,
        status: document.body.dataset.status,
        error: document.getElementById('error')?.textContent?.trim() ?? '',
        rows: JSON.parse(document.getElementById('result-json')?.textContent || '{}').rows ?? [],
      }),
      seconds,
    );
  });
}
