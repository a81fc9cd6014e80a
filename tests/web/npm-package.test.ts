// SPDX-License-Identifier: Apache-2.0
// The core as an npm library (build/package/, scripts/build-package.mjs): packed with `npm pack`, installed offline
// into an empty folder, imported as `attnlab` in a fresh Node process: three links give `npm run lab`'s bytes;
// schemas() lists every experiment; a refusal names the parameter; an AbortSignal stops a run, at once even from a
// timer (the run is in a worker_thread), keeping a sweep's finished jobs; an onProgress that throws ends the run with
// its own error; a run estimated above maxSeconds (the command line's 3600 s by default) is refused in its words.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { toCoreParams } from '../../web/src/experiments/schema';
import { parseLink } from '../../web/src/state/url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LINKS = [
  '#exp=attention-map&v=3&n=300&d=4&beta=20&geometry=ball&seed=7',
  '#exp=rank-beta&v=3&n=64&betas=1,4,16&seed=11',
  '#exp=rmt-spectrum&v=3&d=50&seed=11',
];
let app = '';

beforeAll(() => {
  if (!existsSync(`${root}build/package/index.js`))
    execFileSync(process.execPath, [`${root}scripts/build-package.mjs`], { stdio: 'ignore' });
  const dir = mkdtempSync(join(tmpdir(), 'attnlab-pack-'));
  execFileSync('npm', ['pack', '--pack-destination', dir, '--silent'], {
    cwd: `${root}build/package`,
    stdio: 'ignore',
  });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  app = join(dir, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), '{"name": "app", "private": true, "type": "module"}\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(dir, tarball)], {
    cwd: app,
    stdio: 'ignore',
  });
}, 120_000);
afterAll(() => {
  if (app) rmSync(join(app, '..'), { recursive: true, force: true });
});

/** Runs a module body in the installed app (a fresh Node process); its stdout. */
function inApp(body: string): string {
  writeFileSync(join(app, 'probe.mjs'), `import * as attnlab from 'attnlab';\n${body}\n`);
  const r = spawnSync(process.execPath, ['probe.mjs'], { cwd: app, encoding: 'utf8', maxBuffer: 1 << 28 });
  expect(r.stderr).toBe('');
  return r.stdout;
}

