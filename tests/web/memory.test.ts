// SPDX-License-Identifier: Apache-2.0
// Honest memory: for every experiment, the core's estimate (what the budget is checked against before
// anything is allocated) is at least the measured peak resident memory of a native run, and at most
// twice it, at sizes where the data dominates the process's own few MiB.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../web/src/experiments/generated';
import { cli, cliArgs, testSets, type SetParams } from './test-sets';

/** Each experiment's declared memory sets: sizes where the estimate is about the data, not the process. */
const SETS = testSets();

function measure(id: string, params: SetParams): { estimate: number; peak: number } {
  const r = spawnSync(cli, [id, ...cliArgs(params)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, ATTNLAB_REPORT_MEMORY: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
  const m = /memory: estimate (-?\d+) peak (\d+)/.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  return { estimate: Number(m![1]), peak: Number(m![2]) };
}

describe('memory estimates against measured peak RSS (native)', () => {
  for (const { id } of SCHEMAS) {
    it(
      id,
      () => {
        const cases = SETS[id]?.memory;
        expect(cases, `${id} declares no memory sets (declareTestSets in its core file)`).toBeDefined();
        for (const params of cases!) {
          const { estimate, peak } = measure(id, params);
          const mib = (x: number) => (x / 2 ** 20).toFixed(1);
          const what = `${id} ${JSON.stringify(params)}: estimate ${mib(estimate)} MiB, peak ${mib(peak)} MiB`;
          console.log(`memory: ${what} (estimate/peak ${(estimate / peak).toFixed(2)})`); // the table of the closing note
          expect(estimate, what).toBeGreaterThanOrEqual(peak);
          expect(estimate, what).toBeLessThanOrEqual(2 * peak);
        }
      },
      300_000,
    );
  }
});
