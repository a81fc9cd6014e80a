// SPDX-License-Identifier: Apache-2.0
// rank-beta: headline (fitted slope against the predicted one) and the figures of the shared sweep
// view, on x = 1 + β (docs/theory/rank.md#sphere-law: log–log, guide slopes, the line k = n).
import { formatNumber } from '../../../plots';
import type { RankBetaResult } from '../../generated/rank-beta';
import { ceilingRule, sweepFigures, sweepHeadline, type SweepAxis } from '../sweep-view';
import type { Figure, Headline } from '../../schema';

type Point = RankBetaResult['points'][number];
const axis: SweepAxis<Point> = {
  key: 'β',
  label: '1 + β (log scale)',
  x: (p) => 1 + p.beta,
  value: (p) => p.beta,
  ticks: (points) => points.map((p) => 1 + p.beta),
};

const slopeText = (s: number | null) => (s === null ? '—' : formatNumber(s, 3));

export function headline(r: RankBetaResult): Headline[] {
  return [
    {
      key: 'slopeSvd',
      label: 'Fitted slope of k_svd',
      value: slopeText(r.slope.kSvd),
      raw: r.slope.kSvd ?? undefined,
      help: 'least squares of ln k against ln β over β = 8, 16, 32, 64 with k ≤ n/2',
    },
    {
      key: 'slopeLower',
      label: 'Fitted slope of the lower bound',
      value: slopeText(r.slope.lowerBound),
      raw: r.slope.lowerBound ?? undefined,
    },
    {
      key: 'predictedSlope',
      label: 'Predicted slope',
      value: r.predictedSlope === null ? 'none (uniform ball)' : formatNumber(r.predictedSlope, 3),
      raw: r.predictedSlope ?? undefined,
      help: '(d−1)/2 on the sphere, d/2 for the Gaussian lift',
    },
    ...sweepHeadline(r),
  ];
}

export function figures(r: RankBetaResult): Figure[] {
  return sweepFigures(r, axis, ceilingRule(r.n));
}
