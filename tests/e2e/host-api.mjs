// SPDX-License-Identifier: Apache-2.0
// The host-page API of an embed (web/src/ui/embed/host-api.ts) in Chromium, Firefox ESR and WebKitGTK: a host page on
// another origin (localhost vs the site's 127.0.0.1) embeds a view with api=1, sets β (a bad value first: refused by
// name, nothing applied), runs, and reads the headline's numbers from the result event; a sibling frame's command and
// a command to an embed without api=1 change nothing. The page writes its verdict as JSON into #verdict; the harness
// then opens the result's link in a fresh Chromium page and requires the same headline numbers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assert, open, waitForStatus } from './helpers.mjs';
import { serveStatic } from './static-server.mjs';
import { launchWebKit } from './webkit.mjs';

const LINK = '#exp=attention-map&v=3&n=64&beta=4&seed=11';
const HOST_PAGE = `<!doctype html><meta charset="utf-8"><title>host</title>
<p id="verdict">running</p>
<script>
const embedBase = new URLSearchParams(location.search).get('embed');
const frame = (src) => { const f = document.createElement('iframe'); f.src = src; f.width = 900; f.height = 700; \
document.body.append(f); return f; };
const api = frame(embedBase + '${LINK}&embed=1&api=1');
const plain = frame(embedBase + '${LINK}&embed=1');
const next = (win, type, ms) => new Promise((resolve) => {
  const on = (e) => { if (e.source === win && e.data && e.data.type === type) { removeEventListener('message', on); \
clearTimeout(t); resolve(e.data); } };
  const t = setTimeout(() => { removeEventListener('message', on); resolve(undefined); }, ms);
  addEventListener('message', on);
});
const steps = [];
(async () => {
  const w = api.contentWindow, target = new URL(embedBase).origin;
  const first = await next(w, 'attnlab:result', 90000);
  steps.push(['first result', Boolean(first && first.headline)]);
  let answer = next(w, 'attnlab:error', 10000);
  w.postMessage({ type: 'attnlab:set', params: { beta: 'lots', n: 32 } }, target);
  const refused = await answer;
  steps.push(['bad beta refused by name', Boolean(refused && refused.key === 'beta' && /beta/.test(refused.error))]);
  // A sibling frame (not the embed's parent) posts a command: ignored.
  const sibling = document.createElement('iframe');
  sibling.srcdoc = '<script>parent.frames[0].postMessage({ type: "attnlab:set", params: { beta: 99 } }, "*");<' + \
'/script>';
  document.body.append(sibling);
  await new Promise((r) => setTimeout(r, 1500));
  answer = next(w, 'attnlab:state', 10000);
  w.postMessage({ type: 'attnlab:get' }, target);
  const untouched = await answer;
  steps.push(['sibling and bad set changed nothing', Boolean(untouched && untouched.values.beta === '4' && \
untouched.values.n === '64')]);
  // An embed without api=1 answers nothing and keeps its values.
  answer = next(plain.contentWindow, 'attnlab:state', 2000);
  plain.contentWindow.postMessage({ type: 'attnlab:set', params: { beta: 7 } }, target);
  plain.contentWindow.postMessage({ type: 'attnlab:get' }, target);
  steps.push(['no api=1: no answer', (await answer) === undefined]);
  answer = next(w, 'attnlab:state', 10000);
  const changed = next(w, 'attnlab:change', 10000);
  w.postMessage({ type: 'attnlab:set', params: { beta: 12 } }, target);
  const set = await answer;
  steps.push(['set applied', Boolean(set && set.values.beta === '12' && /beta=12/.test(set.link))]);
  steps.push(['change event', Boolean((await changed) && true)]);
  const result = next(w, 'attnlab:result', 90000);
  w.postMessage({ type: 'attnlab:run' }, target);
  const r = await result;
  steps.push(['result after run', Boolean(r && /beta=12/.test(r.link) && Object.keys(r.headline).length > 0)]);
  document.getElementById('verdict').textContent = JSON.stringify({ steps, result: r || null });
})().catch((e) => { document.getElementById('verdict').textContent = JSON.stringify({ steps, error: String(e) }); });
</script>`;

