// SPDX-License-Identifier: Apache-2.0
// Headless runs (web/src/engine/headless.ts, behind `npm run lab`): result JSON on stdout in the
// native CLI's shape, progress on stderr, exit 2 with one line naming the parameter on bad input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPool, main } from '../../web/src/engine/headless';
import { differences } from '../e2e/compare.mjs';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-headless-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function lab(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    wasmDir,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, stderr };
}

describe('npm run lab', () => {
  it('prints the result JSON of the native CLI for the same arguments, progress on stderr', async () => {
    const args = ['attention-map', 'n=40', 'd=3', 'beta=9', 'geometry=gauss', 'seed=3', 'px=16'];
    const run = await lab(...args);
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith('\n')).toBe(true);
    expect(run.stderr).toMatch(/progress 100%\n$/);
    const native = JSON.parse(execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    expect(differences(native, JSON.parse(run.stdout))).toEqual([]);
  });

  it('--pool N gives the identical result', async () => {
    const args = ['attention-map', 'n=30', 'seed=8', 'px=16'];
    const alone = await lab(...args);
    const pooled = await lab(...args, '--pool', '2');
    expect(pooled.code).toBe(0);
    expect(pooled.stdout).toBe(alone.stdout);
  });

  it(
    'without --pool a sweep runs on every core and gives the ' + 'bytes of --pool 1; a single job stays in this thread',
    async () => {
      expect(defaultPool(1, 8)).toBeUndefined();
      expect(defaultPool(12, 1)).toBeUndefined();
      expect(defaultPool(12, 2)).toBe(2);
      expect(defaultPool(3, 8)).toBe(3);
      const args = ['rank-beta', 'n=24', 'betas=1,4,16', 'seed=2'];
      const pooled = await lab(...args);
      const one = await lab(...args, '--pool', '1');
      expect(pooled.code).toBe(0);
      expect(pooled.stdout).toBe(one.stdout);
    },
  );

  it.each([
    [['attention-map', 'n=abc'], /^attnlab: n must be an integer in \[2, 4096\], got 'abc'\n$/],
    [['attention-map', 'beta=-5'], /^attnlab: beta .*\n$/],
    [['attention-map', 'zzz=1'], /^attnlab: .*zzz.*\n$/],
    [['attention-map', 'n'], /^attnlab: expected key=value, got 'n'\n$/],
    [
      ['attention-map', '--pool', '0'],
      /^attnlab: --pool must be an integer in \[1, \d+\] \(the cores of this machine\), got '0'\n$/,
    ],
    [
      ['attention-map', '--pool', '256'],
      /^attnlab: --pool must be an integer in \[1, \d+\] \(the cores of this machine\), got '256'\n$/,
    ],
    [['attention-map', 'n=0x10'], /^attnlab: n must be an integer in \[2, 4096\], got '0x10'\n$/],
    [['sparse-dmin', 'ns=16,'], /^attnlab: ns must be a comma-separated list .*\n$/],
    // attention-map takes no file
    [['attention-map', `upload=${join(scratch, 'x.csv')}`], /^attnlab: unknown parameter 'upload'\n$/],
    [
      ['attention-map', `n=${'9'.repeat(100000)}`],
      /^attnlab: n must be an integer in \[2, 4096\], got '9{77}\.\.\.'\n$/,
    ],
    [['no-such-experiment'], /^attnlab: unknown experiment 'no-such-experiment' \(known: .*attention-map.*\)\n$/],
    [['sparse-approx', `upload=${join(scratch, 'missing.csv')}`], /^attnlab: pattern: cannot open .*missing\.csv'\n$/],
    [
      ['sparse-approx', 'pattern=/dev/zero'],
      /^attnlab: pattern: '\/dev\/zero' is a character device, not a regular file\n$/,
    ], // the native CLI's words
    [['sparse-approx', `pattern=${scratch}`], /^attnlab: pattern: '.*' is a directory, not a regular file\n$/],
  ])('%j exits 2 with one line naming the problem', async (argv, pattern) => {
    const run = await lab(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(pattern);
  });

  it("says a weights-only run's estimated time on stderr before it runs", async () => {
    const folder = fileURLToPath(new URL('../fixtures/models/bert-f32', import.meta.url));
    const run = await lab('rank-zoo', `model=${folder}`, 'weights=1', '--pool', '1');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /attnlab: weights only: 8 heads × 1 temperature, each a 16 × 16 form of rank ≤ 4: estimated 1 s on 1 worker /,
    );
    expect(run.stderr.indexOf('estimated')).toBeLessThan(run.stderr.indexOf('progress'));
    expect(JSON.parse(run.stdout).rows).toHaveLength(8);
  });

  it('reads an upload and names the bad line of a broken one', async () => {
    const good = join(scratch, 'pattern.csv');
    writeFileSync(good, [...Array(8).keys()].map((i) => `${i},${i},${1 + (i % 3)}`).join('\n') + '\n2,0,1\n');
    const run = await lab('sparse-approx', `upload=${good}`, 'd=32', 'px=16');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).uploaded).toBe(true);

    const bad = join(scratch, 'bad.csv');
    writeFileSync(bad, '0,0,1\n1,x,2\n');
    const failed = await lab('sparse-approx', `upload=${bad}`);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^attnlab: pattern: .*bad\.csv: line 2: .*\n$/);
    expect(failed.stderr.split('\n')).toHaveLength(2); // one line
  });

  it('--help exits 0 with the same table as the native CLI; --schema is the native one', async () => {
    const help = await lab('sparse-dmin', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(execFileSync(cli, ['sparse-dmin', '--help'], { encoding: 'utf8' }));
    const schema = await lab('--schema');
    expect(JSON.parse(schema.stdout)).toEqual(JSON.parse(execFileSync(cli, ['--schema'], { encoding: 'utf8' })));
  });

  it('--help of an experiment that takes heads: one line per model option; the general --help names them', async () => {
    const option = (text: string, key: string) => text.split('\n').filter((line) => line.trimStart().startsWith(key));
    for (const id of ['rank-zoo', 'rank-interaction']) {
      const help = await lab(id, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout.startsWith(execFileSync(cli, [id, '--help'], { encoding: 'utf8' }))).toBe(true);
      for (const key of ['model=<folder>', 'text="..."', 'weights=1', 'lastLayer=<i>', 'dropFirst=1'])
        expect(option(help.stdout, key), `${id}: ${key}`).toHaveLength(1);
      const study = ['corpus=<file>', 'n=<a,b,...>', 'windows=<k>'].map((key) => option(help.stdout, key).length);
      expect(study, `${id}: the study's options`).toEqual(id === 'rank-zoo' ? [1, 1, 1] : [0, 0, 0]);
      expect(help.stdout).toMatch(/model-qk model=<folder> \(ids=<id,\.\.\.> \| text="\.\.\."\) layer=<i> head=<h>/);
    }
    const usage = await lab('--help');
    expect(usage.code).toBe(0);
    expect(usage.stdout).toMatch(/<rank-interaction\|rank-zoo> model=<folder> \[text="\.\.\." \| weights=1\]/);
    expect(usage.stdout).toMatch(/lastLayer=<i>\] \[dropFirst=1\]/);
    expect(usage.stdout).toMatch(/corpus=<file> \[n=<a,b,\.\.\.>\] \[windows=<k>\]/);
    expect(usage.stdout).toMatch(/npm run lab -- model-qk model=<folder> .* layer=<i> head=<h>/);
    const qk = await lab('model-qk', '--help');
    expect(qk.code).toBe(0);
    expect(qk.stdout).toMatch(/text="\.\.\."/);
  });
});
