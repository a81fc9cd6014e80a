// SPDX-License-Identifier: Apache-2.0
// The wasm facade (web/src/engine/core.ts) on the real web build, loaded in Node with wasmBinary.
import { beforeAll, describe, expect, it } from 'vitest';
import { Core, CoreError } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';

let core: Core;
beforeAll(async () => {
  core = await loadCoreNode();
});

/** The CoreError a call throws (fails the test if it does not throw one). */
function coreError(call: () => unknown): CoreError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected a CoreError, nothing was thrown');
}

describe('random numbers', () => {
  it('SplitMix64 gives the test vectors of docs/theory/rank.md#prng (seed 12345)', () => {
    expect(core.module.rngProbe(12345, 3).split(',')).toEqual([
      '22118258a9d111a0',
      '346edce5f713f8ed',
      '1e9a57bc80e6721d',
    ]);
  });

  it('the same seed gives the same result, another seed another one', () => {
    const a = core.run('attention-map', { n: 40, seed: 3 });
    const b = core.run('attention-map', { n: 40, seed: 3 });
    const c = core.run('attention-map', { n: 40, seed: 4 });
    expect(b).toEqual(a);
    expect(c.singularValues).not.toEqual(a.singularValues);
  });
});

describe('attention-map', () => {
  it('is registered', () => {
    expect(core.experiments().map((e) => e.id)).toContain('attention-map');
  });

  it.each(['sphere', 'ball', 'gauss'])('rows of P sum to 1 (geometry %s)', (geometry) => {
    for (const causal of ['0', '1']) {
      const r = core.run('attention-map', { n: 150, d: 3, beta: 25, geometry, causal, seed: 2 });
      expect(r.rowSumError).toBeLessThan(1e-12);
      expect(r.singularValues).toHaveLength(150);
      expect(r.rowEntropy).toHaveLength(150);
    }
  });

  it('beta = 0 gives uniform rows: entropy ln n, sigma_1 = 1, effective rank 1', () => {
    const n = 64;
    const r = core.run('attention-map', { n, beta: 0 });
    expect(r.maxEntropy).toBeCloseTo(Math.log(n), 14);
    for (const h of r.rowEntropy) expect(Math.abs(h - Math.log(n))).toBeLessThan(1e-12);
    expect(Math.abs(r.singularValues[0] - 1)).toBeLessThan(1e-12);
    expect(r.singularValues[1]).toBeLessThan(1e-12);
    expect(Math.abs(r.effectiveRank - 1)).toBeLessThan(1e-9);
  });

  it('beta = 0 with a causal mask: row i is uniform over i + 1 keys', () => {
    const r = core.run('attention-map', { n: 12, beta: 0, causal: '1', order: 'sample' });
    r.rowEntropy.forEach((h: number, i: number) => expect(Math.abs(h - Math.log(i + 1))).toBeLessThan(1e-12));
  });

  it('singular values are sorted, nonnegative, and sum of squares grows with beta (sharper rows)', () => {
    const soft = core.run('attention-map', { n: 100, d: 4, beta: 1, seed: 9 });
    const sharp = core.run('attention-map', { n: 100, d: 4, beta: 200, seed: 9 });
    for (const sv of [soft.singularValues, sharp.singularValues]) {
      for (let k = 1; k < sv.length; k++) expect(sv[k]).toBeLessThanOrEqual(sv[k - 1]);
      expect(sv[sv.length - 1]).toBeGreaterThanOrEqual(0);
    }
    expect(sharp.effectiveRank).toBeGreaterThan(soft.effectiveRank);
  });

  it('reports progress within [0, 1] that never decreases and ends at 1', () => {
    for (const n of [20, 600]) {
      const seen: number[] = [];
      core.run('attention-map', { n }, undefined, (f) => seen.push(f));
      expect(seen.length).toBeGreaterThan(1);
      for (let k = 0; k < seen.length; k++) {
        expect(seen[k]).toBeGreaterThanOrEqual(0);
        expect(seen[k]).toBeLessThanOrEqual(1);
        if (k > 0) expect(seen[k]).toBeGreaterThanOrEqual(seen[k - 1]);
      }
      expect(seen[seen.length - 1]).toBe(1);
    }
  });
});

describe('errors are CoreErrors that name the parameter', () => {
  it.each([
    [{ n: 1 }, /\bn\b.*\[2, 4096\]/],
    [{ n: 'abc' }, /\bn\b.*abc/],
    [{ beta: -5 }, /\bbeta\b/],
    [{ geometry: 'cube' }, /\bgeometry\b.*cube/],
    [{ mask: 'diagonal' }, /\bmask\b/],
    [{ zzz: 1 }, /zzz/],
  ])('%j', (params, pattern) => {
    const error = coreError(() => core.run('attention-map', params));
    expect(error.message).toMatch(pattern);
    expect(error.stopped).toBe(false);
    expect(error.badInput).toBe(true);
  });

  it('an unknown experiment is named', () => {
    expect(coreError(() => core.plan('no-such-experiment', {})).message).toMatch(/no-such-experiment/);
  });

  it('a run larger than the memory budget is refused before allocating', () => {
    expect(coreError(() => core.plan('attention-map', { n: 4096, budget: 1 })).message).toMatch(/memory|budget/i);
  });
});

describe('stop', () => {
  it('progress returning false stops the job with CoreError("stopped"), and the core works after', () => {
    const [job] = core.plan('attention-map', { n: 500 }).jobs;
    let calls = 0;
    const error = coreError(() => core.runJob('attention-map', job, undefined, () => ++calls < 2));
    expect(error.stopped).toBe(true);
    expect(error.badInput).toBe(false);
    expect(calls).toBe(2);
    expect(core.run('attention-map', { n: 30 }).rowSumError).toBeLessThan(1e-12);
  });

  it('a progress callback that throws stops the job instead of crossing wasm frames', () => {
    const [job] = core.plan('attention-map', { n: 50 }).jobs;
    const error = coreError(() =>
      core.runJob('attention-map', job, undefined, () => {
        throw new Error('boom');
      }),
    );
    expect(error.stopped).toBe(true);
  });
});

describe('a run with files: the parameters are resolved by the core (the page sends every panel value)', () => {
  // A 16-token head of width 4, as a bundle would give it (Q and K of one head, with its own scale).
  const head = (scale: number | undefined, file: string) => ({
    shape: [16, 4],
    sparse: false,
    values: Float64Array.from({ length: 64 }, (_, i) => Math.sin(i + 1)),
    file,
    ...(scale ? { bundleScale: scale } : {}),
  });

  it('what a file determines is not used: the jobs carry no replaced key', () => {
    const plan = core.plan(
      'rank-interaction',
      { d: 3, n: 256, beta: 4, scale: 0.5, seed: 1 },
      { q: head(0.5, 'h.json'), k: head(0.5, 'h.json') },
    );
    for (const job of plan.jobs) {
      for (const key of ['d', 'n', 'beta']) expect(job.params, key).not.toHaveProperty(key);
      expect(job.params.scale).toBe(0.5);
    }
  });

  it('two head bundles of different scale are refused naming the input and both files', () => {
    const error = coreError(() =>
      core.plan('rank-interaction', { scale: 0, seed: 1 }, { q: head(0.5, 'a.json'), k: head(0.25, 'b.json') }),
    );
    expect(error.badInput).toBe(true);
    expect(error.key).toBe('k');
    expect(error.message).toBe(
      "k: the head bundles 'a.json' (scale 0.5) and 'b.json' (scale 0.25) disagree on scale: give Q and K of one head",
    );
  });
});
