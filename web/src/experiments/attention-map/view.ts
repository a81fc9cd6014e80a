// SPDX-License-Identifier: Apache-2.0
// attention-map: result → headline numbers and three figures (P as a heatmap, its singular values
// on log-log axes, the histogram of row entropies against the ln n maximum).
import { formatNumber, heatmap, histogram, lineChart, type FigureData, type Rule } from '../../plots';
import { niceLogTicks } from '../../plots/ticks';
import type { Figure, Headline, ParamValues } from '../schema';

/** A figure whose JSON export is data of its own (the page's export uses `data` when present). */
type FigureWithData = Figure & { data?: () => FigureData };

import type { AttentionMapResult } from '../generated/attention-map';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function headline(r: AttentionMapResult): Headline[] {
  const meanEntropy = mean(r.rowEntropy);
  return [
    {
      key: 'effectiveRank',
      label: 'Effective rank',
      value: formatNumber(r.effectiveRank, 6),
      raw: r.effectiveRank,
      help: 'exp of the entropy of the normalised singular values (1 … n)',
    },
    {
      key: 'meanRowEntropy',
      label: 'Mean row entropy',
      value: formatNumber(meanEntropy, 6),
      raw: meanEntropy,
      help: 'in nats; ln n means uniform rows',
    },
    { key: 'maxEntropy', label: 'ln n (maximum)', value: formatNumber(r.maxEntropy, 6), raw: r.maxEntropy },
    {
      key: 'rowSumError',
      label: 'Largest |row sum − 1|',
      value: formatNumber(r.rowSumError, 3),
      raw: r.rowSumError,
      help: 'floating-point check that every row is a distribution',
    },
  ];
}

/** Paper 3's sphere law, rank_ε ~ (1+β)^((d−1)/2) with an unknown constant, as the core computes it. */
function sphereLawRule(r: AttentionMapResult): Rule[] {
  const scale = r.sphereLawScale;
  return scale === null
    ? []
    : [
        {
          axis: 'x',
          value: scale,
          label: `sphere-law scale (1+β)^((d−1)/2) = ${formatNumber(scale)}, constant unknown`,
          tag: 'sphere law',
          style: 'theory',
        },
      ];
}

/**
 * The spectrum's height: about the heatmap's beside it (a square plus its colour legend), so the
 * two cards of a row are filled alike.
 */
function spectrumHeight(width: number): number {
  return Math.round(Math.min(560, Math.max(240, width * 0.9)));
}

/** P as a heatmap: pooled by largest |P_ij| per block when n is above the grid, exported as the grid drawn. */
function attentionFigure(r: AttentionMapResult): FigureWithData {
  const pooled = r.heatmap.rows < r.n;
  return {
    id: 'attention',
    title: 'Attention matrix P',
    description:
      `P = softmax(β X Xᵀ) for ${r.n} points` +
      (pooled ? `, pooled to ${r.heatmap.rows} × ${r.heatmap.cols} cells (largest entry per block)` : '') +
      '; colour on a log scale.',
    render: ({ width }) =>
      heatmap(r.heatmap, {
        width,
        valueLabel: 'P_ij',
        xLabel: 'key j',
        yLabel: 'query i',
        sourceRows: r.n,
        sourceCols: r.n,
        color: { scheme: 'viridis', type: 'log' },
        ariaLabel: `Heatmap of the ${r.n} × ${r.n} attention matrix`,
      }),
    table: () => {
      const { rows, cols, data } = r.heatmap;
      const out: number[][] = [];
      for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out.push([i, j, data[i * cols + j]]);
      return { columns: pooled ? ['cell_row', 'cell_col', 'max_abs_p'] : ['query_i', 'key_j', 'p'], rows: out };
    },
    // The grid as drawn (row-major), not one row per cell: a quarter of the size, same numbers.
    data: () => ({
      rows: r.heatmap.rows,
      cols: r.heatmap.cols,
      n: r.n,
      layout: 'row-major',
      value: pooled ? 'largest |P_ij| in each block of rows and columns' : 'P_ij',
      data: r.heatmap.data,
    }),
  };
}

/** σ_k against k on log-log axes, with the effective rank and (on the sphere) paper 3's scale as rules. */
function spectrumFigure(r: AttentionMapResult): Figure {
  const svPositive = r.singularValues.filter((v) => v > 0);
  const sv = r.singularValues;
  return {
    id: 'singular-values',
    title: 'Singular values of P',
    description: `σ_k against k, both on log axes; effective rank ${formatNumber(r.effectiveRank)} of ${r.n}.`,
    render: ({ width, ghost }) =>
      lineChart(
        [
          {
            label: 'σ_k (simulation)',
            points: sv.map((y, k) => ({ x: k + 1, y })),
            mark: sv.length > 64 ? 'line' : 'line+dot',
          },
        ],
        {
          width,
          ghost,
          height: spectrumHeight(width),
          // Log k: the first tens of ranks, where the spectrum falls and both rules sit, get room and ticks.
          x: {
            label: 'rank k',
            type: 'log',
            domain: [1, Math.max(2, sv.length)],
            ticks: niceLogTicks(1, Math.max(2, sv.length), Math.max(3, Math.floor(width / 48))),
          },
          // Named ticks at most every ~36 px: Plot's own log ticks label every 2…9 of 11 decades on a tall chart.
          y: {
            label: 'singular value σ_k',
            type: 'log',
            ticks: niceLogTicks(
              Math.min(...svPositive),
              Math.max(...svPositive),
              Math.max(3, Math.floor(spectrumHeight(width) / 36)),
            ),
          },
          rules: [
            {
              axis: 'x',
              value: r.effectiveRank,
              label: `effective rank ${formatNumber(r.effectiveRank)}`,
              tag: 'effective rank',
              style: 'marker',
            },
            ...sphereLawRule(r),
          ],
          ariaLabel: 'Singular values of the attention matrix',
          ariaDescription:
            `Largest ${formatNumber(sv[0] ?? 0)}, smallest ${formatNumber(sv[sv.length - 1] ?? 0)}; ` +
            `effective rank ${formatNumber(r.effectiveRank)}.`,
        },
      ),
    table: () => ({ columns: ['k', 'sigma_k'], rows: sv.map((s, k) => [k + 1, s]) }),
  };
}

/** The histogram of row entropies against the ln n maximum of a uniform row. */
function entropyFigure(r: AttentionMapResult): Figure {
  return {
    id: 'row-entropy',
    title: 'Row entropies',
    description:
      `Histogram of the entropy of each row of P (nats); a ` + `uniform row has ln n = ${formatNumber(r.maxEntropy)}.`,
    render: ({ width }) =>
      histogram(r.rowEntropy, {
        width,
        label: 'rows of P',
        x: { label: 'row entropy H(P_i) (nats)' },
        yLabel: 'rows',
        rules: [
          {
            axis: 'x',
            value: r.maxEntropy,
            label: `ln n = ${formatNumber(r.maxEntropy)}: the maximum, reached by a uniform row`,
            tag: 'ln n',
            style: 'theory',
          },
        ],
        ariaLabel: 'Histogram of row entropies',
        ariaDescription:
          `Mean ${formatNumber(mean(r.rowEntropy))} nats against ` +
          `the maximum ln n = ${formatNumber(r.maxEntropy)}.`,
      }),
    table: () => ({ columns: ['row_i', 'entropy_nats'], rows: r.rowEntropy.map((h, i) => [i, h]) }),
  };
}

export function figures(r: AttentionMapResult, _values: ParamValues): FigureWithData[] {
  return [attentionFigure(r), spectrumFigure(r), entropyFigure(r)];
}
