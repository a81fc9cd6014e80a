// SPDX-License-Identifier: Apache-2.0
// The core as an npm library (build/package/, scripts/build-package.mjs): packed with `npm pack`, installed offline
// into an empty folder, imported as `attnlab` in a fresh Node process: three links give `npm run lab`'s bytes;
// schemas() lists every experiment; a refusal names the parameter; an AbortSignal stops a run.
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
});
