// SPDX-License-Identifier: Apache-2.0
// Every experiment in Firefox ESR and WebKitGTK (the cross-browser check; Safari users see WebKit), run by
// run.mjs: one small link per experiment, each differing from every preset (seed 11) so the engine's
// own wasm runs instead of a shipped result. In each engine the page must finish ('done') with no page
// error, console error or failed request, and its #result-json must be byte-identical to Chromium's for
// the same link. Chromium's results are gathered once, by the first of the two tests to run. In each
// engine one tab loads the first link and goes to the others as the picker does, by the address's hash.
// Firefox: puppeteer-core over WebDriver BiDi, Debian's /usr/bin/firefox-esr (no downloaded browser).
// WebKit: webkit.mjs; its driver has no console log, so the pages come from a second server that loads
// CAPTURE first, which records console.error, uncaught errors and rejections, CSP violations and
// failed loads.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { assert } from './helpers.mjs';
import { launchWebKit } from './webkit.mjs';

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

/**
 * One link per experiment (its declared engine set, `attnlab --test-sets`), each under 2 s of computing in
 * Chromium (WebKitGTK's wasm is several times slower here).
 */
const sets = JSON.parse(
  execFileSync(fileURLToPath(new URL('../../build/native/attnlab', import.meta.url)), ['--test-sets'], {
    encoding: 'utf8',
  }),
);
export const ENGINE_LINKS = Object.entries(sets).map(
  ([id, { engine }]) =>
    `#exp=${id}&v=3&${Object.entries(engine)
      .map(([k, v]) => `${k}=${v}&`)
      .join('')}seed=11`,
);

/** Statuses a page stays in until someone acts. */
const SETTLED = ['done', 'precomputed', 'error', 'waiting', 'stopped', 'opened'];
const WAIT_MS = 120_000; // rank-zoo took 42 s in WebKit on this machine under a load of 14 on 2 cores

/** Read in the page (a function body): its status, whether the explanation is in, its result and error. */
const READ_PAGE = `
  const status = document.body.dataset.status;
  const error = document.querySelector('#error');
  return {
    status,
    explained: document.querySelector('#explain[data-loaded]') !== null,
    json: document.querySelector('#result-json')?.textContent ?? '',
    error: error && !error.hidden ? error.textContent.trim() : '',
  };`;

/** WebKit's stand-in for a console listener: loaded before the page's own scripts (the CSP allows 'self' only). */
const CAPTURE = `(() => {
  const problems = (window.__e2eProblems = []);
  const text = (v) => (v instanceof Error ? v.message : String(v));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { problems.push('console error: ' + args.map(text).join(' ')); consoleError(...args); };
  addEventListener('error', (e) => problems.push(e.message !== undefined ? 'page error: ' + e.message : 'failed to \
load: ' + (e.target.src || e.target.href || e.target.tagName)), true);
  addEventListener('unhandledrejection', (e) => problems.push('page error: ' + text(e.reason)));
  addEventListener('securitypolicyviolation', (e) => problems.push('CSP violation: ' + e.violatedDirective + ' ' + \
e.blockedURI));
})();`;

/**
 * Go to a link by changing the address's hash, as the picker does; the status is cleared so the last link's 'done' is
 * not read as this one's.
 */
const NEXT_LINK = "document.body.dataset.status = ''; location.hash = arguments[0];";
const RAF2 = 'return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));';

/**
 * Opens every link in one tab of an engine: the first by loading the page, the others by changing the
 * hash (a page load costs WebKit 4–10 s here). `tab` = { load(url), run(body, ...args) (a function body,
 * as W3C Execute Script takes it), problems() (what the engine reported since the last call) }.
 * Returns { name, states: Map<link, READ_PAGE's answer + problems> } and prints the time of each link.
 */
async function visitAll(name, tab, base) {
  const states = new Map();
  const seconds = [];
  for (const [k, link] of ENGINE_LINKS.entries()) {
    const t0 = performance.now();
    let state;
    try {
      if (k === 0) await tab.load(`${base}${link}`);
      else await tab.run(NEXT_LINK, link);
      for (const start = Date.now(); ; await sleep(50)) {
        state = await tab.run(READ_PAGE);
        if (SETTLED.includes(state.status) && (state.status !== 'done' || state.explained)) break;
        if (Date.now() - start > WAIT_MS) throw new Error(`still '${state.status}' after ${WAIT_MS / 1000} s`);
      }
      await tab.run(RAF2); // the explanation's MathML is checked when it is laid out: two frames for Firefox to say so
    } catch (error) {
      state = { status: 'not settled', error: error.message.split('\n')[0] };
    }
    states.set(link, { ...state, problems: await tab.problems() });
    seconds.push([experimentOf(link), (performance.now() - t0) / 1000]);
  }
  const total = seconds.reduce((sum, [, t]) => sum + t, 0);
  console.log(
    `  ${name}: ${ENGINE_LINKS.length} links in ${total.toFixed(1)} s ` +
      `(${seconds.map(([id, t]) => `${id} ${t.toFixed(1)}`).join(', ')})`,
  );
  return { name, states };
}

