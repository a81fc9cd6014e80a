// SPDX-License-Identifier: Apache-2.0
// sparse-approx: result → headline (pass, conditions against thresholds) and figures (A and M on one
// colour scale, per-row spread and gap against their thresholds, one row of A and M overlaid).
import { DATA_COLORS, formatNumber, heatmapRow, lineChart, type Rule } from '../../../plots';
import type { SparseApproxResult } from '../../generated/sparse-approx';
import type { Figure, Headline, ParamValues, RenderOptions } from '../../schema';

type Grid = SparseApproxResult['heatmapA'];

const shape = (s: number[]) => s.join(' × ');

export function headline(r: SparseApproxResult): Headline[] {
  return [
    {
      key: 'pass',
      label: 'Spread and gap conditions',
      value: r.pass ? 'hold in every row' : 'violated',
      raw: r.pass ? 1 : 0,
    },
    { key: 'tries', label: 'Draws used', value: String(r.tries), raw: r.tries },
    {
      key: 'spread',
      label: 'Worst spread / threshold ln(1+ε1)',
      value: `${formatNumber(r.spread.worst, 4)} / ${formatNumber(r.spread.threshold, 4)}`,
      raw: r.spread.worst,
    },
    {
      key: 'gap',
      label: 'Worst gap / threshold ln ε2',
      value: `${r.gap.worst === null ? '—' : formatNumber(r.gap.worst, 4)} / ${formatNumber(r.gap.threshold, 4)}`,
      raw: r.gap.worst ?? undefined,
    },
    {
      key: 'shapes',
      label: 'Shapes X, W_Q, W_K',
      value: `${shape(r.shapes.x)}, ${shape(r.shapes.wq)}, ${shape(r.shapes.wk)}`,
    },
    {
      key: 'bound',
      label: 'JL bound on d (δ = ½)',
      value: String(r.bound),
      raw: r.bound,
      help: 'd that guarantees success with probability ≥ ½',
    },
    { key: 'measuredK', label: 'Measured k, ρ = max row ln-range', value: `${r.measuredK}, ${formatNumber(r.rho, 4)}` },
  ];
}

/** One value per row against its threshold; rows over it are drawn in a second colour. */
function perRowChart(values: (number | null)[], label: string, threshold: Rule, { width, ghost }: RenderOptions) {
  const points = values.flatMap((y, i) => (y === null ? [] : [{ x: i, y }]));
  const within = points.filter((p) => p.y <= threshold.value),
    over = points.filter((p) => p.y > threshold.value);
  const ys = [...points.map((p) => p.y), threshold.value];
  const lo = Math.min(...ys),
    hi = Math.max(...ys),
    pad = 0.08 * (hi - lo || 1);
  return lineChart(
    [
      { label: `${label} within threshold`, points: within, mark: 'dot', color: DATA_COLORS[0] },
      ...(over.length
        ? [
            {
              label: `${label} over threshold (${over.length} rows)`,
              points: over,
              mark: 'dot' as const,
              color: DATA_COLORS[1],
            },
          ]
        : []),
    ],
    {
      width,
      ghost,
      height: 220,
      x: { label: 'row i', integer: true, domain: [-0.5, Math.max(1, values.length) - 0.5] },
      y: { label, domain: [lo - pad, hi + pad] },
      rules: [threshold],
      ariaLabel: `${label} per row against its threshold`,
    },
  );
}

/** Row `row` of A (nonzeros) and of M on a log axis; masked or zero entries of M cannot be drawn there. */
function rowOverlay(r: SparseApproxResult, { width, ghost }: RenderOptions) {
  const a = r.rowA.flatMap((y, x) => (y > 0 ? [{ x, y }] : []));
  const m = r.rowM.flatMap((y, x) => (y > 0 ? [{ x, y }] : []));
  const ys = [...a, ...m].map((p) => p.y);
  return lineChart(
    [
      { label: `M row ${r.row}`, points: m, mark: m.length > 1 ? 'line' : 'dot' },
      { label: `A row ${r.row} (nonzeros)`, points: a, mark: 'dot' },
    ],
    {
      width,
      ghost,
      height: 260,
      x: { label: 'column j', integer: true, domain: [-0.5, r.rowM.length - 0.5] },
      y: { label: 'entry (row sums to 1)', type: 'log', domain: [Math.min(...ys) / 1.6, Math.max(...ys) * 1.6] },
      ariaLabel: `Row ${r.row} of A and M`,
    },
  );
}

