// SPDX-License-Identifier: Apache-2.0
// The view shared by rank-beta, rank-n and rank-eps: the certificate band against the swept parameter on log-log axes
// (truncated SVD, Chebyshev, the lower bound, the band between them as bars, the guides the core computed), each lower
// bound by name, and the per-point table. Partial sweeps draw what has finished.
import { DATA_COLORS, THEORY, formatNumber, lineChart, type Rule, type Series } from '../../plots';
import { THEORY_ALT } from '../../plots/figure-style';
import {
  CERTIFICATE_NAMES,
  svdPathName,
  LOWER_BOUND_COLUMNS,
  LOWER_BOUND_KEYS,
  LOWER_BOUND_NAMES,
} from './certificate-names';
import type { Figure, Headline, RenderOptions } from '../schema';

type LowerBoundsByName = { 'LB-F': number; 'LB-DD': number; 'LB-POOL-GEO': number | null; 'LB-POOL-DATA': number };
interface SweepPoint {
  kSvd: number;
  kCheb: number;
  lowerBound: number;
  lowerBounds: LowerBoundsByName;
  upper: number;
  chebDegree: number | null;
  chebVacuous: boolean;
  svdPath: string;
  svdError: number;
  chebError: number;
}
interface SweepResult {
  guides: { label: string; slope: number; x: number[]; k: number[] }[];
  geometry: string;
  d: number;
  jobsDone: number;
  jobsTotal: number;
  n?: number;
}

/** How one sweep reads its points: the x value drawn and its axis. */
export interface SweepAxis<P extends SweepPoint> {
  key: string;
  label: string;
  x: (p: P) => number;
  /** The column written in the CSV (the swept value itself). */
  value: (p: P) => number;
  ticks?: (points: P[]) => number[];
}

const LB_NAMES = LOWER_BOUND_KEYS;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

export function sweepHeadline<P extends SweepPoint>(r: SweepResult & { points: P[] }): Headline[] {
  const ratios = r.points.filter((p) => p.lowerBound > 0).map((p) => p.upper / p.lowerBound);
  const paths = [...new Set(r.points.map((p) => svdPathName(p.svdPath)))].join(', ') || '—';
  const worst = Math.max(0, ...r.points.map((p) => Math.max(p.svdError, p.chebError)));
  return [
    {
      key: 'ratio',
      label: 'Median upper ÷ lower',
      value: ratios.length ? `${formatNumber(median(ratios), 3)}×` : '—',
      raw: ratios.length ? median(ratios) : undefined,
      help: 'the width of the certificate band: the true ε-rank lies between the two',
    },
    {
      key: 'svdPath',
      label: 'Truncated SVD computed by',
      value: paths,
      help: 'full: one eigendecomposition of PᵀP; partial: Lanczos on the leading vectors only',
    },
    {
      key: 'worstError',
      label: 'Largest recomputed error',
      value: formatNumber(worst, 3),
      raw: worst,
      help: 'max-row-ℓ1 error of the returned approximations (each ≤ ε)',
    },
    { key: 'jobsDone', label: 'Points done', value: `${r.jobsDone} of ${r.jobsTotal}`, raw: r.jobsDone },
  ];
}

function bandSeries<P extends SweepPoint>(points: P[], axis: SweepAxis<P>): Series[] {
  return [
    {
      label: 'band [lower bound, best upper]',
      mark: 'dot',
      color: '#9aa5b1',
      points: points.map((p) => ({ x: axis.x(p), y: p.upper, lo: Math.max(1, p.lowerBound), hi: p.upper })),
    },
    {
      label: `${CERTIFICATE_NAMES.svd} (upper)`,
      mark: 'line+dot',
      color: DATA_COLORS[0],
      points: points.map((p) => ({ x: axis.x(p), y: p.kSvd })),
    },
    {
      label: `${CERTIFICATE_NAMES.cheb} (upper)`,
      mark: 'line+dot',
      color: DATA_COLORS[1],
      points: points.map((p) => ({ x: axis.x(p), y: p.kCheb })),
    },
    {
      label: 'largest lower bound',
      mark: 'line+dot',
      color: DATA_COLORS[2],
      points: points.map((p) => ({ x: axis.x(p), y: Math.max(p.lowerBound, 0) })),
    },
  ];
}

