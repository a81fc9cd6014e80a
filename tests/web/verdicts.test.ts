// SPDX-License-Identifier: Apache-2.0
// One rule for every front end: every case of tests/fixtures/verdicts.json (its format is
// described at its top) runs through the native CLI and the headless runner (`npm run lab`), and both
// must give the case's verdict — success, or a refusal as bad input (exit 2) whose one-line message
// contains the expected text — with the same message. The page's column is in tests/e2e, from the same file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../web/src/engine/headless';
import { differences } from '../e2e/compare.mjs';

interface VerdictCase {
  label: string;
  experiment: string;
  params: string[];
  files?: { name: string; content: string }[];
  expect: 'ok' | { error: string | string[] };
  /** A case only a command line can give (a path, an option): the page's column (tests/e2e/verdicts.mjs) skips it. */
  commandLineOnly?: boolean;
}

const table = JSON.parse(readFileSync(new URL('../fixtures/verdicts.json', import.meta.url), 'utf8')) as {
  cases: VerdictCase[];
};
const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-verdicts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Verdict {
  code: number;
  stdout: string;
  message: string;
}

/** The case's arguments, its files written to a folder of its own and named there by absolute path. */
function argumentsOf(c: VerdictCase, index: number): string[] {
  const folder = join(scratch, String(index));
  mkdirSync(folder, { recursive: true });
  const names = new Set((c.files ?? []).map((f) => f.name));
  for (const f of c.files ?? []) writeFileSync(join(folder, f.name), f.content);
  const params = c.params.map((pair) => {
    const eq = pair.indexOf('=');
    const value = pair.slice(eq + 1);
    return names.has(value) ? `${pair.slice(0, eq + 1)}${join(folder, value)}` : pair;
  });
  return [c.experiment, ...params];
}

/** The last line on stderr: the refusal (earlier lines are notes such as "scale=… from the head bundle"). */
const lastLine = (stderr: string) =>
  stderr
    .split(/[\r\n]/)
    .filter((l) => l.trim() !== '' && !l.startsWith('progress'))
    .at(-1) ?? '';

function native(args: string[]): Verdict {
  const run = spawnSync(cli, args, { encoding: 'utf8', timeout: 20000 });
  return { code: run.status ?? -1, stdout: run.stdout, message: lastLine(run.stderr) };
}

async function headless(args: string[]): Promise<Verdict> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    wasmDir,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, message: lastLine(stderr) };
}

function judge(c: VerdictCase, v: Verdict, host: string) {
  const context = `${host}: ${c.label}: ${v.message}`;
  if (c.expect === 'ok') {
    expect(v.code, context).toBe(0);
    expect(() => JSON.parse(v.stdout), context).not.toThrow();
    return;
  }
  expect(v.code, context).toBe(2);
  expect(v.stdout, context).toBe('');
  expect(v.message, context).toMatch(/^attnlab: /);
  for (const text of [c.expect.error].flat()) expect(v.message, context).toContain(text);
}

describe.skipIf(!existsSync(cli))('the same verdict from the native CLI and npm run lab', () => {
  it('the table covers every kind of case the front ends must agree on, each documented', () => {
    expect(table.cases.length).toBeGreaterThanOrEqual(20);
    const labels = table.cases.map((c) => c.label).join('\n');
    for (const kind of [
      /hex inside/,
      /repeated key/,
      /R\.CSV/,
      /overflows/,
      /different scale/,
      /quoted numeric first row/,
      /range/,
      /unknown key/,
    ])
      expect(labels).toMatch(kind);
    for (const c of table.cases) {
      expect(c.expect === 'ok' || typeof c.expect.error === 'string' || Array.isArray(c.expect.error), c.label).toBe(
        true,
      );
      for (const f of c.files ?? [])
        expect(
          c.params.some((p) => p.endsWith(`=${f.name}`)),
          `${c.label}: ${f.name} is used`,
        ).toBe(true);
    }
  });

  it.each(table.cases.map((c, i) => [c.label, c, i] as const))('%s', async (_label, c, index) => {
    const args = argumentsOf(c, index);
    const fromCli = native(args);
    judge(c, fromCli, 'native CLI');
    const fromLab = await headless(args);
    judge(c, fromLab, 'npm run lab');
    expect(fromLab.code).toBe(fromCli.code);
    if (c.expect === 'ok') expect(differences(JSON.parse(fromCli.stdout), JSON.parse(fromLab.stdout))).toEqual([]);
    else expect(fromLab.message).toBe(fromCli.message);
  });
});
