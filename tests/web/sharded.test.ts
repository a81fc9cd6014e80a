// SPDX-License-Identifier: Apache-2.0
// Sweeps beyond one machine: attnlab plan → run-job (here under GNU parallel, 2 slots) → combine gives
// byte for byte what one process prints; an interrupted sweep resumes with --missing and redoes only
// the missing jobs; a corrupt result is detected and rerun; bad input is one line and exit 2.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../web/src/experiments/generated';
import { differences } from '../e2e/compare.mjs';
import { cliArgs, testSets } from './test-sets';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const runner = join(root, 'sweep-runners/parallel.sh');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-sweep-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The small sweeps the experiments declare (their sharded sets: one of each family that has a sweep). */
const SWEEPS = Object.entries(testSets(cli))
  .filter(([, sets]) => sets.sharded)
  .map(([id, sets]) => [id, cliArgs(sets.sharded!)] as const);

const oneProcess = (id: string, params: string[]) =>
  execFileSync(cli, [id, ...params], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
const sharded = (id: string, out: string, params: string[]) =>
  spawnSync('bash', [runner, id, out, '--slots', '2', ...params], {
    encoding: 'utf8',
    env: { ...process.env, ATTNLAB: cli },
  });
const joblogRuns = (out: string) => readFileSync(join(out, 'joblog.txt'), 'utf8').trim().split('\n').length - 1; // minus the header

describe('sharded sweeps equal the in-process run', () => {
  it('GNU parallel is installed (scripts/setup.sh test)', () => {
    expect(spawnSync('parallel', ['--version']).status).toBe(0);
  });

  it('a sweep of each family is declared', () => {
    expect(SWEEPS.map(([id]) => SCHEMAS.find((s) => s.id === id)?.family).sort()).toEqual(['rank', 'rmt', 'sparse']);
  });

  for (const [id, params] of SWEEPS) {
    it(`${id}: planned, run through GNU parallel with 2 slots and combined, byte for byte`, () => {
      const out = join(scratch, id);
      const r = sharded(id, out, params);
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(oneProcess(id, params));
    }, 240_000);
  }

  it('killed half-way, resumed with --missing: only missing jobs rerun, a truncated result is rerun, same bytes', async () => {
    const id = 'sparse-dmin';
    const params = ['ns=64,96,128', 'seeds=4', 'seed=5'];
    const out = join(scratch, 'killed');
    const child = spawn('bash', [runner, id, out, '--slots', '2', ...params], {
      env: { ...process.env, ATTNLAB: cli },
      detached: true,
      stdio: 'ignore',
    });
    const results = join(out, 'results');
    const count = () => (existsSync(results) ? readdirSync(results).filter((f) => f.endsWith('.json')).length : 0);
    const deadline = Date.now() + 120_000;
    while (count() < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    spawnSync('pkill', ['-KILL', '-f', `--jobs ${join(out, 'jobs.jsonl')}`]); // parallel's own children, in their own groups
    await new Promise((resolve) => setTimeout(resolve, 200));
    const finished = readdirSync(results).filter((f) => f.endsWith('.json'));
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(finished.length).toBeLessThan(12);
    // Corrupt one finished result (a truncated write that escaped the rename).
    const victim = join(results, finished[0]);
    writeFileSync(victim, readFileSync(victim, 'utf8').slice(0, 40));
    const missingBefore = execFileSync(cli, ['plan', id, ...params, '--missing', results], { encoding: 'utf8' })
      .trim()
      .split('\n').length;
    expect(missingBefore).toBe(12 - finished.length + 1);
    rmSync(join(out, 'joblog.txt'), { force: true });
    const r = sharded(id, out, params);
    expect(r.status, r.stderr).toBe(0);
    expect(joblogRuns(out)).toBe(missingBefore); // only the missing and the corrupt job ran
    expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(oneProcess(id, params));
  }, 240_000);
});

describe('the same three steps on the wasm build (npm run lab)', () => {
  it('plan → run-job (each index) → combine equals the headless one-process run, byte for byte', () => {
    const lab = (args: string[]) =>
      execFileSync(process.execPath, [join(root, 'scripts/lab.mjs'), ...args], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const params = ['ns=32,48', 'seeds=2', 'seed=6'];
    const dir = join(scratch, 'wasm');
    lab(['plan', 'sparse-dmin', ...params, '-o', join(dir, 'jobs.jsonl')]);
    const jobs = readFileSync(join(dir, 'jobs.jsonl'), 'utf8').trim().split('\n');
    expect(jobs).toHaveLength(4);
    // Each job line carries the core's estimates, the same in the wasm build as natively.
    const native = execFileSync(cli, ['plan', 'sparse-dmin', ...params], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    jobs
      .map((l) => JSON.parse(l))
      .forEach((line, i) => {
        expect(line.estimatedSeconds).toBeGreaterThan(0);
        expect(line.estimatedBytes).toBeGreaterThan(0);
        expect(line.estimatedSeconds).toBeCloseTo(native[i].estimatedSeconds, 9);
        expect(line.estimatedBytes).toBe(native[i].estimatedBytes);
      });
    for (let i = 0; i < jobs.length; i++)
      lab([
        'run-job',
        'sparse-dmin',
        '--jobs',
        join(dir, 'jobs.jsonl'),
        '--index',
        String(i),
        '-o',
        join(dir, 'results', `${i}.json`),
      ]);
    lab([
      'combine',
      'sparse-dmin',
      '--jobs',
      join(dir, 'jobs.jsonl'),
      join(dir, 'results'),
      '-o',
      join(dir, 'result.json'),
    ]);
    expect(readFileSync(join(dir, 'result.json'), 'utf8')).toBe(lab(['sparse-dmin', ...params]));
    // Native and wasm agree on what each job computes (to 1e-9; the files differ in number formatting).
    expect(
      differences(
        JSON.parse(oneProcess('sparse-dmin', params)),
        JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')),
      ),
    ).toEqual([]);
  }, 240_000);
});

describe('bad input to the sharded commands: one line, exit 2', () => {
  const dir = join(scratch, 'bad');
  const run = (args: string[]) => spawnSync(cli, args, { encoding: 'utf8' });
  const refused = (args: string[], text: RegExp) => {
    const r = run(args);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(text);
  };

  it('unknown experiment, foreign jobs file, other version, index out of range, foreign files', () => {
    execFileSync(cli, ['plan', 'sparse-dmin', 'ns=32', 'seeds=2', '-o', join(dir, 'jobs.jsonl')]);
    refused(['plan', 'no-such', 'n=3'], /unknown experiment 'no-such'/);
    refused(
      ['run-job', 'attention-map', '--jobs', join(dir, 'jobs.jsonl'), '--index', '0'],
      /holds jobs of 'sparse-dmin', not of attention-map/,
    );
    const old = readFileSync(join(dir, 'jobs.jsonl'), 'utf8').replace(/"app":"[^"]*"/g, '"app":"0.0.9"');
    writeFileSync(join(dir, 'old.jsonl'), old);
    refused(
      ['run-job', 'sparse-dmin', '--jobs', join(dir, 'old.jsonl'), '--index', '0'],
      /planned by attnlab 0\.0\.9; this is attnlab/,
    );
    refused(
      ['run-job', 'sparse-dmin', '--jobs', join(dir, 'jobs.jsonl'), '--index', '7'],
      /--index must be in \[0, 1\]/,
    );
    refused(
      ['run-job', 'sparse-dmin', '--jobs', join(dir, 'jobs.jsonl'), '--index', 'x'],
      /--index must be a job index/,
    );
    writeFileSync(join(dir, 'results-notes.txt'), 'x');
    execFileSync('mkdir', ['-p', join(dir, 'results')]);
    writeFileSync(join(dir, 'results', 'notes.txt'), 'mine');
    refused(
      ['combine', 'sparse-dmin', '--jobs', join(dir, 'jobs.jsonl'), join(dir, 'results')],
      /foreign file 'notes.txt'/,
    );
    refused(['plan', 'sparse-dmin', 'ns=32', '--missing', join(dir, 'results')], /foreign file 'notes.txt'/);
  });

  it('jobs and results carry the app version of package.json', () => {
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
    const line = JSON.parse(execFileSync(cli, ['plan', 'attention-map', 'n=16'], { encoding: 'utf8' }).split('\n')[0]);
    expect(line.app).toBe(version);
    expect(line.jobs).toBe(1);
  });
});
