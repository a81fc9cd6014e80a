// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the end-to-end test files (run.mjs, sparse.mjs): assertions, the headless
// reference run, waiting on body[data-status], opening a page that records console errors, downloads.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** Screenshots and generated fixtures land here (build/ is not committed). */
export const shots = join(root, 'build/e2e');

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** The result JSON of a headless run (npm run lab) for the same parameters. */
export function headless(id, params) {
  const args = ['scripts/lab.mjs', id, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)];
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  assert(r.status === 0, `headless run failed (${r.status}): ${r.stderr.trim().split('\n').pop()}`);
  return JSON.parse(r.stdout);
}

/**
 * A finished result on screen: a live run's ('done') or, for a link that is exactly a preset's (the
 * defaults of some experiments are), the result the build precomputed and shipped ('precomputed').
 */
export const SHOWN = ['done', 'precomputed'];

/** Waits for body[data-status] to become one of `statuses`; fails early on 'error'. */
export async function waitForStatus(page, statuses, timeout = 60_000) {
  const wanted = [statuses].flat();
  await page.waitForFunction(
    (w) => w.includes(document.body.dataset.status) || document.body.dataset.status === 'error',
    wanted,
    { timeout, polling: 50 },
  );
  const status = await page.evaluate(() => document.body.dataset.status);
  if (!wanted.includes(status)) {
    const error = await page.locator('#error').textContent();
    throw new Error(`status became '${status}' (wanted ${wanted.join('|')}): ${error?.trim()}`);
  }
}

/** The explanation panel once its text (loaded on demand, with KaTeX) is in. */
export async function explanation(page, timeout = 30_000) {
  await page.waitForSelector('#explain[data-loaded]', { state: 'attached', timeout });
  return page.locator('#explain');
}

export async function resultJson(page) {
  const text = await page.locator('#result-json').textContent();
  assert(text && text.trim(), '#result-json is empty');
  return JSON.parse(text);
}

/** A link's parameter pairs, as the headless runner takes them: without the codec's exp, v and app (the versions). */
export function linkParams(hash) {
  return Object.fromEntries(
    hash
      .replace(/^#/, '')
      .split('&')
      .map((p) => p.split('='))
      .filter(([k]) => !['exp', 'v', 'app'].includes(k)),
  );
}

/** A new page on `base + hash`; `problems` collects console errors, page errors and failed requests. */
export async function open(context, base, hash, { beforeLoad, live = false } = {}) {
  const page = await context.newPage();
  // Recompute-as-you-edit is off in the full page unless a test asks for it: the tests of editing without
  // a run (outdated figures, the address following edits) predate it. Embeds always recompute live.
  if (!live)
    await page.addInitScript(() => {
      try {
        if (localStorage.getItem('attnlab:live') === null) localStorage.setItem('attnlab:live', '0');
      } catch {
        /* opaque origin */
      }
    });
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  if (beforeLoad) await page.addInitScript(beforeLoad);
  await page.goto(`${base}${hash}`);
  return { page, problems };
}

/** The frame whose URL holds `part` (frames in shadow roots included), once it exists. */
export async function frameWith(page, part, timeout = 30_000) {
  const t0 = Date.now();
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes(part));
    if (frame) return frame;
    assert(Date.now() - t0 < timeout, `no frame with ${part}`);
    await page.waitForTimeout(100);
  }
}

export function pngSize(bytes) {
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert(
    magic.every((b, k) => bytes[k] === b),
    'PNG: wrong magic bytes',
  );
  assert(bytes.toString('latin1', 12, 16) === 'IHDR', 'PNG: no IHDR chunk first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Chromium drops a download that a click starts within ~100 ms of the previous one finishing (the
 * multiple-downloads limiter has not yet seen the new click: measured 2 of 3 runs failing at 60 ms,
 * none of 6 at 300 ms), so clicks are paced like a person's, at least this far apart.
 */
const DOWNLOAD_PACE_MS = 400;
const lastDownload = new WeakMap();

/** Clicks an export button and returns the downloaded file's name and bytes. */
export async function download(page, button) {
  const wait = (lastDownload.get(page) ?? 0) + DOWNLOAD_PACE_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  const started = Date.now();
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }).catch(async (error) => {
      const shown = await page
        .evaluate(() =>
          ['#error', '#notice']
            .map((s) => document.querySelector(s)?.textContent?.trim())
            .filter(Boolean)
            .join(' | '),
        )
        .catch(() => '');
      throw new Error(
        `no download ${Date.now() - started} ms after the click (the ` +
          `page shows: ${shown || 'no error or notice'}); ${error.message}`,
      );
    }),
    button.click(),
  ]);
  if (process.env.E2E_DOWNLOAD_TIMES) console.log(`  download ${file.suggestedFilename()}: ${Date.now() - started} ms`);
  const failure = await file.failure();
  assert(!failure, `download failed: ${failure}`);
  const bytes = readFileSync(await file.path());
  lastDownload.set(page, Date.now());
  return { name: file.suggestedFilename(), bytes };
}

/** Parses an exported SVG in the page: parse error, root element, width and the stamp metadata. */
export async function inspectSvg(page, text) {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const rootElement = doc.documentElement;
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: rootElement.localName,
      width: Number(rootElement.getAttribute('width')),
      metadata: rootElement.querySelector('metadata')?.textContent ?? '',
      text: [...rootElement.querySelectorAll('text')].map((el) => el.textContent).join(' '),
    };
  }, text);
}

/** An exported CSV split into its '#' comment header and its body rows (each split on commas). */
export function parseCsv(bytes) {
  const lines = bytes.toString('utf8').trimEnd().split('\n');
  return {
    comments: lines.filter((l) => l.startsWith('#')),
    body: lines.filter((l) => !l.startsWith('#')).map((l) => l.split(',')),
  };
}

/** Number shown with `digits` significant digits (formatNumber) against the full value. */
export function closeTo(shown, expected, digits) {
  return Math.abs(Number(shown) - expected) <= 0.51 * 10 ** (1 - digits) * Math.abs(expected) + 1e-12;
}

/** The rows of the figure's table as objects keyed by header text. */
export async function tableRows(page, figureId) {
  return page.locator(`[data-figure="${figureId}"] table`).evaluate((table) => {
    const headers = [...table.tHead.rows[0].cells].map((c) => c.textContent.trim());
    return [...table.tBodies[0].rows].map((row) =>
      Object.fromEntries([...row.cells].map((c, k) => [headers[k], c.textContent.trim()])),
    );
  });
}

/** Chooses where the heads come from, the panel's first choice ('zoo', 'model' or 'files'): only its fields show. */
export async function chooseHeads(page, source) {
  await page.locator(`#heads-${source}`).check();
}

/** "Your own model": the heads read (or a refusal) and no read under way (its Stop hidden again); the status line. */
export async function modelSettled(page) {
  await page.waitForFunction(
    () =>
      /Read: \d+ heads|Could not/.test(document.getElementById('model-status')?.textContent ?? '') &&
      document.getElementById('model-stop')?.hidden === true,
    null,
    { timeout: 60_000 },
  );
  return page.locator('#model-status').textContent();
}
