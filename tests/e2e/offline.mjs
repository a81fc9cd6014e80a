// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the offline copy (web/src/sw.ts) and its update notice (web/src/ui/shell/update-notice.ts),
// run by run.mjs, each in a browser of its own (the shared context blocks service workers): after a first
// visit from a sub-folder the app loads and computes with the network off, embedded too, under the strict
// CSP; a new deploy shows the notice in every open page without reloading any, and its Reload loads it.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations } from './a11y.mjs';
import { differences } from './compare.mjs';
import { assert, explanation, open, resultJson, root, shots, waitForStatus } from './helpers.mjs';
import { STRICT_CSP } from './platform.mjs';
import { serveStatic } from './static-server.mjs';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const MOUNT = '/offline/sub/folder/';
const LINK = '#exp=attention-map&v=3&n=64&beta=4&seed=11';
const KATEX_LINK = '#exp=sparse-approx&v=3&n=64&d=256&seed=1';
const md5 = (bytes) => createHash('md5').update(bytes).digest('hex');

/** The precache list the build injected into sw.js: [{ url, revision }], urls relative to the site. */
function precacheList(siteDir) {
  const sw = readFileSync(join(siteDir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{"revision":(null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map((m) => ({
    url: m[2],
    revision: JSON.parse(m[1]),
  }));
}

/** Serves `siteDir` at MOUNT in a fresh browser; `fn({ context, base })` runs the test; everything is closed after. */
async function withSite(siteDir, isolatedContext, fn, headers = {}) {
  const server = await serveStatic(siteDir, MOUNT, headers);
  const context = await isolatedContext();
  try {
    return await fn({ context, base: `http://127.0.0.1:${server.address().port}${MOUNT}` });
  } finally {
    await context.browser().close();
    server.close();
  }
}

/** Waits until the page is controlled by the service worker; returns its scope and script. */
function controlled(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    return { scope: registration.scope, script: navigator.serviceWorker.controller.scriptURL };
  });
}

const recordViolations = () => {
  // When the first figure appeared (Date.now(), comparable with the test's clock): the offline copy is set up after it.
  new MutationObserver((_, observer) => {
    if (document.querySelector('#figures [data-figure] .figure-body > :not(.figure-error)')) {
      window.__firstFigureAt = Date.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push(`${e.violatedDirective}: ${e.blockedURI}`),
  );
};

test(
  'offline: after a first visit from a sub-folder the app loads ' +
    'and runs with the network off, embedded too, under a strict CSP',
  async ({ isolatedContext }) => {
    const dist = join(root, 'dist');
    const precached = precacheList(dist);
    assert(
      precached.some((e) => e.url.endsWith('.wasm')) && precached.some((e) => e.url === 'index.html'),
      `sw.js precaches ${precached.map((e) => e.url).join(', ')}`,
    );
    return withSite(
      dist,
      isolatedContext,
      async ({ context, base }) => {
        const requested = new Set();
        let workerRequestedAt;
        context.on('request', (r) => {
          if (r.url() === `${base}sw.js`) workerRequestedAt ??= Date.now();
          if (!r.serviceWorker() && r.url().startsWith(base)) requested.add(r.url().split(/[?#]/)[0]);
        });
        const problems = [];
        const visit = async (hash) => {
          const opened = await open(context, base, hash, { beforeLoad: recordViolations });
          problems.push(...opened.problems);
          await waitForStatus(opened.page, 'done');
          return opened.page;
        };

        const page = await visit(LINK);
        const online = await resultJson(page);
        const worker = await controlled(page);
        assert(
          worker.scope === base && worker.script === `${base}sw.js`,
          `the worker is ${worker.script} for ${worker.scope}, not the sub-folder's`,
        );
        const figureAt = await page.evaluate(() => window.__firstFigureAt);
        assert(
          figureAt !== undefined && workerRequestedAt >= figureAt,
          `the offline copy was set up ${figureAt - workerRequestedAt} ms before the first figure appeared`,
        );
        // ./ is served as ./index.html
        const urls = new Set(precached.map((e) => new URL(e.url, base).href).concat(base));
        const missing = [...requested].filter((url) => !urls.has(url));
        assert(
          missing.length === 0,
          `the first visit fetched files the worker does not precache: ${missing.join(', ')}`,
        );

        const cache = await page.evaluate(async () => {
          const name = (await caches.keys()).find((n) => n.startsWith('attnlab-precache-'));
          return { name, entries: name ? (await (await caches.open(name)).keys()).length : 0 };
        });
        assert(
          cache.entries === precached.length,
          `the cache ${cache.name} holds ${cache.entries} entries, sw.js lists ${precached.length}`,
        );

        await context.setOffline(true);
        await page.reload();
        await waitForStatus(page, 'done');
        assert(await page.evaluate(() => navigator.onLine === false), 'the browser is not offline');
        const diff = differences(online, await resultJson(page));
        assert(diff.length === 0, `offline, #result-json differs from online: ${diff.slice(0, 3).join('; ')}`);

        // Another experiment, with KaTeX's formulas and fonts, and an embedded view: all from the precache.
        const math = await visit(KATEX_LINK);
        await explanation(math);
        await math.evaluate(() => document.fonts.ready);
        const fonts = await math.evaluate(() =>
          [...document.fonts]
            .filter((f) => f.family.includes('KaTeX') && f.status !== 'unloaded')
            .map((f) => `${f.family} ${f.status}`),
        );
        assert(
          (await math.locator('.katex').count()) > 0 && fonts.length > 0 && fonts.every((f) => f.endsWith('loaded')),
          `KaTeX offline: ${fonts.join(', ') || 'no font used'}`,
        );
        const embed = await visit(`${LINK}&embed=1`);
        const embedDiff = differences(online, await resultJson(embed));
        assert(
          embedDiff.length === 0,
          `offline, the embedded view's numbers differ: ${embedDiff.slice(0, 3).join('; ')}`,
        );
        for (const p of [page, math, embed]) {
          assert(
            await p.locator('#update-notice').evaluate((el) => el.childElementCount === 0),
            'an update notice is shown with no new version',
          );
          const violations = await p.evaluate(() => window.__violations);
          assert(violations.length === 0, `CSP violations: ${violations.slice(0, 5).join('; ')}`);
        }
        await page.screenshot({ path: join(shots, 'offline.png') });
        return problems;
      },
      { 'Content-Security-Policy': STRICT_CSP },
    );
  },
);

/** A second deploy of `siteDir` in place: index.html marked, and its new revision (content hash) in sw.js. */
function deploySecondVersion(siteDir) {
  const indexPath = join(siteDir, 'index.html');
  const before = readFileSync(indexPath);
  const after = before
    .toString('utf8')
    .replace('<head>', '<head>\n    <meta name="attnlab-deploy" content="second" />');
  const swPath = join(siteDir, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  const entry = `{"revision":"${md5(before)}","url":"index.html"}`;
  assert(sw.includes(entry), `sw.js does not list index.html with its content hash ${md5(before)}`);
  writeFileSync(indexPath, after);
  writeFileSync(swPath, sw.replace(entry, `{"revision":"${md5(after)}","url":"index.html"}`));
}

const deployOf = (page) =>
  page.evaluate(() => document.querySelector('meta[name="attnlab-deploy"]')?.content ?? 'first');

test(
  'offline: a new deploy shows the update notice in every open page without ' +
    'reloading any; its Reload loads the new version, its Later hides it',
  async ({ isolatedContext }) => {
    const site = join(mkdtempSync(join(tmpdir(), 'attnlab-deploy-')), 'site');
    cpSync(join(root, 'dist'), site, { recursive: true });
    try {
      return await withSite(site, isolatedContext, async ({ context, base }) => {
        const problems = [];
        const navigations = new Map();
        const visit = async (hash) => {
          const opened = await open(context, base, hash);
          problems.push(...opened.problems);
          await waitForStatus(opened.page, 'done');
          await controlled(opened.page);
          opened.page.on('framenavigated', (frame) => {
            if (frame === opened.page.mainFrame())
              navigations.set(opened.page, (navigations.get(opened.page) ?? 0) + 1);
          });
          return opened.page;
        };
        const full = await visit(LINK);
        const embed = await visit(`${LINK}&embed=1`);
        deploySecondVersion(site);

        // The reader comes back: the browser finds the new worker; it waits, and both pages say so.
        await full.reload();
        await waitForStatus(full, 'done');
        const reloads = navigations.get(full);
        for (const page of [full, embed])
          await page.locator('#update-notice').getByRole('button', { name: 'Reload' }).waitFor({ timeout: 15_000 });
        const region = full.locator('#update-notice');
        assert((await region.getAttribute('role')) === 'status', '#update-notice is not a role=status region');
        const text = await region.innerText();
        assert(
          /A new version of attnlab is available/.test(text) &&
            (await region.getByRole('button', { name: 'Reload' }).count()) === 1,
          `the notice reads '${text}'`,
        );
        assert((await deployOf(full)) === 'first', 'the new version took over before Reload was pressed');
        await full.screenshot({ path: join(shots, 'update-notice.png') });
        await embed.screenshot({ path: join(shots, 'update-notice-embed.png'), fullPage: true });
        for (const scheme of ['light', 'dark']) {
          await full.emulateMedia({ colorScheme: scheme });
          await full.waitForFunction((want) => document.documentElement.dataset.theme === want, scheme);
          const found = await axeViolations(full, '#update-notice');
          assert(found.length === 0, `axe with the notice shown (${scheme}): ${found.slice(0, 3).join(' | ')}`);
        }
        // In the embed the notice comes after the figures, never over them.
        const notice = await embed.locator('#update-notice').boundingBox();
        for (const figure of await embed.locator('[data-figure]').all()) {
          const box = await figure.boundingBox();
          assert(
            notice.y >= box.y + box.height || notice.y + notice.height <= box.y,
            `the embed's notice (y ${notice.y}) overlaps a figure (y ${box.y} … ${box.y + box.height})`,
          );
        }
        await full.waitForTimeout(500);
        assert(
          navigations.get(full) === reloads && !navigations.get(embed),
          'a page reloaded by itself when the new version arrived',
        );

        await full.locator('#update-notice').getByRole('button', { name: 'Reload' }).click();
        await full.waitForFunction(() => document.querySelector('meta[name="attnlab-deploy"]'), null, {
          timeout: 15_000,
        });
        await waitForStatus(full, 'done');
        assert(
          await full.locator('#update-notice').evaluate((el) => el.childElementCount === 0),
          'the new version still shows the notice',
        );
        // The embed, now served by the new worker too, keeps its figures and its notice, and is not reloaded.
        await embed.waitForTimeout(500);
        assert(
          !navigations.get(embed) &&
            (await deployOf(embed)) === 'first' &&
            (await embed.evaluate(() => document.body.dataset.status)) === 'done',
          'the embedded page was reloaded or lost its result when another page took the update',
        );
        // Later hides the embed's notice for good; the page and its figures stay as they are.
        await embed.locator('#update-notice').getByRole('button', { name: 'Later' }).click();
        await embed.waitForTimeout(300);
        assert(
          await embed.locator('#update-notice').evaluate((el) => el.childElementCount === 0),
          'Later left the notice up',
        );
        assert(
          !navigations.get(embed) && (await embed.evaluate(() => document.body.dataset.status)) === 'done',
          'Later reloaded the embed or lost its result',
        );
        const reopened = await visit(LINK);
        assert((await deployOf(reopened)) === 'second', 'a page opened after the update still gets the first version');
        return problems;
      });
    } finally {
      rmSync(join(site, '..'), { recursive: true, force: true });
    }
  },
);

export { tests as offlineTests };