function guideSeries(r: SweepResult): Series[] {
  const colors = [THEORY, THEORY_ALT];
  return r.guides.map((g, i) => ({
    label: `guide: ${g.label}${g.slope ? ` (slope ${formatNumber(g.slope, 3)})` : ''}`,
    style: 'theory' as const,
    color: colors[i % colors.length],
    points: g.x.map((x, j) => ({ x, y: g.k[j] })),
  }));
}

function bandChart<P extends SweepPoint>(
  r: SweepResult & { points: P[] },
  axis: SweepAxis<P>,
  { width, ghost }: RenderOptions,
  rules: Rule[] = [],
): HTMLElement {
  const series = [...bandSeries(r.points, axis), ...guideSeries(r)];
  return lineChart(series, {
    width,
    ghost,
    height: 340,
    rules,
    x: { label: axis.label, type: 'log', ticks: axis.ticks?.(r.points) },
    y: { label: 'rank k (log scale)', type: 'log' },
    ariaLabel: `Approximation rank against ${axis.key}`,
    ariaDescription:
      'The truncated SVD and Chebyshev certificates above, the ' +
      'largest lower bound below; the true ε-rank lies in between.',
  });
}

function lowerBoundsChart<P extends SweepPoint>(
  points: P[],
  axis: SweepAxis<P>,
  { width, ghost }: RenderOptions,
): HTMLElement {
  const series: Series[] = LB_NAMES.map((name, i) => ({
    label: LOWER_BOUND_NAMES[name],
    mark: 'line+dot' as const,
    color: DATA_COLORS[(i + 2) % DATA_COLORS.length],
    points: points.flatMap((p) => {
      const y = p.lowerBounds[name];
      return y === null ? [] : [{ x: axis.x(p), y }];
    }),
  }));
  return lineChart(series, {
    width,
    ghost,
    height: 280,
    x: { label: axis.label, type: 'log', ticks: axis.ticks?.(points) },
    y: { label: 'lower bound', integer: true },
    ariaLabel: `Each lower bound against ${axis.key}`,
  });
}

function sweepTable<P extends SweepPoint>(points: P[], axis: SweepAxis<P>) {
  return {
    columns: [
      axis.key,
      'k_svd',
      'k_cheb',
      'lower_bound',
      ...LB_NAMES.map((n) => LOWER_BOUND_COLUMNS[n]),
      'cheb_degree',
      'cheb_vacuous',
      'svd_path',
      'svd_error',
      'cheb_error',
    ],
    rows: points.map((p) => [
      axis.value(p),
      p.kSvd,
      p.kCheb,
      p.lowerBound,
      ...LB_NAMES.map((n) => p.lowerBounds[n] ?? ''),
      p.chebDegree ?? '',
      p.chebVacuous ? 1 : 0,
      p.svdPath,
      p.svdError,
      p.chebError,
    ]),
  };
}

/** The three figures of a sweep. */
export function sweepFigures<P extends SweepPoint>(
  r: SweepResult & { points: P[] },
  axis: SweepAxis<P>,
  rules: Rule[] = [],
): Figure[] {
  return [
    {
      id: 'band',
      title: `Approximation rank against ${axis.key}`,
      render: ({ width, ghost }) => bandChart(r, axis, { width, ghost }, rules),
      table: () => sweepTable(r.points, axis),
      description:
        'Log–log: the band between the largest lower bound and the best upper certificate, with the guide slopes.',
    },
    {
      id: 'lower-bounds',
      title: 'Lower bounds by name',
      render: ({ width, ghost }) => lowerBoundsChart(r.points, axis, { width, ghost }),
      table: () => sweepTable(r.points, axis),
    },
  ];
}

/** The horizontal line k = n (the trivial certificate M = P). */
export function ceilingRule(n: number | undefined): Rule[] {
  return n
    ? [{ axis: 'y', value: n, label: `k = n = ${n} (M = P is always exact)`, tag: 'k = n', style: 'marker' }]
    : [];
}
