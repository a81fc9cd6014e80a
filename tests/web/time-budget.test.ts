// SPDX-License-Identifier: Apache-2.0
// The time budget of the command-line runners ("budgets everywhere"): a run whose plan estimates
// more seconds than --max-seconds (default 3600) is refused at once, before it starts, with one line naming
// the estimate and the option that allows it; the native CLI and npm run lab word it the same.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../web/src/engine/headless';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

function native(...args: string[]): Run {
  const start = performance.now();
  const run = spawnSync(cli, args, { encoding: 'utf8', timeout: 20000 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr, ms: performance.now() - start };
}

async function lab(...args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const start = performance.now();
  const code = await main(args, {
    wasmDir,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, stderr, ms: performance.now() - start };
}

/** The plan's estimate: the sum of its jobs' estimatedSeconds (attnlab plan, one JSON line per job). */
function plannedSeconds(...args: string[]): number {
  const plan = spawnSync(cli, ['plan', ...args], { encoding: 'utf8' });
  expect(plan.status, plan.stderr).toBe(0);
  return plan.stdout
    .trim()
    .split('\n')
    .reduce((sum, line) => sum + JSON.parse(line).estimatedSeconds, 0);
}

const huge = ['rmt-weights', 'd=2000', 'T=512', 'sequences=100000', 'delta=16']; // about 28 hours

describe.skipIf(!existsSync(cli))('--max-seconds', () => {
  it('refuses a run estimated above an hour at once, naming the estimate and how to allow it', async () => {
    const estimate = plannedSeconds(...huge);
    expect(estimate).toBeGreaterThan(3600);
    for (const run of [native(...huge), await lab(...huge)]) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.ms).toBeLessThan(5000); // refused before it starts: the run itself takes hours
      const lines = run.stderr.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `estimated at ${Math.ceil(estimate)} s (${(Math.round(Math.ceil(estimate) / 360) / 10).toFixed(1)} h)`,
      );
      expect(lines[0]).toContain('above the 3600 s allowed');
      expect(lines[0]).toContain(`give --max-seconds ${Math.ceil(estimate)} to run it anyway`);
    }
    expect((await lab(...huge)).stderr).toBe(native(...huge).stderr);
  });

  it('a limit below the estimate refuses; the limit the message names lets the same run go', async () => {
    const small = ['attention-map', 'n=24', 'px=16', 'seed=2'];
    const refused = native(...small, '--max-seconds', '1e-9');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('above the 1e-9 s allowed');
    const suggested = /give --max-seconds (\S+) to run it anyway/.exec(refused.stderr)?.[1];
    expect(suggested).toBeDefined();
    expect(Number(suggested)).toBeGreaterThanOrEqual(plannedSeconds(...small));
    const viaLab = await lab(...small, '--max-seconds=1e-9');
    expect(viaLab.code).toBe(2);
    expect(viaLab.stderr).toBe(refused.stderr);

    const allowed = native(...small, '--max-seconds', suggested!);
    expect(allowed.code, allowed.stderr).toBe(0);
    const allowedLab = await lab(...small, `--max-seconds=${suggested}`);
    expect(allowedLab.code, allowedLab.stderr).toBe(0);
    expect(JSON.parse(allowedLab.stdout).n).toBe(24);
    expect(native(...small).code).toBe(0); // the default hour is plenty
  });

  it.each([['0'], ['-5'], ['0x10'], ['abc'], ['1e999'], [' 5']])(
    '--max-seconds %j is refused the same way by both',
    async (value) => {
      const fromCli = native('attention-map', 'n=24', '--max-seconds', value);
      const fromLab = await lab('attention-map', 'n=24', '--max-seconds', value);
      expect(fromCli.code).toBe(2);
      expect(fromCli.stderr).toMatch(
        new RegExp(
          /^attnlab: --max-seconds must be a positive number of seconds, /.source +
            /written as a plain decimal number .*, got '.*'\n$/.source,
        ),
      );
      expect(fromLab.code).toBe(2);
      expect(fromLab.stderr).toBe(fromCli.stderr);
    },
  );
});
