// SPDX-License-Identifier: Apache-2.0
// attention-map's view (headline numbers and figure tables) on a real core result: what the page
// shows and exports is the result, to display precision.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { attentionMap } from '../../web/src/experiments/attention-map';
import type { AttentionMapResult } from '../../web/src/experiments/generated';
import { defaults, toCoreParams, type ParamValues } from '../../web/src/experiments/schema';

let result: AttentionMapResult;
const values: ParamValues = { ...defaults(attentionMap), n: 48, beta: 12, px: 16, seed: 3 };
beforeAll(async () => {
  result = (await loadCoreNode()).run('attention-map', toCoreParams(values));
});

describe('attention-map view', () => {
  it('headline keys are unique; each shows its number to at least 3 significant digits', () => {
    const items = attentionMap.headline(result, values);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    for (const item of items) {
      expect(Number.isFinite(item.raw)).toBe(true);
      expect(Math.abs(Number(item.value) - item.raw!), item.key).toBeLessThanOrEqual(5e-3 * Math.abs(item.raw!));
      if (item.key in result) expect(item.raw).toBe(new Map(Object.entries(result)).get(item.key));
    }
    const mean = result.rowEntropy.reduce((a, b) => a + b, 0) / result.rowEntropy.length;
    expect(items.find((i) => i.key === 'meanRowEntropy')!.raw).toBeCloseTo(mean, 12);
    expect(mean).toBeLessThanOrEqual(result.maxEntropy); // entropy of a distribution over n keys ≤ ln n
  });

  it('figures have unique kebab-case ids and rectangular tables that hold the result', () => {
    const figures = attentionMap.figures(result, values);
    expect(figures.map((f) => f.id)).toEqual(['attention', 'singular-values', 'row-entropy']);
    for (const figure of figures) {
      const table = figure.table();
      for (const row of table.rows) expect(row.length).toBe(table.columns.length);
    }
    const [heat, sv, entropy] = figures.map((f) => f.table());
    expect(heat.columns).toEqual(['cell_row', 'cell_col', 'max_abs_p']); // n = 48 pooled to 16 × 16
    expect(heat.rows.length).toBe(result.heatmap.rows * result.heatmap.cols);
    expect(sv.rows.map((r) => r[1])).toEqual(result.singularValues);
    expect(entropy.rows.map((r) => r[1])).toEqual(result.rowEntropy);
  });

  it('each figure exports its own data as JSON, never the whole result', () => {
    const figures = attentionMap.figures(result, values) as (ReturnType<typeof attentionMap.figures>[number] & {
      data?: () => unknown;
    })[];
    const whole = JSON.stringify(result).length;
    const [heat, sv, entropy] = figures.map((f) => f.data?.() ?? f.table());
    expect(heat).toMatchObject({
      rows: result.heatmap.rows,
      cols: result.heatmap.cols,
      n: result.n,
      data: result.heatmap.data,
    });
    expect(sv).toEqual({ columns: ['k', 'sigma_k'], rows: result.singularValues.map((s, k) => [k + 1, s]) });
    expect(entropy).toEqual({ columns: ['row_i', 'entropy_nats'], rows: result.rowEntropy.map((h, i) => [i, h]) });
    for (const data of [sv, entropy]) expect(JSON.stringify(data).length).toBeLessThan(whole);
    expect(Object.keys(heat as object)).not.toContain('singularValues');
  });
});
