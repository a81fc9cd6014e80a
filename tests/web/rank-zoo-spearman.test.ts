// SPDX-License-Identifier: Apache-2.0
// rank-zoo's association tiles: Spearman's ρ with a constant variable has no ranking to correlate and is shown as
// undefined ("—"), whatever number the core wrote; with both variables varying the core's ρ is shown.
import { describe, expect, it } from 'vitest';
import type { RankZooResult } from '../../web/src/experiments/generated/rank-zoo';
import { definedRho } from '../../web/src/experiments/rank/rank-zoo/spearman';

const result = (rows: { reductionTau: number; nonVacuous: boolean; kSvd: number }[]) =>
  ({
    rows,
    spearman: [
      { name: 'tau:nonVacuous', rho: 0 },
      { name: 'tau:-kSvd', rho: 0.5 },
    ],
  }) as unknown as RankZooResult;

describe('rank-zoo Spearman tiles', () => {
  it('are undefined when a variable is constant, the core’s ρ otherwise', () => {
    const none = result([
      { reductionTau: 1, nonVacuous: false, kSvd: 3 },
      { reductionTau: 0, nonVacuous: false, kSvd: 4 },
    ]);
    expect(definedRho(none, 'tau:nonVacuous')).toBeUndefined();
    expect(definedRho(none, 'tau:-kSvd')).toBe(0.5);
    const flat = result([
      { reductionTau: 1, nonVacuous: true, kSvd: 3 },
      { reductionTau: 1, nonVacuous: false, kSvd: 4 },
    ]);
    expect(definedRho(flat, 'tau:nonVacuous')).toBeUndefined();
    expect(definedRho(flat, 'tau:-kSvd')).toBeUndefined();
  });
});
