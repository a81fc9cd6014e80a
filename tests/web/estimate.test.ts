// SPDX-License-Identifier: Apache-2.0
// The page's run-time estimate: the core's per-job seconds, scaled for wasm and spread over the pool.
import { describe, expect, it } from 'vitest';
import { formatDuration, wallSeconds, WASM_SLOWDOWN } from '../../web/src/engine/estimate';

const jobs = (...seconds: (number | null)[]) => ({
  jobs: seconds.map((s) => ({ params: {}, at: {}, estimatedSeconds: s })),
});

describe('wallSeconds', () => {
  it('is the sum over jobs for one worker, scaled by the wasm slowdown', () => {
    expect(wallSeconds(jobs(1, 2, 3), 1)).toBeCloseTo(6 * WASM_SLOWDOWN, 12);
  });
  it('spreads jobs in plan order over the workers, each to the first free one', () => {
    // 4 | 1 then 1 goes to the second worker (1 → 2), then 3 too (2 → 5): makespan 5.
    expect(wallSeconds(jobs(4, 1, 1, 3), 2)).toBeCloseTo(5 * WASM_SLOWDOWN, 12);
    expect(wallSeconds(jobs(4, 1, 1, 3), 8)).toBeCloseTo(4 * WASM_SLOWDOWN, 12);
  });
  it('never beats the longest job nor the total over the workers', () => {
    const list = [5, 3, 8, 1, 1, 2, 9, 4];
    for (const workers of [1, 2, 3, 7]) {
      const wall = wallSeconds(jobs(...list), workers)! / WASM_SLOWDOWN;
      expect(wall).toBeGreaterThanOrEqual(Math.max(...list) - 1e-12);
      expect(wall).toBeGreaterThanOrEqual(list.reduce((a, b) => a + b, 0) / workers - 1e-12);
    }
  });
  it('is undefined when any job has no estimate, or there is no job', () => {
    expect(wallSeconds(jobs(1, null), 2)).toBeUndefined();
    expect(wallSeconds(jobs(), 2)).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it.each([
    [0.2, '1 s'],
    [8.4, '8 s'],
    [59.4, '59 s'],
    [60, '1 min'],
    [200, '3 min 20 s'],
    [3599, '1 h'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
  ])('%s s reads "%s"', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
  it('says so when the time is unknown', () => {
    expect(formatDuration(Number.NaN)).toBe('an unknown time');
  });
});
