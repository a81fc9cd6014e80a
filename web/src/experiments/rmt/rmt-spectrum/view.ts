// SPDX-License-Identifier: Apache-2.0
// rmt-spectrum: result → headline (theory against simulation) and two figures: the eigenvalue
// histogram (density-normalised) with the theory density, the edges and the predicted outlier
// (docs/theory/rmt.md#experiment-spectrum), and the bulk law against the two Marchenko–Pastur laws it is not. The
// pooling's hue colours the bars and its theory (solid); edges and outliers are marks on the top edge.
import { INK, MARKER, MUTED, formatNumber, histogram, lineChart, type AxisMark } from '../../../plots';
import type { RmtSpectrumResult } from '../../generated/rmt-spectrum';
import { poolColor, poolName } from '../family';
import type { Figure, Headline, ParamValues } from '../../schema';

function region(r: RmtSpectrumResult): string {
  if (r.sampleSpike) return 'both spikes (ρ above both thresholds)';
  if (r.populationSpike) return 'population spike only (two-transition window)';
  return 'no spike (ρ below both thresholds)';
}

export function headline(r: RmtSpectrumResult): Headline[] {
  return [
    {
      key: 'topEigenvalue',
      label: 'Top eigenvalue λ₁ (simulated)',
      value: formatNumber(r.topEigenvalue, 5),
      raw: r.topEigenvalue,
    },
    {
      key: 'topEigenvalueTheory',
      label: 'λ₁ theory',
      value: formatNumber(r.topEigenvalueTheory, 5),
      raw: r.topEigenvalueTheory,
      help: 'the outlier location κ·Z(1/θ′) above the sample threshold, the bulk edge κλ₊ below it',
    },
    { key: 'overlap', label: 'Overlap |u_Sᵀu|² (simulated)', value: formatNumber(r.overlap, 4), raw: r.overlap },
    { key: 'overlapTheory', label: 'Overlap theory', value: formatNumber(r.overlapTheory, 4), raw: r.overlapTheory },
    {
      key: 'rho',
      label: 'Effective SNR ρ',
      value: formatNumber(r.rho, 4),
      raw: r.rho,
      help:
        `population threshold ${formatNumber(r.rhoPopulation, 4)}, ` +
        `sample threshold ${formatNumber(r.rhoSample, 4)}`,
    },
    { key: 'region', label: 'Regime', value: region(r) },
    { key: 'kappa', label: 'κ = ‖w‖²', value: formatNumber(r.kappa, 4), raw: r.kappa },
  ];
}

/** Theory's edges and outlier in the pooling's hue (filled), the simulated top eigenvalue grey (hollow). */
function spectrumMarks(r: RmtSpectrumResult, color: string): AxisMark[] {
  return [
    {
      axis: 'x',
      value: r.bulkEdges.lower,
      label: `bulk edge κλ₋ = ${formatNumber(r.bulkEdges.lower, 4)} (theory)`,
      tag: 'κλ₋',
      color,
    },
    {
      axis: 'x',
      value: r.bulkEdges.upper,
      label: `bulk edge κλ₊ = ${formatNumber(r.bulkEdges.upper, 4)} (theory)`,
      tag: 'κλ₊',
      color,
      priority: 1,
    },
    ...(r.sampleSpike
      ? [
          {
            axis: 'x' as const,
            value: r.topEigenvalueTheory,
            label: `predicted outlier ${formatNumber(r.topEigenvalueTheory, 4)} (theory)`,
            tag: 'outlier',
            color,
            priority: 2,
          },
        ]
      : []),
    {
      axis: 'x',
      value: r.topEigenvalue,
      label: `top eigenvalue λ₁ = ${formatNumber(r.topEigenvalue, 4)} (simulated)`,
      tag: 'λ₁',
      color: MARKER,
      shape: 'hollow',
      priority: 1,
    },
  ];
}

const curve = (c: { x: number[]; f: number[] }) => c.x.map((x, i) => ({ x, y: c.f[i] }));

/** The eigenvalues' histogram against the theory density, the bulk edges and outliers marked on its top edge. */
function spectrumFigure(r: RmtSpectrumResult, pool: string, color: string): Figure {
  const atom =
    r.atomAtZero > 0 ? ` An atom of mass ${formatNumber(r.atomAtZero, 3)} sits at 0 (rank S ≤ min(d, V, N)).` : '';
  return {
    id: 'spectrum',
    title: 'Eigenvalues of S against κ·(MP_δ ⊠ MP_γ)',
    description:
      `Histogram (density) of the ${r.eigenvalues.length} eigenvalues of S with ${poolName(pool)} ` +
      `pooling; solid line: the theory density; triangles on the top edge: the bulk edges and the ` +
      `predicted outlier (theory) and the simulated top eigenvalue (hollow).${atom}`,
    render: ({ width }) =>
      histogram(r.eigenvalues, {
        width,
        height: 300,
        label: `eigenvalues of S, ${poolName(pool)} pooling (simulated)`,
        x: { label: 'eigenvalue' },
        density: true,
        bins: 60,
        marks: spectrumMarks(r, color),
        color,
        theory: { label: 'κ·(MP_δ ⊠ MP_γ) density (theory)', points: curve(r.density), color, line: 'solid' },
        ariaLabel: 'Histogram of the eigenvalues of S with the theoretical density',
      }),
    table: () => ({ columns: ['eigenvalue'], rows: r.eigenvalues.map((x) => [x]) }),
  };
}

/** The bulk law against the two Marchenko–Pastur laws it compounds. */
function notMarchenkoPasturFigure(r: RmtSpectrumResult, color: string): Figure {
  return {
    id: 'not-mp',
    title: 'The bulk is not Marchenko–Pastur',
    description:
      'The bulk law against κ·MP_δ (infinitely many sequences, γ → 0) and κ·MP_γ ' +
      '(infinite vocabulary, δ → 0): the finite vocabulary and the finite sample compound.',
    render: ({ width, ghost }) =>
      lineChart(
        [
          {
            label: 'κ·(MP_δ ⊠ MP_γ): the bulk law (theory)',
            style: 'theory',
            line: 'solid',
            color,
            points: curve(r.density),
          },
          {
            label: 'κ·MP_δ (infinitely many sequences, γ → 0)',
            style: 'theory',
            line: 'dashed',
            color: INK,
            points: curve(r.mpDelta),
          },
          {
            label: 'κ·MP_γ (infinite vocabulary, δ → 0)',
            style: 'theory',
            line: 'solid',
            color: MUTED,
            points: curve(r.mpGamma),
          },
        ],
        {
          width,
          ghost,
          height: 280,
          x: { label: 'eigenvalue' },
          y: { label: 'density' },
          ariaLabel: 'Bulk density against two Marchenko–Pastur laws',
        },
      ),
    table: () => ({ columns: ['x', 'density'], rows: r.density.x.map((x, i) => [x, r.density.f[i]]) }),
  };
}

export function figures(r: RmtSpectrumResult, values?: ParamValues): Figure[] {
  const pool = typeof values?.pool === 'string' ? values.pool : 'mean';
  const color = poolColor(pool);
  return [spectrumFigure(r, pool, color), notMarchenkoPasturFigure(r, color)];
}