/** What went wrong in a visit: a status other than 'done', an error, a result other than the reference's. */
function findings({ name, states }, reference) {
  const problems = [];
  for (const [link, state] of states) {
    const where = `${name}, ${experimentOf(link)}`;
    const expected = reference?.states.get(link);
    if (state.status !== 'done') problems.push(`${where}: status '${state.status}' ${state.error}`);
    else if (expected?.status === 'done' && state.json !== expected.json) {
      problems.push(
        `${where}: #result-json differs from Chromium's (${state.json.length} ` +
          `vs ${expected.json.length} bytes; ${firstDifference(state.json, expected.json)})`,
      );
    }
    for (const p of state.problems) problems.push(`${where}: ${p}`);
  }
  return problems;
}

const experimentOf = (link) => link.match(/exp=([^&]+)/)[1];

const firstDifference = (a, b) => {
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return `first difference at byte ${k}: '${a.slice(Math.max(0, k - 30), k + 30)}'`;
};

/** A tab's problems() for a page with console, pageerror and requestfailed events (playwright and puppeteer alike). */
function listen(page) {
  let seen = [];
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => seen.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  return () => {
    const taken = seen;
    seen = [];
    return taken;
  };
}

/**
 * Runs a function body in a playwright or puppeteer page, with its arguments as `arguments` (a string: the page's CSP
 * forbids new Function).
 */
const runIn =
  (page) =>
  (body, ...args) =>
    page.evaluate(`(function () { ${body} }).apply(null, ${JSON.stringify(args)})`);

let reference; // Promise of Chromium's visitAll(), shared by both tests

/** Chromium's answers for every link, in a tab of the shared context; its problems are reported by both tests. */
function chromiumReference(context, base) {
  reference ??= (async () => {
    const page = await context.newPage();
    try {
      return await visitAll(
        'Chromium',
        { load: (url) => page.goto(url), run: runIn(page), problems: listen(page) },
        base,
      );
    } finally {
      await page.close();
    }
  })();
  return reference;
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('engines: Firefox ESR runs every experiment with no error, #result-json byte-identical to Chromium', async ({
  context,
  base,
}) => {
  const chromium = await chromiumReference(context, base);
  assert(existsSync(FIREFOX), `${FIREFOX} is missing (bash scripts/setup.sh test installs firefox-esr)`);
  const { default: puppeteer } = await import('puppeteer-core');
  const t0 = performance.now();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
  });
  try {
    const page = await browser.newPage();
    const problems = listen(page);
    console.log(`  ${await browser.version()}, started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const firefox = await visitAll(
      'Firefox',
      { load: (url) => page.goto(url, { timeout: WAIT_MS }), run: runIn(page), problems },
      base,
    );
    return [...findings(chromium), ...findings(firefox, chromium)];
  } finally {
    await browser.close();
  }
});

test('engines: WebKitGTK runs every experiment with no error, #result-json byte-identical to Chromium', async ({
  context,
  base,
  serveDist,
}) => {
  const chromium = await chromiumReference(context, base);
  const { server, base: capturedBase } = await serveDist({
    files: { '__e2e-capture.js': CAPTURE },
    head: '<script src="./__e2e-capture.js"></script>',
  });
  let webkit;
  try {
    const t0 = performance.now();
    webkit = await launchWebKit();
    console.log(`  ${webkit.version}, started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const problems = async () => {
      const taken = await webkit.evaluate('return window.__e2eProblems?.splice(0)');
      return Array.isArray(taken) ? taken : ['the error capture did not load'];
    };
    const visit = await visitAll('WebKit', { load: webkit.goto, run: webkit.evaluate, problems }, capturedBase);
    return [...findings(chromium), ...findings(visit, chromium)];
  } finally {
    await webkit?.close();
    server.close();
  }
});

export const engineTests = tests;