/** The host page's verdict once written (a function body for any engine's evaluate). */
const READ_VERDICT = "return document.getElementById('verdict').textContent;";

async function verdictOf(run) {
  for (const start = Date.now(); Date.now() - start < 240_000; await sleep(250)) {
    const text = await run(READ_VERDICT);
    if (text && text !== 'running') return JSON.parse(text);
  }
  throw new Error('the host page wrote no verdict in 240 s');
}

/** Checks a verdict and that a fresh Chromium page on the result's link shows the same headline numbers. */
async function judge(name, verdict, context, base, stepCount = 7) {
  const failed = verdict.steps.filter(([, ok]) => !ok).map(([step]) => step);
  assert(
    !verdict.error && failed.length === 0 && verdict.steps.length === stepCount,
    `${name}: ${verdict.error ?? ''} failed ` +
      `steps: ${failed.join('; ') || `only ${verdict.steps.length} of ${stepCount} ran`}`,
  );
  const hash = new URL(verdict.result.link).hash.replace(/&(embed|api)=1/g, '');
  const { page, problems } = await open(context, base, hash);
  await waitForStatus(page, ['done', 'precomputed'], 120_000);
  const fresh = await page.$$eval('#headline dd[data-key][data-value]', (dds) =>
    Object.fromEntries(dds.map((d) => [d.dataset.key, Number(d.dataset.value)])),
  );
  await page.close();
  for (const [key, value] of Object.entries(verdict.result.headline))
    assert(
      fresh[key] === value,
      `${name}: headline ${key} = ${value} from the host API, ${fresh[key]} on a fresh page of the link`,
    );
  return problems;
}

async function hostServer() {
  const server = await serveStatic(
    mkdtempSync(join(tmpdir(), 'attnlab-host-')),
    '/host/',
    {},
    { files: { 'index.html': HOST_PAGE } },
  );
  return {
    server,
    url: (base) => `http://localhost:${server.address().port}/host/index.html?embed=${encodeURIComponent(base)}`,
  };
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test(
  'host API: a page on another origin sets β, runs and reads the ' +
    'numbers; other frames and embeds without api=1 are ignored (Chromium)',
  async ({ context, base }) => {
    const { server, url } = await hostServer();
    try {
      const page = await context.newPage();
      await page.goto(url(base));
      const verdict = await verdictOf((body) => page.evaluate(`(function () { ${body} })()`));
      await page.close();
      return await judge('Chromium', verdict, context, base);
    } finally {
      server.close();
    }
  },
);

test('host API: the same in Firefox ESR and WebKitGTK', async ({ context, base }) => {
  const { server, url } = await hostServer();
  const problems = [];
  try {
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
      headless: true,
    });
    try {
      const page = await browser.newPage();
      await page.goto(url(base));
      problems.push(
        ...(await judge(
          'Firefox',
          await verdictOf((body) => page.evaluate(`(function () { ${body} })()`)),
          context,
          base,
        )),
      );
    } finally {
      await browser.close();
    }
    const webkit = await launchWebKit();
    try {
      await webkit.goto(url(base));
      problems.push(...(await judge('WebKit', await verdictOf(webkit.evaluate), context, base)));
    } finally {
      await webkit.close();
    }
  } finally {
    server.close();
  }
  return problems;
});

