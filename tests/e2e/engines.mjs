// Every experiment in Firefox ESR and WebKitGTK (issue 16 item 7; Safari users see WebKit), run by
// run.mjs: one small link per experiment, each differing from every preset (seed 11) so the engine's
// own wasm runs instead of a shipped result. In each engine the page must finish ('done') with no page
// error, console error or failed request, and its #result-json must be byte-identical to Chromium's for
// the same link. Chromium's results are gathered once, by the first of the two tests to run.
// Firefox: puppeteer-core over WebDriver BiDi, Debian's /usr/bin/firefox-esr (no downloaded browser).
// WebKit: webkit.mjs; its driver has no console log, so the pages come from a second server that loads
// CAPTURE first, which records console.error, uncaught errors and rejections, CSP violations and
// failed loads.
import { existsSync } from 'node:fs';
import { assert, waitForStatus } from './helpers.mjs';
import { launchWebKit } from './webkit.mjs';

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

/** One link per experiment, each well under 2 s of computing. */
export const ENGINE_LINKS = [
  '#exp=attention-map&v=2&n=64&beta=4&seed=11',
  '#exp=sparse-approx&v=2&n=64&seed=11',
  '#exp=sparse-dmin&v=2&ns=32,64&seeds=1&step=32&seed=11',
  '#exp=rmt-spectrum&v=2&d=100&seed=11',
  '#exp=rmt-transition&v=2&d=100&mu2=1,4&seeds=1&seed=11',
  '#exp=rmt-weights&v=2&d=200&sequences=20&seed=11',
  '#exp=rmt-ridge&v=2&d=100&mu2=0.5,1&ntrain=400&ntest=400&seeds=1&seed=11',
  '#exp=rmt-phase&v=2&xmax=1&seed=11',
  '#exp=rank-beta&v=2&n=64&betas=1,4,16&seed=11',
  '#exp=rank-n&v=2&n=16,32,64&seed=11',
  '#exp=rank-eps&v=2&n=64&eps=0.2,0.1&seed=11',
  '#exp=rank-ladder&v=2&n=64&seed=11',
  '#exp=rank-interaction&v=2&n=64&seed=11',
  '#exp=rank-zoo&v=2&family=sink&seed=11',
];

/** Statuses a page stays in until someone acts. */
const SETTLED = ['done', 'precomputed', 'error', 'waiting', 'stopped', 'opened'];
const WAIT_MS = 60_000;

/** Read in the page (a function body): its status, whether the explanation is in, its result and error. */
const READ_PAGE = `
  const status = document.body.dataset.status;
  const error = document.querySelector('#error');
  return {
    status,
    explained: document.querySelector('#explain[data-loaded]') !== null,
    json: document.querySelector('#result-json')?.textContent ?? '',
    error: error && !error.hidden ? error.textContent.trim() : '',
    problems: window.__e2eProblems ?? [],
  };`;

/** WebKit's stand-in for a console listener: loaded before the page's own scripts (the CSP allows 'self' only). */
const CAPTURE = `(() => {
  const problems = (window.__e2eProblems = []);
  const text = (v) => (v instanceof Error ? v.message : String(v));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { problems.push('console error: ' + args.map(text).join(' ')); consoleError(...args); };
  addEventListener('error', (e) => problems.push(e.message !== undefined ? 'page error: ' + e.message : 'failed to load: ' + (e.target.src || e.target.href || e.target.tagName)), true);
  addEventListener('unhandledrejection', (e) => problems.push('page error: ' + text(e.reason)));
  addEventListener('securitypolicyviolation', (e) => problems.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));
})();`;

/** Polls `read()` (READ_PAGE's answer) until the run has settled and its explanation is in. */
async function settle(read, link) {
  const t0 = Date.now();
  for (;;) {
    const state = await read();
    if (SETTLED.includes(state.status) && (state.status !== 'done' || state.explained)) return state;
    if (Date.now() - t0 > WAIT_MS) throw new Error(`${link}: still '${state.status}' after ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let reference; // Promise<{ results: Map<link, #result-json text>, problems }>, shared by both tests

/** Chromium's #result-json for every link, and what went wrong there (reported by both engine tests). */
function chromiumReference(context, base) {
  reference ??= (async () => {
    const t0 = performance.now();
    const results = new Map();
    const problems = [];
    const page = await context.newPage(); // one tab for every link, as in the other engines
    let seen = [];
    page.on('console', (m) => { if (m.type() === 'error') seen.push(`console error: ${m.text()}`); });
    page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => seen.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    for (const link of ENGINE_LINKS) {
      await page.goto('about:blank');
      seen = [];
      try {
        await page.goto(`${base}${link}`);
        await waitForStatus(page, 'done', WAIT_MS); // 'done', not 'precomputed': the link ran in wasm
        await page.waitForSelector('#explain[data-loaded]', { state: 'attached', timeout: WAIT_MS });
        results.set(link, await page.locator('#result-json').textContent());
      } catch (error) {
        seen.push(error.message.split('\n')[0]);
      }
      problems.push(...seen.map((p) => `Chromium, ${experimentOf(link)}: ${p}`));
    }
    await page.close();
    console.log(`  Chromium: ${ENGINE_LINKS.length} links in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { results, problems };
  })();
  return reference;
}

