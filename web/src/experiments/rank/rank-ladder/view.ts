// SPDX-License-Identifier: Apache-2.0
// rank-ladder: every certificate's error against the rank k it uses: the truncated SVD's err_k, the Chebyshev
// certificate's chebErr(g) at k = D(g), the ℓ1 refit's errors; the line at ε and a marker at each certificate.
import { DATA_COLORS, formatNumber, lineChart, type Rule, type Series } from '../../../plots';
import type { RankLadderResult } from '../../generated/rank-ladder';
import { CERTIFICATE_NAMES, LOWER_BOUND_NAMES, markerName, svdPathName } from '../certificate-names';
import type { Figure, Headline, RenderOptions } from '../../schema';

export function headline(r: RankLadderResult): Headline[] {
  return [
    {
      key: 'lowerBound',
      label: 'Lower bound',
      value: String(r.lowerBound),
      raw: r.lowerBound,
      help: `the largest of the ${Object.values(LOWER_BOUND_NAMES).join(', ')} bounds`,
    },
    {
      key: 'kSvd',
      label: 'Truncated SVD',
      value: String(r.kSvd),
      raw: r.kSvd,
      help: `recomputed error ${formatNumber(r.svdError, 3)}; computed by ${svdPathName(r.svdPath)}`,
    },
    {
      key: 'kCheb',
      label: 'Chebyshev',
      value: r.chebVacuous ? `${r.kCheb} (no better than n)` : `${r.kCheb} (degree ${r.chebDegree})`,
      raw: r.kCheb,
      help: `recomputed error ${formatNumber(r.chebError, 3)}`,
    },
    ...(r.kRefit === null
      ? []
      : [
          {
            key: 'kRefit',
            label: 'ℓ1 refit',
            value: String(r.kRefit),
            raw: r.kRefit,
            help: `worst refitted row ${formatNumber(r.refitError ?? NaN, 3)}`,
          },
        ]),
    {
      key: 'ratio',
      label: 'Upper ÷ lower',
      value: r.ratio === null ? '—' : `${formatNumber(r.ratio, 3)}×`,
      raw: r.ratio ?? undefined,
      help: 'the band\u2019s width: the true ε-rank lies between the lower bound and the best upper certificate',
    },
  ];
}

/** A marker's short tag beside its rule: "lower", "SVD", "Chebyshev", "refit". */
function markerTag(label: string): string {
  const name = markerName(label);
  return name.startsWith('lower')
    ? 'lower'
    : name.includes('SVD')
      ? 'SVD'
      : name.includes('refit')
        ? 'refit'
        : name.split(' ')[0];
}

function ladderChart(r: RankLadderResult, { width, ghost }: RenderOptions): HTMLElement {
  const series: Series[] = [
    {
      label: `${CERTIFICATE_NAMES.svd}: error at rank k`,
      mark: 'line',
      color: DATA_COLORS[0],
      points: r.errSvd.map((e, k) => ({ x: k, y: e })),
    },
    {
      label: `${CERTIFICATE_NAMES.cheb}: error at k = D(g)`,
      mark: 'line+dot',
      color: DATA_COLORS[1],
      points: r.cheb.err.map((e, g) => ({ x: r.cheb.dim[g], y: e })),
    },
  ];
  if (r.refit)
    series.push({
      label: `${CERTIFICATE_NAMES.refit}: worst row at k (failures at ε + 1)`,
      mark: 'dot',
      color: DATA_COLORS[3],
      points: r.refit.k.map((k, i) => ({ x: k, y: r.refit!.err[i] })),
    });
  const rules: Rule[] = [
    { axis: 'y', value: r.eps, label: `ε = ${r.eps}`, tag: 'ε', style: 'theory' },
    ...r.markers.map((m) => ({
      axis: 'x' as const,
      value: Math.max(m.k, 0.5),
      label: `${markerName(m.label)}: k = ${m.k}`,
      tag: markerTag(m.label),
      style: 'marker' as const,
    })),
  ];
  const kMax = Math.max(...r.errSvd.map((_, k) => k), ...r.cheb.dim.filter((d) => d <= r.n), r.upper) * 1.1;
  return lineChart(series, {
    width,
    ghost,
    height: 340,
    rules,
    x: { label: 'rank k', domain: [0, Math.max(4, kMax)] },
    y: { label: 'max-row-ℓ1 error (log scale)', type: 'log' },
    ariaLabel: 'Error of each certificate against its rank',
    ariaDescription:
      'Each curve crosses the ε line at its certificate; the lower bound marker sits to the left of every crossing.',
  });
}

function table(r: RankLadderResult) {
  const rows: (number | string)[][] = [
    ...r.errSvd.map((e, k): (number | string)[] => [CERTIFICATE_NAMES.svd, k, '', e]),
    ...r.cheb.err.map((e, g): (number | string)[] => [CERTIFICATE_NAMES.cheb, r.cheb.dim[g], g, e]),
    ...(r.refit ? r.refit.k.map((k, i): (number | string)[] => [CERTIFICATE_NAMES.refit, k, '', r.refit!.err[i]]) : []),
  ];
  return { columns: ['certificate', 'k', 'degree', 'error'], rows };
}

export function figures(r: RankLadderResult): Figure[] {
  return [
    {
      id: 'ladder',
      title: 'Certificate ladder: error against rank',
      render: ({ width, ghost }) => ladderChart(r, { width, ghost }),
      table: () => table(r),
      description:
        'Each certificate’s error against the rank it uses, with the ε ' +
        'line and a marker at the lower bound and at each certificate.',
    },
  ];
}