// The notebook widget (attnlab-widget.js, built from web/src/protocol/attnlab-widget.ts) with a model object that
// follows anywidget's contract (get, set, on, off, save_changes), as Jupyter, marimo and MyST's {anywidget} give it:
// no Python needed.
const WIDGET_HOST = `<!doctype html><meta charset="utf-8"><title>widget</title>
<div id="cell"></div><p id="verdict">running</p>
<script type="module">
import widget from './attnlab-widget.js';
const traits = { src: './${LINK}', params: {}, headline: {}, link: '', error: '' };
const listeners = {};
let results = 0;
const model = {
  get: (k) => traits[k],
  set: (k, v) => { traits[k] = v; if (k === 'headline') results++; (listeners['change:' + k] || []).forEach((f) => \
f()); },
  on: (e, f) => { (listeners[e] ||= []).push(f); },
  off: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); },
  save_changes: () => {},
};
const until = async (cond, ms) => { for (const t0 = Date.now(); !cond(); await new Promise((r) => setTimeout(r, \
100))) if (Date.now() - t0 > ms) return false; return true; };
const steps = [];
try {
  const cleanup = widget.render({ model, el: document.getElementById('cell') });
  steps.push(['first result in the model', await until(() => results > 0 && Object.keys(traits.headline).length > 0, \
90000)]);
  const before = results;
  model.set('params', { beta: 12 });
  steps.push(['params set from the notebook: rerun, headline written back', await until(() => results > before && \
/beta=12/.test(traits.link), 90000)]);
  const result = { link: traits.link, headline: { ...traits.headline } };
  model.set('params', { beta: 'lots' });
  steps.push(['a bad value: the error trait names it', await until(() => /beta/.test(traits.error), 20000)]);
  steps.push(['render returns a cleanup', typeof cleanup === 'function']);
  document.getElementById('verdict').textContent = JSON.stringify({ steps, result });
} catch (e) {
  document.getElementById('verdict').textContent = JSON.stringify({ steps, error: String(e) });
}
</script>`;

test("notebook widget: anywidget's contract drives an embed, parameters in, headline numbers back (Chromium)", async ({
  context,
  serveDist,
}) => {
  const { server, base } = await serveDist({ files: { 'widget-host.html': WIDGET_HOST } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}widget-host.html`);
    const verdict = await verdictOf((body) => page.evaluate(`(function () { ${body} })()`));
    await page.close();
    return await judge('widget', verdict, context, base, 4);
  } finally {
    server.close();
  }
});

// <attnlab-figure> with api=1: the same API as methods (set, run, get) and DOM events on the element.
const ELEMENT_HOST = `<!doctype html><meta charset="utf-8"><title>element</title>
<script src="./attnlab-figure.js"></script>
<attnlab-figure id="fig" src="./${LINK}&api=1" loading="eager"></attnlab-figure><p id="verdict">running</p>
<script>
const el = document.getElementById('fig');
const once = (type, ms) => new Promise((resolve) => { const t = setTimeout(() => resolve(undefined), ms); \
el.addEventListener(type, (e) => { clearTimeout(t); resolve(e.detail); }, { once: true }); });
const steps = [];
(async () => {
  steps.push(['first result event', Boolean(await once('attnlab:result', 90000))]);
  const refused = once('attnlab:error', 10000);
  el.set({ beta: 'lots' });
  steps.push(['error event names beta', Boolean((await refused)?.key === 'beta')]);
  const state = await Promise.race([el.get(), new Promise((r) => setTimeout(() => r(undefined), 10000))]);
  steps.push(['get() resolves with the values', state?.values?.beta === '4']);
  const result = once('attnlab:result', 90000);
  el.set({ beta: 12 });
  el.run();
  const r = await result;
  steps.push(['set and run: result event', Boolean(r && /beta=12/.test(r.link))]);
  document.getElementById('verdict').textContent = JSON.stringify({ steps, result: r || null });
})().catch((e) => { document.getElementById('verdict').textContent = JSON.stringify({ steps, error: String(e) }); });
</script>`;

test('host API: <attnlab-figure> with api=1 has set, run, get and DOM events (Chromium)', async ({
  context,
  serveDist,
}) => {
  const { server, base } = await serveDist({ files: { 'element-host.html': ELEMENT_HOST } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}element-host.html`);
    const verdict = await verdictOf((body) => page.evaluate(`(function () { ${body} })()`));
    await page.close();
    return await judge('element', verdict, context, base, 4);
  } finally {
    server.close();
  }
});

export const hostApiTests = tests;
