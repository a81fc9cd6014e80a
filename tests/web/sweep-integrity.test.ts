// SPDX-License-Identifier: Apache-2.0
// Fault injection on a sharded sweep: a planned paper-1 sweep whose shards are corrupted one
// way at a time. combine must refuse each bad shard by file and reason, natively and headless alike
// (one checker, in the core), exit 3 with a "partial" result when jobs are missing (0 with
// --allow-partial), exit 2 for a non-canonical name, never block on a FIFO; a clean resume gives the
// one-process bytes. The runners' side (one sweep per folder, concurrent writers) is sweep-runners.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCoreNode, main } from '../../web/src/engine/headless';
import { EXPERIMENTS } from '../../web/src/experiments';
import { readResultText } from '../../web/src/state/result-file';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const wasmDir = join(root, 'web/src/wasm');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-integrity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ID = 'sparse-dmin';
const PARAMS = ['ns=16,32', 'seeds=2', 'step=4', 'seed=3']; // 4 jobs of a few milliseconds
const sweep = join(scratch, 'sweep');
const jobs = join(sweep, 'jobs.jsonl');

const native = (args: string[]) => spawnSync(cli, args, { encoding: 'utf8', timeout: 20_000 });
async function headless(...argv: string[]) {
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

/** A copy of the clean results with one fault applied; returns the folder. */
function corrupted(name: string, fault: (dir: string) => void): string {
  const dir = join(scratch, 'faults', name);
  cpSync(join(sweep, 'results'), dir, { recursive: true });
  fault(dir);
  return dir;
}
const editShard = (dir: string, index: number, edit: (shard: any) => void) => {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const path = join(dir, `${index}.json`);
  const shard = JSON.parse(readFileSync(path, 'utf8'));
  edit(shard);
  writeFileSync(path, `${JSON.stringify(shard)}\n`);
};

let oneProcess = '';
beforeAll(() => {
  oneProcess = execFileSync(cli, [ID, ...PARAMS], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  execFileSync(cli, ['plan', ID, ...PARAMS, '-o', jobs]);
  for (let i = 0; i < 4; i++)
    execFileSync(
      cli,
      ['run-job', ID, '--jobs', jobs, '--index', String(i), '-o', join(sweep, 'results', `${i}.json`)],
      { stdio: 'ignore' },
    );
  // A sweep of other parameters whose job 3 has the same coordinates: its shard is of another plan.
  const other = join(scratch, 'other');
  execFileSync(cli, ['plan', ID, 'ns=16,32', 'seeds=3', 'step=4', 'seed=3', '-o', join(other, 'jobs.jsonl')]);
  execFileSync(cli, ['run-job', ID, '--jobs', join(other, 'jobs.jsonl'), '--index', '3', '-o', join(other, '3.json')], {
    stdio: 'ignore',
  });
});

/** Each fault: the folder, the file named, the reason, and the exit code of combine. */
const FAULTS: { name: string; make: () => string; file: string; reason: RegExp; code: number }[] = [
  {
    name: 'wrong at',
    make: () =>
      corrupted('at', (d) =>
        editShard(d, 3, (s) => {
          s.at.seedIndex = 0;
        }),
      ),
    file: '3.json',
    reason: /its at .* is not job 3's/,
    code: 3,
  },
  {
    name: 'wrong seed index',
    make: () =>
      corrupted('seedIndex', (d) =>
        editShard(d, 3, (s) => {
          s.result.seedIndex = 0;
        }),
      ),
    file: '3.json',
    reason: /result\.seedIndex = 0 is not this job's seedIndex = 1/,
    code: 3,
  },
  {
    name: 'out-of-range value',
    make: () =>
      corrupted('range', (d) =>
        editShard(d, 1, (s) => {
          s.result.dmin = -7;
          s.result.capped = false;
        }),
      ),
    file: '1.json',
    reason: /result\.dmin = -7 is outside \[4, /,
    code: 3,
  },
  {
    name: 'edited d_min',
    make: () =>
      corrupted('edited', (d) =>
        editShard(d, 1, (s) => {
          s.result.dmin = 999999;
          s.result.capped = false;
        }),
      ),
    file: '1.json',
    reason: /result\.dmin = 999999 is outside/,
    code: 3,
  },
  {
    name: 'null result',
    make: () =>
      corrupted('null', (d) =>
        editShard(d, 2, (s) => {
          s.result = null;
        }),
      ),
    file: '2.json',
    reason: /its result is null/,
    code: 3,
  },
  {
    name: 'truncated',
    make: () =>
      corrupted('truncated', (d) =>
        writeFileSync(join(d, '0.json'), readFileSync(join(d, '0.json'), 'utf8').slice(0, 50)),
      ),
    file: '0.json',
    reason: /not JSON \(truncated/,
    code: 3,
  },
  {
    name: 'foreign plan',
    make: () => corrupted('foreign', (d) => copyFileSync(join(scratch, 'other', '3.json'), join(d, '3.json'))),
    file: '3.json',
    reason: /a result of another plan/,
    code: 3,
  },
  {
    name: 'FIFO',
    make: () =>
      corrupted('fifo', (d) => {
        unlinkSync(join(d, '1.json'));
        execFileSync('mkfifo', [join(d, '1.json')]);
      }),
    file: '1.json',
    reason: /a FIFO, not a regular file/,
    code: 3,
  },
];

describe('combine checks every shard (native CLI and headless: the same verdicts)', () => {
  it('the clean sweep combines to the one-process bytes, exit 0', async () => {
    const r = native(['combine', ID, '--jobs', jobs, join(sweep, 'results'), '-o', join(sweep, 'result.json')]);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(sweep, 'result.json'), 'utf8')).toBe(oneProcess);
    const shard = JSON.parse(readFileSync(join(sweep, 'results', '3.json'), 'utf8'));
    expect(Object.keys(shard)).toEqual([
      'app',
      'experiment',
      'plan',
      'index',
      'params',
      'at',
      'seed',
      'stream',
      'result',
    ]);
    expect(shard.plan).toMatch(/^[0-9a-f]{16}$/);
  });

  for (const fault of FAULTS) {
    it(`${fault.name}: refused by name and reason, exit ${fault.code}, the result marked partial`, async () => {
      const dir = fault.make();
      const out = join(dir, '..', `${fault.file}-${fault.name.replace(/ /g, '-')}.result.json`);
      const r = native(['combine', ID, '--jobs', jobs, dir, '-o', out]);
      expect(r.error).toBeUndefined(); // never blocks (a FIFO is not opened for reading)
      expect(r.status, r.stderr).toBe(fault.code);
      const line = r.stderr.split('\n').find((l) => l.startsWith(`attnlab: refused ${join(dir, fault.file)}: `));
      expect(line, r.stderr).toMatch(fault.reason);
      const index = Number(fault.file.split('.')[0]);
      expect(JSON.parse(readFileSync(out, 'utf8')).partial).toEqual({ done: 3, total: 4, missing: [index] });
      // The same verdict from the headless runner, through the same core code.
      const h = await headless('combine', ID, '--jobs', jobs, dir);
      expect(h.code).toBe(fault.code);
      expect(h.stderr).toContain(line!);
      // plan --missing lists the job again (without blocking), so a resume redoes it.
      const missing = native(['plan', ID, ...PARAMS, '--missing', dir, '--print', 'index']);
      expect(missing.status, missing.stderr).toBe(0);
      expect(missing.stdout).toBe(`${index}\n`);
    });
  }

  it('missing jobs: named, "partial" at the top level, exit 3; --allow-partial exits 0', async () => {
    const dir = corrupted('missing', (d) => {
      rmSync(join(d, '0.json'));
      rmSync(join(d, '2.json'));
    });
    const r = native(['combine', ID, '--jobs', jobs, dir]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/combined 2 of 4 jobs; missing: 0 2 /);
    expect(JSON.parse(r.stdout).partial).toEqual({ done: 2, total: 4, missing: [0, 2] });
    // The page opens it as what it is: drawn, with a note that it is partial.
    const core = await loadCoreNode();
    const opened = await readResultText(r.stdout, 'result.json', {
      registry: EXPERIMENTS,
      check: async (v) => core.resultMismatches(JSON.stringify(v)),
    });
    expect(opened.ok && opened.opened.experimentId).toBe(ID);
    expect(opened.ok && opened.opened.notes).toContain('partial: 2 of 4 jobs merged; missing jobs 0, 2');
    const allowed = native(['combine', ID, '--jobs', jobs, dir, '--allow-partial']);
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toBe(r.stdout);
    expect((await headless('combine', ID, '--jobs', jobs, dir)).code).toBe(3);
    const none = native(['combine', ID, '--jobs', jobs, join(scratch, 'no-such-folder')]);
    expect(none.status).toBe(3);
    expect(JSON.parse(none.stdout).partial).toEqual({ done: 0, total: 4, missing: [0, 1, 2, 3] });
  });

  it('a non-canonical name (02.json is not job 2) is bad input: exit 2, one line', async () => {
    const dir = corrupted('noncanonical', (d) => copyFileSync(join(d, '2.json'), join(d, '02.json')));
    const r = native(['combine', ID, '--jobs', jobs, dir]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `attnlab: ${dir} holds a foreign file '02.json' (results are <index>.json: no leading zeros, index < 4)`,
    ]);
    const h = await headless('combine', ID, '--jobs', jobs, dir);
    expect(h.code).toBe(2);
    expect(h.stderr).toBe(r.stderr);
  });

  it('after every fault, a resume of the missing jobs gives the one-process bytes', () => {
    const dir = corrupted('resume', (d) => {
      editShard(d, 3, (s) => {
        s.result.seedIndex = 0;
      });
      editShard(d, 2, (s) => {
        s.result = null;
      });
      writeFileSync(join(d, '0.json'), '{"app":');
      rmSync(join(d, '1.json'));
    });
    const todo = native(['plan', ID, ...PARAMS, '--missing', dir, '--print', 'index'])
      .stdout.trim()
      .split('\n');
    expect(todo).toEqual(['0', '1', '2', '3']);
    for (const i of todo)
      execFileSync(cli, ['run-job', ID, '--jobs', jobs, '--index', i, '-o', join(dir, `${i}.json`)], {
        stdio: 'ignore',
      });
    const r = native(['combine', ID, '--jobs', jobs, dir]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(oneProcess);
  });
});

describe('one rule for every front end: the native CLI and headless agree', () => {
  it.each([
    [['attention-map', 'n=16', 'n=32'], /^attnlab: n is given twice: give each parameter once\n$/],
    [['plan', ID, 'seeds=2', 'seeds=3'], /^attnlab: seeds is given twice: give each parameter once\n$/],
    // an extension in any case names a file
    [['rmt-spectrum', `R=${join(scratch, 'missing.CSV')}`], /^attnlab: R: cannot open '.*missing\.CSV'\n$/],
  ])('%j: exit 2, the same line', async (argv, line) => {
    const r = native(argv);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(line);
    const h = await headless(...argv);
    expect(h.code).toBe(2);
    expect(h.stderr).toBe(r.stderr);
  });
});
