// SPDX-License-Identifier: Apache-2.0
// The sweep runners never double or clobber work: one sweep per folder, one plan per folder, 6 concurrent writers of
// one index all succeed, and parallel.sh runs each job of a rank-beta sweep exactly once. (The shards' checks are
// sweep-integrity.test.ts.)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const runner = join(root, 'sweep-runners/parallel.sh');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-runners-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ID = 'sparse-dmin';
const PARAMS = ['ns=16,32', 'seeds=2', 'step=4', 'seed=3']; // 4 jobs of a few milliseconds
const jobs = join(scratch, 'sweep', 'jobs.jsonl');

const native = (args: string[]) => spawnSync(cli, args, { encoding: 'utf8', timeout: 20_000 });

beforeAll(() => {
  execFileSync(cli, ['plan', ID, ...PARAMS, '-o', jobs]);
});

describe('runners never double or clobber work', () => {
  const runSweep = (out: string, id: string, params: string[]) =>
    spawn('bash', [runner, id, out, '--slots', '2', ...params], {
      env: { ...process.env, ATTNLAB: cli },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const finished = (child: ReturnType<typeof spawn>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      let stderr = '';
      child.stderr!.on('data', (d) => {
        stderr += d;
      });
      child.once('close', (code) => resolve({ code, stderr }));
    });

  it('parallel.sh runs each job of a rank-beta sweep exactly once (the job log has one line per job)', async () => {
    const out = join(scratch, 'rank-beta');
    const r = await finished(runSweep(out, 'rank-beta', ['n=32', 'd=2', 'betas=1,2,4,8', 'seed=2']));
    expect(r.code, r.stderr).toBe(0);
    const runs = readFileSync(join(out, 'joblog.txt'), 'utf8').trim().split('\n').slice(1);
    const indices = runs.map((line) => Number(/--index (\d+)/.exec(line)![1])).sort();
    expect(indices).toEqual([0, 1, 2, 3]);
    // Run again: nothing left to run, and the log is appended to, never overwritten.
    const again = await finished(runSweep(out, 'rank-beta', ['n=32', 'd=2', 'betas=1,2,4,8', 'seed=2']));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/0 of 4 jobs to run/);
    expect(readFileSync(join(out, 'joblog.txt'), 'utf8').trim().split('\n').slice(1)).toHaveLength(4);
  }, 120_000);

  it('a second sweep in the same folder is refused naming the first; a folder of another plan is refused', async () => {
    const out = join(scratch, 'busy');
    const first = runSweep(out, ID, ['ns=64,96', 'seeds=4', 'seed=5']);
    const firstDone = finished(first);
    const deadline = Date.now() + 60_000;
    while (!existsSync(join(out, 'lock.owner')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await finished(runSweep(out, ID, ['ns=64,96', 'seeds=6', 'seed=5']));
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`${out} is in use by another sweep \\(pid ${first.pid} `));
    const one = await firstDone;
    expect(one.code, one.stderr).toBe(0);
    expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(
      execFileSync(cli, [ID, 'ns=64,96', 'seeds=4', 'seed=5'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
    const other = await finished(runSweep(out, ID, ['ns=64,96', 'seeds=6', 'seed=5']));
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/holds a sweep of another plan/);
    expect(existsSync(join(out, 'lock.owner'))).toBe(false);
  }, 120_000);

  it('6 concurrent writers of one index (4 native, 2 headless) all succeed; the file is one whole shard', async () => {
    const dir = join(scratch, 'writers');
    mkdirSync(dir, { recursive: true });
    const target = join(dir, 'results', '0.json');
    const writer = (command: string, args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.once('close', (code) => resolve({ code, stderr }));
      });
    const runJob = ['run-job', ID, '--jobs', jobs, '--index', '0', '-o', target];
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => writer(cli, runJob)),
      ...Array.from({ length: 2 }, () => writer(process.execPath, [join(root, 'scripts/lab.mjs'), ...runJob])),
    ]);
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(dir, 'results'))).toEqual(['0.json']); // no temporary left behind
    const missing = native(['plan', ID, ...PARAMS, '--missing', join(dir, 'results'), '--print', 'index']);
    expect(missing.stdout).toBe('1\n2\n3\n'); // job 0's shard is valid
  }, 120_000);
});
