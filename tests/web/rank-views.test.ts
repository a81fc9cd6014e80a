// The paper-3 views on real core results (wasm): headline keys unique with finite numbers, figure
// tables rectangular, partial sweeps drawable, and the upload fields the panel builds (Q and K).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core, Json } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, toCoreParams, uploadsOf, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';

const CHEAP: Record<string, Record<string, number | string | number[]>> = {
  'rank-beta': { n: 48, betas: [2, 8, 16, 32] },
  'rank-n': { n: [16, 32, 48] },
  'rank-eps': { n: 48, eps: [0.2, 0.1] },
  'rank-ladder': { n: 48, refit: '1' },
  'rank-interaction': { family: 'sink', variant: 2 },
  'rank-zoo': { family: 'broad', betaMults: [1] },
};

let core: Core;
const runs = new Map<string, { meta: ExperimentMeta; values: ParamValues; result: Json }>();
beforeAll(async () => {
  core = await loadCoreNode();
  for (const [id, cheap] of Object.entries(CHEAP)) {
    const meta = EXPERIMENTS.find((m) => m.id === id)!;
    const values = { ...defaults(meta), ...cheap } as ParamValues;
    runs.set(id, { meta, values, result: core.run(id, toCoreParams(values)) });
  }
});

describe.each(Object.keys(CHEAP))('%s view', (id) => {
  it('headline keys are unique and their numbers finite', () => {
    const { meta, values, result } = runs.get(id)!;
    const items = meta.headline(result, values);
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    for (const item of items) if (item.raw !== undefined) expect(Number.isFinite(item.raw), item.key).toBe(true);
  });

  it('figures have unique ids and rectangular tables', () => {
    const { meta, values, result } = runs.get(id)!;
    const figures = meta.figures(result, values);
    expect(new Set(figures.map((f) => f.id)).size).toBe(figures.length);
    for (const figure of figures) {
      const { columns, rows } = figure.table();
      expect(rows.length, figure.id).toBeGreaterThan(0);
      for (const row of rows) expect(row.length, figure.id).toBe(columns.length);
    }
  });
});

describe('paper-3 specifics', () => {
  it('a partial sweep (one point done) still gives a headline and tables', () => {
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
    const { meta, values, result } = runs.get('rank-zoo')!;
    expect(meta.headline(result, values).find((h) => h.key === 'source')?.value).toContain('not BERT');
    for (const figure of meta.figures(result, values)) expect(figure.title).toContain('not BERT');
  });

  it('explanations cite the paper and never say "spec §"', () => {
    for (const meta of EXPERIMENTS.filter((m) => m.family === 'rank')) {
      const text = [meta.summary, ...meta.params.map((p) => p.help)].join(' ');
      expect(text, meta.id).not.toMatch(/spec\s*§/i);
    }
  });
});
