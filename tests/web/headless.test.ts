// Headless runs (web/src/engine/headless.ts, behind `npm run lab`): result JSON on stdout in the
// native CLI's shape, progress on stderr, exit 2 with one line naming the parameter on bad input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../web/src/engine/headless';
import { differences } from '../e2e/compare.mjs';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-headless-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function lab(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { wasmDir, stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; } });
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

  it.each([
    [['attention-map', 'n=abc'], /^attnlab: n must be an integer in \[2, 4096\], got 'abc'\n$/],
    [['attention-map', 'beta=-5'], /^attnlab: beta .*\n$/],
    [['attention-map', 'zzz=1'], /^attnlab: .*zzz.*\n$/],
    [['attention-map', 'n'], /^attnlab: expected key=value, got 'n'\n$/],
    [['attention-map', '--pool', '0'], /^attnlab: --pool must be an integer in \[1, 256\], got '0'\n$/],
    [['no-such-experiment'], /^attnlab: unknown experiment 'no-such-experiment' \(known: .*attention-map.*\)\n$/],
    [['attention-map', `upload=${join(scratch, 'missing.csv')}`], /^attnlab: upload: cannot open .*missing\.csv'\n$/],
  ])('%j exits 2 with one line naming the problem', async (argv, pattern) => {
    const run = await lab(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(pattern);
  });

  it('reads an upload and names the bad line of a broken one', async () => {
    const good = join(scratch, 'pattern.csv');
    writeFileSync(good, '0,0,1\n1,1,2\n2,2,1\n2,0,1\n');
    const run = await lab('sparse-approx', `upload=${good}`, 'd=32', 'px=16');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).uploaded).toBe(true);

    const bad = join(scratch, 'bad.csv');
    writeFileSync(bad, '0,0,1\n1,x,2\n');
    const failed = await lab('sparse-approx', `upload=${bad}`);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^attnlab: upload: .*bad\.csv: line 2: field j 'x' is not a finite number\n$/);
  });
});
