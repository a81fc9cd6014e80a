// SPDX-License-Identifier: Apache-2.0
// rank-eps: the band against ln(1/ε) (docs/theory/rank.md#rank-vs-eps: rank ∝ (β
// ln(C/ε))^((d−1)/2)), with k = n.
import { formatNumber } from '../../../plots';
import type { RankEpsResult } from '../../generated/rank-eps';
import { ceilingRule, sweepFigures, sweepHeadline, type SweepAxis } from '../sweep-view';
import type { Figure, Headline } from '../../schema';

type Point = RankEpsResult['points'][number];
const axis: SweepAxis<Point> = {
  key: 'ε',
  label: 'ln(1/ε) (log scale)',
  x: (p) => Math.log(1 / p.eps),
  value: (p) => p.eps,
  ticks: (points) => points.map((p) => Math.log(1 / p.eps)),
};

export function headline(r: RankEpsResult): Headline[] {
  const pts = r.points.filter((p) => p.kSvd > 0);
  const first = pts[0],
    last = pts.at(-1);
  const slope =
    first && last && first !== last
      ? Math.log(last.kSvd / first.kSvd) / Math.log(Math.log(1 / last.eps) / Math.log(1 / first.eps))
      : undefined;
  return [
    {
      key: 'epsSlope',
      label: 'Slope of ln k_svd against ln ln(1/ε)',
      value: slope === undefined ? '—' : formatNumber(slope, 3),
      raw: slope,
      help: 'the heuristic (β·ln(C/ε))^((d−1)/2) suggests a slope near (d−1)/2 when C is small',
    },
    ...sweepHeadline(r),
  ];
}

export function figures(r: RankEpsResult): Figure[] {
  return sweepFigures({ ...r, guides: [] }, axis, ceilingRule(r.n));
}
