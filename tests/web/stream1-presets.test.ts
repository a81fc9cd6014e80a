// SPDX-License-Identifier: Apache-2.0
// Old links keep their numbers forever: the 60 presets as shipped before the ziggurat stream existed
// (tests/fixtures/stream1-presets.json, the sha256 of each result exactly as the page showed it), run now
// with rng=box-muller — what the link migration pins on every link made before version 0.2 — give the same
// bytes. Runs every preset on pools of worker threads over the page's wasm modules, each experiment in its group's
// (CORE_MODULE_OF; about 3 minutes).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { toCoreParams } from '../../web/src/experiments/schema';
import { SCHEMA_VERSION } from '../../web/src/state/migrations';
import { parseLink } from '../../web/src/state/url';
import { CORE_MODULE_OF } from '../../web/src/experiments/generated';
import { pageModulePools, resultText } from '../../scripts/precompute-presets.mjs';

interface Frozen {
  experiment: string;
  params: Record<string, number | string>;
  sha256: string;
}
const frozen = (
  JSON.parse(readFileSync(new URL('../fixtures/stream1-presets.json', import.meta.url), 'utf8')) as {
    presets: Frozen[];
  }
).presets;
const pool = pageModulePools(CORE_MODULE_OF); // the page's modules: a link opens there

/** The result as it was shipped: result keys added since (null where the preset's run has no value) left out. */
function asShipped(id: string, result: unknown): unknown {
  if (id !== 'rank-zoo') return result;
  const added = ['layer', 'head', 'energy90', 'antisymmetry']; // a file's or model's heads; null for the zoo
  const zoo = result as { rows: Record<string, unknown>[] };
  const rows = zoo.rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key, value]) => !(added.includes(key) && value === null))),
  );
  return { ...zoo, rows };
}
afterAll(() => pool.dispose());

describe('presets shipped before the ziggurat stream', () => {
  it('are all here: 60 presets of the 14 experiments', () => {
    expect(frozen).toHaveLength(60);
    expect(new Set(frozen.map((p) => p.experiment)).size).toBe(14);
  });

  it('reach the core with rng=box-muller when opened from their old (v=2) links', () => {
    for (const p of frozen.slice(0, 5)) {
      const link = `#exp=${p.experiment}&v=2&seed=${p.params.seed}`;
      const { state, notices } = parseLink(link, EXPERIMENTS);
      expect(notices).toEqual([]); // the pin is silent: the link means what it meant
      expect(state.values.rng).toBe('box-muller');
    }
    expect(SCHEMA_VERSION).toBeGreaterThan(2);
  });

  it.each(frozen.map((p, k) => [k, p.experiment, p] as const))(
    '#%i %s gives its shipped bytes under rng=box-muller',
    async (_, id, p) => {
      const meta = EXPERIMENTS.find((m) => m.id === id)!;
      const result = await pool.run(meta.id, toCoreParams({ ...p.params, rng: 'box-muller' }));
      expect(
        createHash('sha256')
          .update(resultText(asShipped(id, result)))
          .digest('hex'),
      ).toBe(p.sha256);
    },
    300_000,
  );
});
