// SPDX-License-Identifier: Apache-2.0
// The "Reproduce elsewhere" lines: the link's pairs as key=value arguments (non-defaults in schema
// order, the seed always, files as <input>=<name> with the parameters they replace left out),
// quoted so that a POSIX shell hands the CLI exactly those arguments, and accepted by the native CLI.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCHEMA_VERSION } from '../../web/src/state/migrations';
import { describe, expect, it } from 'vitest';
import { findExperiment } from '../../web/src/experiments';
import { defaults, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';
import { labCommand, nativeCommand, runArgs, shellQuote } from '../../web/src/state/command-line';
import { APP_VERSION } from '../../web/src/state/app-version';
import { formatLink } from '../../web/src/state/url';
import { EXPERIMENTS } from '../../web/src/experiments';

const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const meta = (id: string) => findExperiment(id) as ExperimentMeta;

/** What sh makes of a command line's arguments after the program. */
function shellWords(line: string): string[] {
  return execFileSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' })
    .split('\0')
    .slice(0, -1);
}

describe('reproduce command lines', () => {
  it('writes the non-default parameters in schema order and the seed, like the link', () => {
    const m = meta('attention-map');
    const values = { ...defaults(m), beta: 20, n: 300, geometry: 'ball', seed: 7 };
    const args = runArgs(m, values);
    expect(args).toEqual(['attention-map', 'n=300', 'geometry=ball', 'beta=20', 'seed=7']);
    const link = formatLink({ experimentId: m.id, values, embed: false, hide: [] }, EXPERIMENTS);
    expect(link).toBe(`#exp=attention-map&v=${SCHEMA_VERSION}&app=${APP_VERSION}&${args.slice(1).join('&')}`);
    expect(nativeCommand(args)).toBe('./build/native/attnlab attention-map n=300 geometry=ball beta=20 seed=7');
    expect(labCommand(args)).toBe('npm run lab -- attention-map n=300 geometry=ball beta=20 seed=7');
  });

  it('names a user file as <input>=<name> and leaves out what the file replaces', () => {
    const m = meta('sparse-approx');
    const upload = m.upload ?? m.uploads?.[0];
    expect(upload).toBeDefined();
    const values: ParamValues = { ...defaults(m), seed: 3 };
    for (const key of upload!.replaces ?? []) values[key] = 77;
    const args = runArgs(m, values, [{ input: upload!.input, name: 'my pattern (1).csv' }]);
    expect(args.at(-1)).toBe(`${upload!.input}=my pattern (1).csv`);
    for (const key of upload!.replaces ?? []) expect(args.some((a) => a.startsWith(`${key}=`))).toBe(false);
    expect(nativeCommand(args)).toContain(`'${upload!.input}=my pattern (1).csv'`);
  });

  it('quotes so that the shell gives back every argument unchanged', () => {
    const nasty = [
      'plain=1',
      'R=ar:0.6',
      'pool=0.5,0.3,0.2',
      "name=it's",
      'f=a b$c`d`"e"\\f',
      'x=*',
      'y=!1',
      'z=~',
      'w=#',
    ];
    for (const arg of nasty) expect(shellWords(shellQuote(arg))).toEqual([arg]);
    expect(shellWords(nasty.map(shellQuote).join(' '))).toEqual(nasty);
    expect(shellQuote('seed=7')).toBe('seed=7');
  });

  it.skipIf(!existsSync(cli))('the native CLI runs the line and gives the parameters it was given', () => {
    const m = meta('attention-map');
    const args = runArgs(m, { ...defaults(m), n: 48, d: 5, geometry: 'gauss', seed: 11 });
    const result = JSON.parse(execFileSync(cli, args, { encoding: 'utf8' }));
    expect(result.n).toBe(48);
    expect(result.d).toBe(5);
  });
});
