// SPDX-License-Identifier: Apache-2.0
// rank-zoo on uploaded heads: a model's heads ("L3H5") are drawn as per-layer means, not one bar per head.
import { describe, expect, it } from 'vitest';
import type { RankZooResult } from '../../web/src/experiments/generated/rank-zoo';
import { figures } from '../../web/src/experiments/rank/rank-zoo/view';

const row = (family: string, lowerBound: number, kSvd: number) => ({
  family,
  variant: 0,
  betaMult: 1,
  rVis: 3,
  rRawTau: 4,
  rVisTau: 3,
  rEffRaw: 2,
  rEffVis: 2,
  kSvd,
  lowerBound,
  lowerBoundPoolData: 0,
  kComb: 10,
  combRank: 2,
  combDegree: 3,
  nonVacuous: true,
  reductionTau: 1,
  reductionEff: 0,
  svdError: 0.05,
  combError: 0.05,
});

describe('rank-zoo group chart', () => {
  it('averages uploaded heads per layer, one row per layer and temperature', () => {
    const r = {
      rows: [row('L0H0', 2, 10), row('L0H1', 4, 14), row('L1H0', 6, 20)],
      families: [],
      meanReductionTau: 1,
      meanReductionEff: 0,
      fractionEffPositive: 0,
      spearman: [],
      source: 'uploaded heads',
      synthetic: false,
      tau: 1,
      epsOut: 0.05,
      eps: 0.1,
      jobsDone: 3,
      jobsTotal: 3,
    } as unknown as RankZooResult;
    const families = figures(r).find((f) => f.id === 'families')!;
    expect(families.title).toBe('Per-layer means of your heads');
    expect(families.table()).toEqual({
      columns: ['layer', 'beta_mult', 'heads', 'lower_bound', 'k_svd'],
      rows: [
        ['layer 0', 1, 2, 3, 12],
        ['layer 1', 1, 1, 6, 20],
      ],
    });
  });
});
