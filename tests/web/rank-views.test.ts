// SPDX-License-Identifier: Apache-2.0
// The paper-3 views on real core results (wasm): headline keys unique with finite numbers, figure
// tables rectangular, partial sweeps drawable, and the upload fields the panel builds (Q and K).
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { toCoreParams, uploadsOf } from '../../web/src/experiments/schema';
import { describeViewContract, runCheap, type CheapParams } from './view-contract';

const CHEAP: CheapParams = {
  'rank-beta': { n: 48, betas: [2, 8, 16, 32] },
  'rank-n': { n: [16, 32, 48] },
  'rank-eps': { n: 48, eps: [0.2, 0.1] },
  'rank-ladder': { n: 48, refit: '1' },
  'rank-interaction': { family: 'sink', variant: 2 },
  'rank-zoo': { family: 'broad', betaMults: [1] },
};

const get = runCheap(CHEAP);
describeViewContract(CHEAP, get);

describe('paper-3 specifics', () => {
  it('a partial sweep (one point done) still gives a headline and tables', () => {
    const { core, runs } = get();
    const { meta, values } = runs.get('rank-beta')!;
    const plan = core.plan('rank-beta', toCoreParams(values));
    const first = core.runJob('rank-beta', plan.jobs[2]);
    const partial = core.combine('rank-beta', toCoreParams(values), [{ index: 2, result: first }]);
    expect(partial.jobsDone).toBe(1);
    expect(meta.headline(partial, values).find((h) => h.key === 'jobsDone')?.value).toBe('1 of 4');
    for (const figure of meta.figures(partial, values)) expect(figure.table().rows.length).toBe(1);
  });

  it('the head experiments take Q, K, attention and logits as four named files', () => {
    for (const id of ['rank-interaction', 'rank-zoo']) {
      const meta = EXPERIMENTS.find((m) => m.id === id)!;
      expect(uploadsOf(meta).map((u) => u.input)).toEqual(['q', 'k', 'attention', 'logits']);
      for (const u of uploadsOf(meta)) expect(u.accept).toEqual(['.npy', '.json']);
    }
    expect(uploadsOf(EXPERIMENTS.find((m) => m.id === 'sparse-approx')!).map((u) => u.input)).toEqual(['pattern']);
  });

  it('the zoo is labelled a synthetic stand-in, not BERT', () => {
    const { meta, values, result } = get().runs.get('rank-zoo')!;
    expect(meta.headline(result, values).find((h) => h.key === 'source')?.value).toContain('not BERT');
    for (const figure of meta.figures(result, values)) expect(figure.title).toContain('not BERT');
  });

  it("a head from the reader's files (an upload or a model's heads) says so in words, not as an internal code", () => {
    const { meta, values, result } = get().runs.get('rank-interaction')!;
    const own = { ...(result as object), head: { ...(result as { head: object }).head, source: 'upload' } };
    const head = meta.headline(own as typeof result, values).find((h) => h.key === 'head')?.value;
    expect(head).toContain('your own heads');
    expect(head).not.toMatch(/\bupload\b/);
  });

  it('explanations cite the paper and never say "spec" with a section sign', () => {
    for (const meta of EXPERIMENTS.filter((m) => m.family === 'rank')) {
      const text = [meta.summary, ...meta.params.map((p) => p.help)].join(' ');
      expect(text, meta.id).not.toMatch(/spec\s*§/i);
    }
  });
});
