// SPDX-License-Identifier: Apache-2.0
// How run.mjs runs its tests: one after another in one Chromium (lanes = 1), or in lanes: run.mjs forks `lanes` Node
// processes (run.mjs --lane), each with a Chromium and a static server of its own, which take the next test from one
// queue, longest first by the last run's times (build/reports/e2e-times.json; on a fresh clone, LONG first). A lane
// is a process of its own so that one test's synchronous headless or native run does not stall another's page. The
// tests that time what the page does (ALONE: progress, Stop, time limits, edits during a run, the offline copy's
// update) run after the others, one at a time, so a neighbour's load cannot push them past their limits. Prints
// PASS/FAIL per test as it ends.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assert, root } from './helpers.mjs';

/** Names of the tests that must have the machine to themselves. */
export const ALONE =
  /\bStop\b|Esc stops|progress text|time limit|at once|quick edits|as you edit|offline:|nothing computes before/;
const TIMES = join(root, 'build/reports/e2e-times.json');
/** Without the last run's times (a fresh clone), these start first: each runs every experiment or several browsers. */
const LONG = /^engines:|^verdicts|^axe-core|every experiment|^host API: the same|^readers \(/;

/** Runs one test in a lane's environment: { ok, message, seconds }. */
async function runOne({ fn }, env) {
  const t0 = performance.now();
  try {
    const problems = (await fn(env)) ?? [];
    assert(problems.length === 0, problems.slice(0, 3).join('; '));
    return { ok: true, seconds: (performance.now() - t0) / 1000 };
  } catch (error) {
    return { ok: false, message: error.message.split('\n')[0], seconds: (performance.now() - t0) / 1000 };
  }
}

function report(name, { ok, message, seconds }) {
  console.log(ok ? `PASS ${name} (${seconds.toFixed(1)} s)` : `FAIL ${name}: ${message}`);
}

function lastTimes() {
  try {
    return JSON.parse(readFileSync(TIMES, 'utf8'));
  } catch {
    return {};
  }
}

/** In a lane (run.mjs --lane): opens its environment, then runs the tests the parent sends until it says done. */
export async function serveLane(tests, openLane) {
  const lane = await openLane();
  process.on('message', async (message) => {
    if (message.index === undefined) {
      await lane.close();
      process.exit(0);
    }
    process.send({ index: message.index, result: await runOne(tests[message.index], lane.env) });
  });
  process.send({ ready: true });
}

/** Runs the tests at `indices` in `count` forked lanes; calls done(index, result) as each ends. */
function inLanes(tests, indices, count, done) {
  const queue = [...indices];
  const lanes = Array.from({ length: Math.min(count, queue.length) }, () => {
    const child = fork(process.argv[1], [...process.argv.slice(2), '--lane'], { stdio: 'inherit' });
    let running;
    const next = () => {
      running = queue.shift();
      child.send(running === undefined ? {} : { index: running });
    };
    child.on('message', (message) => {
      if (message.result) done(message.index, message.result);
      next();
    });
    return new Promise((resolve) =>
      child.on('exit', (code) => {
        if (running !== undefined && code !== 0) done(running, { ok: false, message: `its lane exited with ${code}` });
        resolve();
      }),
    );
  });
  return Promise.all(lanes);
}

/** Runs the tests whose name contains `only`; prints "e2e: N passed, M failed" and returns the exit code. */
export async function runTests(tests, { only, lanes, openLane }) {
  const selected = tests.map((t, i) => i).filter((i) => tests[i].name.includes(only));
  const times = lastTimes();
  const seen = { ...times };
  let passed = 0;
  let failed = 0;
  const done = (index, result) => {
    report(tests[index].name, result);
    if (result.ok) {
      passed++;
      seen[tests[index].name] = result.seconds;
    } else failed++;
  };
  if (lanes <= 1) {
    let lane;
    try {
      lane = await openLane();
      for (const i of selected) done(i, await runOne(tests[i], lane.env));
    } catch (error) {
      failed = selected.length - passed;
      console.log(`FAIL launching Chromium: ${error.message.split('\n')[0]}`);
    } finally {
      await lane?.close();
    }
  } else {
    const guess = (i) => times[tests[i].name] ?? (LONG.test(tests[i].name) ? 60 : 1);
    const longestFirst = (a, b) => guess(b) - guess(a);
    const shared = selected.filter((i) => !ALONE.test(tests[i].name)).sort(longestFirst);
    await inLanes(tests, shared, lanes, done);
    await inLanes(
      tests,
      selected.filter((i) => ALONE.test(tests[i].name)),
      1,
      done,
    );
    failed = selected.length - passed; // a lane that could not start ran nothing
  }
  if (!existsSync(dirname(TIMES))) mkdirSync(dirname(TIMES), { recursive: true });
  writeFileSync(TIMES, JSON.stringify(seen, null, 1));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}
