// SPDX-License-Identifier: Apache-2.0
// The page's run-time estimate: the core's per-job seconds, scaled for wasm and spread over the pool; and rank-zoo's on
// a model's weights only, counted here (n·d_h² + n²·d_h per head) until the core's plan counts it.
import { describe, expect, it } from 'vitest';
import {
  ASK_BEFORE_SECONDS,
  formatDuration,
  wallSeconds,
  WASM_SLOWDOWN,
  weightsOnlySeconds,
  WEIGHTS_ONLY_SECONDS_PER_UNIT,
} from '../../web/src/engine/estimate';

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

describe('weightsOnlySeconds', () => {
  const bertBase = { heads: 144, hidden: 768, headDim: 64, temperatures: 1 };

  it('is n·d_h² + n²·d_h per head and temperature at the measured constant, spread over the workers as a plan', () => {
    const perJob = WEIGHTS_ONLY_SECONDS_PER_UNIT * (768 * 64 * 64 + 768 * 768 * 64);
    expect(weightsOnlySeconds(bertBase, 1)).toBeCloseTo(144 * perJob * WASM_SLOWDOWN, 9);
    expect(weightsOnlySeconds(bertBase, 2)).toBeCloseTo(72 * perJob * WASM_SLOWDOWN, 9);
    expect(weightsOnlySeconds({ ...bertBase, temperatures: 3 }, 2)).toBeCloseTo(3 * 72 * perJob * WASM_SLOWDOWN, 9);
  });

  it('grows as n² with the hidden size (the truncation ranks) and stays far below the n³ of a dense head', () => {
    const twice = weightsOnlySeconds({ ...bertBase, hidden: 1536 }, 1)! / weightsOnlySeconds(bertBase, 1)!;
    expect(twice).toBeGreaterThan(3.5);
    expect(twice).toBeLessThan(4);
    const dense = 144 * 2.5e-8 * 768 ** 3 * WASM_SLOWDOWN; // the core's plan for 144 uploaded 768-token heads (its constant)
    expect(weightsOnlySeconds(bertBase, 1)! / dense).toBeLessThan(0.1);
  });

  it('starts BERT-base (144 heads of 768) at once and makes a 7B-class model (1024 heads of 4096) wait for Run', () => {
    expect(weightsOnlySeconds(bertBase, 2)!).toBeLessThan(ASK_BEFORE_SECONDS);
    const large = { heads: 1024, hidden: 4096, headDim: 128, temperatures: 1 };
    expect(weightsOnlySeconds(large, 2)!).toBeGreaterThan(ASK_BEFORE_SECONDS);
    expect(weightsOnlySeconds({ heads: 8, hidden: 16, headDim: 4, temperatures: 1 }, 2)!).toBeLessThan(0.01);
  });

  it('is undefined for no heads', () => {
    expect(weightsOnlySeconds({ ...bertBase, heads: 0 }, 2)).toBeUndefined();
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
