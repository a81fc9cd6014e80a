// SPDX-License-Identifier: Apache-2.0
// rank-n: the band against n on log–log axes with the diagonal k = n from the core (docs/theory/rank.md#rank-vs-n).
import { formatNumber } from '../../../plots';
import type { RankNResult } from '../../generated/rank-n';
import { sweepFigures, sweepHeadline, type SweepAxis } from '../sweep-view';
import type { Figure, Headline } from '../../schema';

type Point = RankNResult['points'][number];
const axis: SweepAxis<Point> = {
  key: 'n',
  label: 'tokens n (log scale)',
  x: (p) => p.n,
  value: (p) => p.n,
  ticks: (points) => points.map((p) => p.n),
};

export function headline(r: RankNResult): Headline[] {
  const last = r.points.at(-1),
    before = r.points.at(-2);
  const growth = last && before && before.kSvd > 0 ? last.kSvd / before.kSvd : undefined;
  return [
    {
      key: 'plateau',
      label: last && before ? `k_svd growth from n = ${before.n} to ${last.n}` : 'k_svd growth at the largest n',
      value: growth ? `${formatNumber(growth, 3)}×` : '—',
      raw: growth,
      help: '≈ 1 once the rank has saturated (the min{n, ·} law); ≈ the ratio of the n while k ≈ n',
    },
    ...sweepHeadline(r),
  ];
}

export function figures(r: RankNResult): Figure[] {
  return sweepFigures(r, axis);
}
