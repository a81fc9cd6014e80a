// SPDX-License-Identifier: Apache-2.0
// The paper-2 views on real core results (wasm): headline keys unique with finite numbers, figure
// tables rectangular, and the live-theory contract — the core's theory keys are result keys with the
// same values (how fast the theory redraws is measured in bench/live-theory.mjs, not here).
import { expect, it } from 'vitest';
import { hasTheory, toCoreParams } from '../../web/src/experiments/schema';
import { describeViewContract, runCheap, type CheapParams } from './view-contract';

const CHEAP: CheapParams = {
  'rmt-spectrum': { d: 60, mu2: 3, pool: 'causal' },
  'rmt-transition': { d: 40, mu2: [0.5, 3], seeds: 2 },
  'rmt-weights': { d: 40, sequences: 10 },
  'rmt-ridge': { d: 40, mu2: [0.5], ntrain: 80, ntest: 80, seeds: 1 },
  'rmt-phase': { mu2: 0.55, gamma: 1, pool: 'optimal' },
};

const get = runCheap(CHEAP);
describeViewContract(CHEAP, get, (id) => {
  it('the theory keys are result keys with the same values (ridge: no theory)', () => {
    const { core, runs } = get();
    const { meta, values, result } = runs.get(id)!;
    if (meta.id === 'rmt-ridge') {
      expect(hasTheory(meta.id)).toBe(false);
      return;
    }
    expect(hasTheory(meta.id)).toBe(true);
    const theory = core.theory(meta.id, toCoreParams(values));
    const shown = new Map(Object.entries(result));
    for (const [key, value] of Object.entries(theory)) expect(shown.get(key), key).toEqual(value);
  });
});