describe('npm package', () => {
  // The command line of the same wasm core (`npm run lab`): the same bytes. (The native CLI's numbers agree with the
  // wasm core's within the native-vs-wasm test's tolerance, not bit for bit: tests/web/native-vs-wasm.)
  it.each(LINKS)("%s: run() gives npm run lab's bytes", (link) => {
    const { state } = parseLink(link, EXPERIMENTS);
    const params = toCoreParams(state.values);
    const args = [state.experimentId, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)];
    const got = inApp(
      `process.stdout.write(JSON.stringify(await ` +
        `attnlab.run(${JSON.stringify(state.experimentId)}, ${JSON.stringify(params)})) + '\\n');`,
    );
    const headless = execFileSync(process.execPath, [`${root}scripts/lab.mjs`, ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(got).toBe(headless);
  });

  it('schemas() lists every experiment; plan() estimates; a bad value is refused by name; an aborted run stops', () => {
    const out = JSON.parse(
      inApp(`
      const ids = (await attnlab.schemas()).map((s) => s.id);
      const plan = await attnlab.plan('rank-n', { n: [16, 32], seed: 1 });
      let refused = '', stopped = '';
      try { await attnlab.run('attention-map', { beta: -1, seed: 1 }); } catch (e) { refused = e.message; }
      const controller = new AbortController();
      controller.abort();
      try { await attnlab.run('rank-n', { seed: 1 }, { signal: controller.signal }); } catch (e) { stopped = \
e.message; }
      process.stdout.write(JSON.stringify({ ids, jobs: plan.jobs.length, refused, stopped }));`),
    );
    expect(out.ids).toEqual(EXPERIMENTS.map((m) => m.id).sort((a, b) => out.ids.indexOf(a) - out.ids.indexOf(b)));
    expect(out.ids).toHaveLength(EXPERIMENTS.length);
    expect(out.jobs).toBeGreaterThan(0);
    expect(out.refused).toMatch(/beta/);
    expect(out.stopped).toBe('stopped');
  });

  it('an abort from a timer stops a long run at once, and the process exits', () => {
    const out = JSON.parse(
      inApp(`
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 500);
      const started = performance.now();
      let stopped;
      try { await attnlab.run('rank-beta', { n: 2048, seed: 1 }, { signal: controller.signal }); }
      catch (e) { stopped = { message: e.message, core: e instanceof Error && e.name === 'CoreError' }; }
      process.stdout.write(JSON.stringify({ stopped, seconds: (performance.now() - started) / 1000 }));`),
    );
    expect(out.stopped).toEqual({ message: 'stopped', core: true });
    expect(out.seconds).toBeLessThan(3); // the whole run takes about 25 s on the reference machine
  }, 60_000);

  it("a sweep stopped after some jobs keeps their combined result, as the page's partial result", () => {
    const out = JSON.parse(
      inApp(`
      const controller = new AbortController();
      const plan = await attnlab.plan('rank-n', { n: [64, 128, 256, 512, 1024, 2048], seed: 1 });
      let error;
      try {
        await attnlab.run('rank-n', { n: [64, 128, 256, 512, 1024, 2048], seed: 1 }, {
          signal: controller.signal,
          onProgress: (fraction) => { if (fraction >= 2 / plan.jobs.length) controller.abort(); },
        });
      } catch (e) { error = e; }
      process.stdout.write(JSON.stringify({ jobs: plan.jobs.length, message: error.message,
        finished: error.finishedJobs, total: error.totalJobs, partial: error.partial,
        isRunStopped: error instanceof attnlab.RunStopped, defaultMaxSeconds: attnlab.DEFAULT_MAX_SECONDS }));`),
    );
    expect(out.message).toBe('stopped');
    expect(out.isRunStopped).toBe(true); // the package's public error class and default budget
    expect(out.defaultMaxSeconds).toBe(3600);
    expect(out.total).toBe(out.jobs);
    expect(out.finished).toBeGreaterThanOrEqual(1);
    expect(out.finished).toBeLessThan(out.jobs);
    expect(out.partial).toBeTypeOf('object');
  }, 60_000);

  it('an onProgress that throws ends the run with its own error, not "stopped"', () => {
    const out = JSON.parse(
      inApp(`
      class Mine extends Error {}
      let caught;
      try { await attnlab.run('rank-beta', { n: 512, seed: 1 }, { onProgress: () => { throw new Mine('mine'); } }); }
      catch (e) { caught = { mine: e instanceof Mine, message: e.message }; }
      process.stdout.write(JSON.stringify(caught));`),
    );
    expect(out).toEqual({ mine: true, message: 'mine' });
  }, 60_000);

  it('maxSeconds: a run estimated above it is refused in the words of npm run lab --max-seconds', () => {
    const out = JSON.parse(
      inApp(`
      const refusal = (values, options) => attnlab.run('rank-beta', values, options).then(() => '', (e) => e.message);
      const small = await refusal({ n: 2048, seed: 1 }, { maxSeconds: 0.5 });
      const bad = await refusal({ n: 16, seed: 1 }, { maxSeconds: -1 });
      const plan = await attnlab.plan('rank-beta', { n: 2048, seed: 1 });
      process.stdout.write(JSON.stringify({ small, bad, estimate: plan.estimatedSeconds }));`),
    );
    const lab = spawnSync(
      process.execPath,
      [`${root}scripts/lab.mjs`, 'rank-beta', 'n=2048', 'seed=1', '--max-seconds', '0.5'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(lab.status).toBe(2);
    expect(out.estimate).toBeGreaterThan(0.5);
    expect(out.small).toBe(
      lab.stderr
        .trim()
        .replace(/^attnlab: /, '')
        .replace('--max-seconds ', 'maxSeconds: '),
    );
    expect(out.bad).toMatch(/^maxSeconds must be a positive number of seconds/);
  }, 60_000);
});
