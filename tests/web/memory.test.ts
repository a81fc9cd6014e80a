// SPDX-License-Identifier: Apache-2.0
// Honest memory: for every experiment, the core's estimate (what the budget is checked against before
// anything is allocated) is at least the measured peak resident memory of a native run, and at most
// twice it, at sizes where the data dominates the process's own few MiB.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../web/src/experiments/generated';

const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));

/** Sizes per experiment, large enough that the estimate is about the data, not the process. */
const CASES: Record<string, Record<string, string>[]> = {
  'attention-map': [
    { n: '1024', px: '256' },
    { n: '2048', px: '256' },
  ],
  'sparse-approx': [
    { n: '1024', d: '4096', px: '64' },
    { n: '2048', d: '2048', split: 'sym', px: '64' },
  ],
  // Tolerances no d below dmax meets, so every scan runs to the cap the estimate assumes.
  'sparse-dmin': [{ ns: '1024', seeds: '1', eps1: '0.5', eps2: '0.1', step: '512', dmax: '4096' }],
  // Paper 3: one point at n = 1024 (the estimate is about 1.6 × the measured peak) and one zoo study.
  'rank-beta': [{ n: '1024', betas: '16' }],
  'rank-n': [{ n: '1024', beta: '16' }],
  'rank-eps': [{ n: '1024', beta: '16', eps: '0.1' }],
  'rank-ladder': [{ n: '1024' }],
  'rank-interaction': [{ source: 'synthetic', n: '1024' }],
  'rank-zoo': [{ family: 'broad' }],
  // Paper 2: one spectrum, one Lanczos job, the attention measurement, one ridge fit; phase is closed forms only.
  'rmt-spectrum': [{ d: '1600' }],
  'rmt-transition': [{ d: '1600', mu2: '2', pools: 'mean', seeds: '1' }],
  'rmt-weights': [{ d: '4000', sequences: '50' }],
  'rmt-ridge': [{ d: '1000', mu2: '1', pools: 'mean', seeds: '1', ntrain: '4000', ntest: '2000' }],
  'rmt-phase': [{}],
};

function measure(id: string, params: Record<string, string>): { estimate: number; peak: number } {
  const r = spawnSync(cli, [id, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)], {
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
        const cases = CASES[id];
        expect(cases, `add sizes for ${id} to CASES in this file`).toBeDefined();
        for (const params of cases) {
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
