// SPDX-License-Identifier: Apache-2.0
// The contract every experiment's view keeps on a real core result (wasm), shared by the family
// tests: headline keys unique with finite numbers, figure ids unique, tables rectangular and non-empty.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import type { AnyResult } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, toCoreParams, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';

export type CheapParams = Record<string, Record<string, number | string | number[]>>;
export interface ViewRun {
  meta: ExperimentMeta;
  values: ParamValues;
  result: AnyResult;
}

/** Runs each experiment once at its cheap parameters (before the tests); `get()` gives the core and the runs. */
export function runCheap(cheap: CheapParams): () => { core: Core; runs: Map<string, ViewRun> } {
  let core: Core;
  const runs = new Map<string, ViewRun>();
  beforeAll(async () => {
    core = await loadCoreNode();
    for (const [id, params] of Object.entries(cheap)) {
      const meta = EXPERIMENTS.find((m) => m.id === id)!;
      const values = { ...defaults(meta), ...params } as ParamValues;
      runs.set(id, { meta, values, result: core.run(meta.id, toCoreParams(values)) });
    }
  });
  return () => ({ core, runs });
}

/** The view contract for each experiment of `cheap`; `extra` adds family-specific cases per experiment. */
export function describeViewContract(
  cheap: CheapParams,
  get: () => { runs: Map<string, ViewRun> },
  extra?: (id: string) => void,
): void {
  describe.each(Object.keys(cheap))('%s view', (id) => {
    it('headline keys are unique and their numbers finite', () => {
      const { meta, values, result } = get().runs.get(id)!;
      const items = meta.headline(result, values);
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
      for (const item of items) if (item.raw !== undefined) expect(Number.isFinite(item.raw), item.key).toBe(true);
    });

    it('figures have unique ids and rectangular tables', () => {
      const { meta, values, result } = get().runs.get(id)!;
      const figures = meta.figures(result, values);
      expect(new Set(figures.map((f) => f.id)).size).toBe(figures.length);
      for (const figure of figures) {
        const { columns, rows } = figure.table();
        expect(rows.length, figure.id).toBeGreaterThan(0);
        for (const row of rows) expect(row.length, figure.id).toBe(columns.length);
      }
    });
    extra?.(id);
  });
}
