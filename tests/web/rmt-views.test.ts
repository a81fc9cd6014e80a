// The paper-2 views on real core results (wasm): headline keys unique with finite numbers, figure
// tables rectangular, and the live-theory contract — the core's theory keys are result keys with the
// same values, cheap enough (well under 50 ms) to redraw while a control moves.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core, Json } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, hasTheory, toCoreParams, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';

const CHEAP: Record<string, Record<string, number | string | number[]>> = {
  'rmt-spectrum': { d: 60, mu2: 3, pool: 'causal' },
  'rmt-transition': { d: 40, mu2: [0.5, 3], seeds: 2 },
  'rmt-weights': { d: 40, sequences: 10 },
  'rmt-ridge': { d: 40, mu2: [0.5], ntrain: 80, ntest: 80, seeds: 1 },
  'rmt-phase': { mu2: 0.55, gamma: 1, pool: 'optimal' },
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

  it('the theory keys are result keys with the same values (ridge: no theory)', () => {
    const { values, result } = runs.get(id)!;
    if (id === 'rmt-ridge') { expect(hasTheory(id)).toBe(false); return; }
    expect(hasTheory(id as ExperimentMeta['id'])).toBe(true);
    const theory = core.theory(id, toCoreParams(values));
    for (const [key, value] of Object.entries(theory)) expect(result[key], key).toEqual(value);
  });
});

describe('live theory is cheap', () => {
  it('rmt-spectrum and rmt-transition theory at the default sizes take well under 50 ms', () => {
    for (const id of ['rmt-spectrum', 'rmt-transition', 'rmt-phase']) {
      const meta = EXPERIMENTS.find((m) => m.id === id)!;
      const params = toCoreParams(defaults(meta));
      core.theory(id, params); // warm-up
      const t0 = performance.now();
      for (let k = 0; k < 5; k++) core.theory(id, { ...params, mu2: id === 'rmt-transition' ? `0.25,0.5,1,2,${4 + k}` : 1 + k });
      expect((performance.now() - t0) / 5, id).toBeLessThan(50);
    }
  });
});