function rowOverlayNote(r: SparseApproxResult): string {
  const nonzeros = r.rowA.filter((v) => v > 0).length;
  const masked = r.rowM.filter((v) => v === 0).length;
  if (nonzeros < 2)
    return ` Row ${r.row} has a single nonzero, so there is no ratio to keep: choose another "Row shown".`;
  return masked > 0 ? ` The ${masked} masked entries (M = 0) are not drawn.` : '';
}

/** A and M on one colour scale, side by side (log by default: M's entries near 1/n look uniform on a linear one). */
function patternsFigure(r: SparseApproxResult, logScale: boolean): Figure {
  const cells = (g: Grid) => () => {
    const rows: number[][] = [];
    for (let i = 0; i < g.rows; i++)
      for (let j = 0; j < g.cols; j++)
        rows.push([i, j, r.heatmapA.data[i * g.cols + j], r.heatmapM.data[i * g.cols + j]]);
    return { columns: ['cell_row', 'cell_col', 'a_row_normalised', 'm'], rows };
  };
  return {
    id: 'patterns',
    title: 'Target A and attention M on one colour scale',
    description:
      `A (rows normalised to sum 1) beside M = softmax(X W_Q W_Kᵀ Xᵀ) for n = ${r.n}, d = ${r.d}` +
      (r.heatmapA.rows < r.n ? `, pooled to ${r.heatmapA.rows} cells per side (largest entry per block)` : '') +
      '.' +
      (logScale
        ? ''
        : ' On the linear scale M (entries near 1/n) looks uniformly dark; the log scale shows its structure.'),
    render: ({ width }) =>
      heatmapRow(
        [
          { grid: r.heatmapA, title: 'target A (row-normalised)', sourceRows: r.n, sourceCols: r.n },
          { grid: r.heatmapM, title: 'M = softmax(S)', sourceRows: r.n, sourceCols: r.n },
        ],
        {
          width,
          valueLabel: 'entry',
          xLabel: 'column j',
          yLabel: 'row i',
          color: { scheme: 'viridis', type: logScale ? 'log' : 'linear' },
        },
      ),
    table: cells(r.heatmapA),
  };
}

export function figures(r: SparseApproxResult, values: ParamValues): Figure[] {
  return [
    patternsFigure(r, values.scale !== 'linear'),
    {
      id: 'row-spread',
      title: 'Spread per row: are the nonzeros’ ratios kept?',
      description:
        'max − min over the support of S_ij − ln A_ij; every row must ' +
        'stay under ln(1+ε1) (Likhosherstov et al. 2023, condition 23).',
      render: ({ width, ghost }) =>
        perRowChart(
          r.rowSpread,
          'spread',
          {
            axis: 'y',
            value: r.spread.threshold,
            label: `threshold ln(1+ε1) = ${formatNumber(r.spread.threshold, 4)}`,
            tag: 'ln(1+ε1)',
            style: 'theory',
          },
          { width, ghost },
        ),
      table: () => ({ columns: ['row', 'spread', 'gap'], rows: r.rowSpread.map((s, i) => [i, s, r.rowGap[i] ?? '']) }),
    },
    {
      id: 'row-gap',
      title: 'Gap per row: are the zeros suppressed?',
      description:
        'largest logit on a zero of A minus the smallest on a nonzero; every ' +
        'row must stay under ln ε2 (Likhosherstov et al. 2023, condition 24).',
      render: ({ width, ghost }) =>
        perRowChart(
          r.rowGap,
          'gap',
          {
            axis: 'y',
            value: r.gap.threshold,
            label: `threshold ln ε2 = ${formatNumber(r.gap.threshold, 4)}`,
            tag: 'ln ε2',
            style: 'theory',
          },
          { width, ghost },
        ),
      table: () => ({ columns: ['row', 'gap'], rows: r.rowGap.map((g, i) => [i, g ?? '']) }),
    },
    {
      id: 'row-overlay',
      title: `Row ${r.row}: A against M`,
      description:
        `The chosen row of A (normalised, nonzeros as dots) and of M (line) on a log axis: ` +
        `the spread condition asks the spikes of M to keep the ratios of A\u2019s nonzeros, ` +
        `the gap condition its other entries to stay below ε2 times them.${rowOverlayNote(r)}`,
      render: ({ width, ghost }) => rowOverlay(r, { width, ghost }),
      table: () => ({ columns: ['column', 'a', 'm'], rows: r.rowM.map((m, j) => [j, r.rowA[j], m]) }),
    },
  ];
}
