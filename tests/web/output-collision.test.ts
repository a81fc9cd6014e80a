// SPDX-License-Identifier: Apache-2.0
// An output never overwrites an input: plan, run-job and combine refuse, before they compute, an -o that is
// the jobs file, a file of the results folder they read, or a new file inside it, by identity (symlinks,
// "./" and ".." spellings, absolute paths), naming both; exit 2, and every input byte-identical afterwards.
// Native CLI and the wasm build (npm run lab) alike.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'build/native/attnlab');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-collide-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const id = 'sparse-dmin';
const params = ['ns=32,48', 'seeds=2', 'seed=3'];
const sweep = join(scratch, 'sw');
const jobs = join(sweep, 'jobs.jsonl');
const results = join(sweep, 'results');

type Runner = (args: string[]) => { status: number | null; stderr: string };
const native: Runner = (args) => spawnSync(cli, args, { cwd: scratch, encoding: 'utf8' });
const lab: Runner = (args) =>
  spawnSync(process.execPath, [join(root, 'scripts/lab.mjs'), ...args], { cwd: scratch, encoding: 'utf8' });

/** Every file the commands read, with its bytes. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>([[jobs, readFileSync(jobs, 'latin1')]]);
  for (const name of readdirSync(results)) files.set(join(results, name), readFileSync(join(results, name), 'latin1'));
  return files;
}

/**
 * Several spellings of one path, seen from scratch (the commands' working folder): relative, ./, .., absolute, a
 * symlink.
 */
function spellings(path: string, tag: string): string[] {
  const rel = relative(scratch, path);
  const link = join(scratch, 'links', `${tag}.json`);
  if (!existsSync(link)) symlinkSync(path, link);
  return [rel, `./${rel}`, `sw/../${rel}`, path, relative(scratch, link)];
}

beforeAll(() => {
  mkdirSync(join(scratch, 'links'));
  execFileSync(cli, ['plan', id, ...params, '-o', jobs]);
  const count = readFileSync(jobs, 'utf8').trim().split('\n').length;
  for (let i = 0; i < count; i++)
    execFileSync(cli, ['run-job', id, '--jobs', jobs, '--index', String(i), '-o', join(results, `${i}.json`)], {
      stdio: 'ignore',
    });
}, 120_000);

describe.skipIf(!existsSync(cli))('-o onto an input is refused before anything is computed', () => {
  for (const [host, run] of [
    ['native CLI', native],
    ['npm run lab', lab],
  ] as const) {
    it(
      `${host}: combine -o onto each shard, the jobs file or a new ` +
        `file in the results folder; run-job and plan -o onto the plan`,
      () => {
        const before = snapshot();
        const shards = readdirSync(results).map((name) => join(results, name));
        const tries: [string[], string][] = [];
        for (const [k, shard] of shards.entries())
          for (const o of spellings(shard, `shard${k}`))
            tries.push([
              ['combine', id, '--jobs', jobs, relative(scratch, results), '-o', o],
              'a file of the results folder',
            ]);
        for (const o of spellings(jobs, 'jobs')) {
          tries.push([['combine', id, '--jobs', relative(scratch, jobs), 'sw/results', '-o', o], 'the jobs file']);
          tries.push([['run-job', id, '--jobs', jobs, '--index', '0', '-o', o], 'the jobs file']);
        }
        tries.push([
          ['combine', id, '--jobs', jobs, results, '-o', join(results, 'merged.json')],
          'inside the results folder',
        ]);
        tries.push([
          ['combine', id, '--jobs', jobs, results, '-o', './sw/results/merged.json'],
          'inside the results folder',
        ]);
        tries.push([
          ['plan', id, ...params, '--missing', results, '-o', join(results, '0.json')],
          'a file of the results folder',
        ]);
        for (const [args, words] of tries) {
          const r = run(args);
          expect(r.status, `${args.join(' ')}\n${r.stderr}`).toBe(2);
          const o = args[args.indexOf('-o') + 1];
          expect(r.stderr).toContain(`-o '${o}'`);
          expect(r.stderr).toContain(words);
          expect(r.stderr.trim().split('\n')).toHaveLength(1);
        }
        expect(snapshot()).toEqual(before);
        expect(existsSync(join(results, 'merged.json'))).toBe(false);
      },
      120_000,
    );
  }

  it('an -o elsewhere still writes (the rule refuses only collisions)', () => {
    const out = join(scratch, 'merged.json');
    expect(native(['combine', id, '--jobs', jobs, results, '-o', out]).status).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveProperty('perN');
    // a job rewrites its own shard
    expect(native(['run-job', id, '--jobs', jobs, '--index', '1', '-o', join(results, '1.json')]).status).toBe(0);
  }, 60_000);
});