const experimentOf = (link) => link.match(/exp=([^&]+)/)[1];

/**
 * Opens every link in one engine session (`visit(url)` returns READ_PAGE's answer once settled, with
 * the problems seen) and compares with Chromium. Returns the differences as problems, with a timing line.
 */
async function checkEngine(name, visit, chromium, base) {
  const problems = [...chromium.problems];
  const times = [];
  for (const link of ENGINE_LINKS) {
    const t0 = performance.now();
    const where = `${name}, ${experimentOf(link)}`;
    const state = await visit(`${base}${link}`).catch((error) => ({ status: 'not settled', error: error.message.split('\n')[0], problems: [] }));
    times.push([(performance.now() - t0) / 1000, experimentOf(link)]);
    const expected = chromium.results.get(link);
    if (state.status !== 'done') problems.push(`${where}: status '${state.status}' ${state.error}`);
    else if (expected !== undefined && state.json !== expected) {
      problems.push(`${where}: #result-json differs from Chromium's (${state.json.length} vs ${expected.length} bytes; ${firstDifference(state.json, expected)})`);
    }
    for (const p of state.problems) problems.push(`${where}: ${p}`);
  }
  const slowest = times.reduce((a, b) => (b[0] > a[0] ? b : a));
  const total = times.reduce((sum, [t]) => sum + t, 0);
  console.log(`  ${name}: ${ENGINE_LINKS.length} links in ${total.toFixed(1)} s (slowest: ${slowest[1]}, ${slowest[0].toFixed(1)} s)`);
  return problems;
}

const firstDifference = (a, b) => {
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return `first difference at byte ${k}: '${a.slice(Math.max(0, k - 30), k + 30)}'`;
};

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('engines: Firefox ESR runs every experiment with no error, #result-json byte-identical to Chromium', async ({ context, base }) => {
  const chromium = await chromiumReference(context, base);
  assert(existsSync(FIREFOX), `${FIREFOX} is missing (bash scripts/setup.sh test installs firefox-esr)`);
  const { default: puppeteer } = await import('puppeteer-core');
  const t0 = performance.now();
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, defaultViewport: { width: 1280, height: 900 } });
  try {
    const page = await browser.newPage(); // one tab for every link: a new tab costs about a second here
    let seen = [];
    page.on('console', (m) => { if (m.type() === 'error') seen.push(`console error: ${m.text()}`); });
    page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => seen.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    const visit = async (url) => {
      await page.goto('about:blank'); // a new document for every link, not a hash change of the last one
      seen = [];
      await page.goto(url, { timeout: WAIT_MS });
      const state = await settle(() => page.evaluate(`(() => {${READ_PAGE}})()`), url);
      // The explanation's MathML is checked when it is laid out: give Firefox two frames to say so.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      return { ...state, problems: seen };
    };
    console.log(`  ${await browser.version()}, started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return await checkEngine('Firefox', visit, chromium, base);
  } finally {
    await browser.close();
  }
});

test('engines: WebKitGTK runs every experiment with no error, #result-json byte-identical to Chromium', async ({ context, base, serveDist }) => {
  const chromium = await chromiumReference(context, base);
  const { server, base: capturedBase } = await serveDist({ files: { '__e2e-capture.js': CAPTURE }, head: '<script src="./__e2e-capture.js"></script>' });
  let webkit;
  try {
    const t0 = performance.now();
    webkit = await launchWebKit();
    console.log(`  ${webkit.version}, started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const visit = async (url) => {
      await webkit.goto('about:blank'); // a new document for every link, not a hash change of the last one
      await webkit.goto(url);
      const state = await settle(() => webkit.evaluate(READ_PAGE), url);
      const problems = await webkit.evaluate('return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__e2eProblems))))');
      assert(Array.isArray(problems), `WebKit, ${url}: the error capture did not load`);
      return { ...state, problems };
    };
    return await checkEngine('WebKit', visit, chromium, capturedBase);
  } finally {
    await webkit?.close();
    server.close();
  }
});

export const engineTests = tests;
