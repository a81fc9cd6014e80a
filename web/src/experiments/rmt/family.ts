// SPDX-License-Identifier: Apache-2.0
// How the parameters shared by the paper-2 experiments look in the panel (the core declares them),
// the custom-R upload, pooling labels and the family's look: one hue per pooling in every figure, line
// style for the kind (solid theory, dots simulation, dashed population). The explanations' shared
// pieces are in family-explain.ts.
import { DATA_COLORS, INK, POPULATION_DASH, type LegendItem } from '../../plots';
import { BUDGET_LOOK } from '../schema';

export const MODEL = 'Model';
export const POOLING = 'Pooling';
export const SIMULATION = 'Simulation';

export const sharedLooks = {
  d: { label: 'Dimension d', group: MODEL, slider: 'log' },
  delta: { label: 'δ = d/V (vocabulary ratio)', group: MODEL, slider: 'log', step: 0.01 },
  gamma: { label: 'γ = d/N (sample ratio)', group: MODEL, slider: 'log', step: 0.01 },
  T: { label: 'Sequence length T', group: MODEL, slider: 'log' },
  mu2: { label: 'Signal strength ‖μ‖²', group: MODEL, slider: 'log', step: 0.01 },
  R: { label: 'Positional correlation R', group: MODEL },
  pool: { label: 'Pooling weights w', group: POOLING },
  pools: { label: 'Poolings compared', group: POOLING },
  variant: {
    label: 'Embedding table',
    group: SIMULATION,
    options: { A: 'A: class-centred (clean theory)', B: 'B: raw iid (corrected theory)' },
  },
  centre: {
    label: 'Centre the covariance',
    group: SIMULATION,
    options: { 0: 'No (uncentred S)', 1: 'Yes (subtract the mean pooled vector)' },
  },
  seeds: { label: 'Repetitions per point', group: SIMULATION },
  budget: BUDGET_LOOK,
} as const;

/** The custom R matrix file (the core's input "R", which declares that it replaces T and the R text). */
export const correlationUpload = {
  label: 'Custom R (T × T file)',
  help: 'A symmetric positive semidefinite correlation matrix with unit diagonal; T is taken from the file.',
};

/** Pooling names as the panels write them. */
export function poolLabel(pool: string): string {
  if (pool === 'mean') return 'mean';
  if (pool === 'causal' || pool === 'harmonic') return 'causal (harmonic, τ = 0)';
  if (pool.startsWith('causal:')) return `causal (τ = ${pool.slice(7)})`;
  if (pool === 'optimal') return 'optimal (top eigenvector of R)';
  if (pool === 'last') return 'last token';
  return `custom (${pool.replace(/,/g, ', ')})`;
}

/** The hue of a pooling, the same in every paper-2 figure (harmonic = causal at τ = 0). */
export function poolColor(pool: string): string {
  const tau = pool.startsWith('causal:') ? Number(pool.slice(7)) : 0;
  const index =
    pool === 'mean'
      ? 0
      : pool === 'causal' || pool === 'harmonic' || (pool.startsWith('causal:') && tau === 0)
        ? 1
        : pool === 'optimal'
          ? 2
          : pool === 'last'
            ? 3
            : pool.startsWith('causal:')
              ? 5
              : 4; // custom weights
  return DATA_COLORS[index % DATA_COLORS.length];
}

/** A pooling's name in a legend row or beside a mark: a word or two. */
export function poolName(pool: string): string {
  if (pool === 'causal' || pool === 'harmonic') return 'causal (τ = 0)';
  if (pool.startsWith('causal:')) return `causal (τ = ${pool.slice(7)})`;
  if (pool === 'last') return 'last token';
  if (pool === 'mean' || pool === 'optimal') return pool;
  return 'custom';
}

/** A pooling's name beside a mark on the axis: one short word where possible. */
export function poolTag(pool: string): string {
  if (pool === 'causal' || pool === 'harmonic') return 'causal';
  if (pool.startsWith('causal:')) return `causal τ=${pool.slice(7)}`;
  if (pool === 'last') return 'last';
  return poolName(pool);
}

type Kind = 'theory' | 'simulation' | 'population';

const KIND_ROWS: Record<Kind, () => LegendItem> = {
  theory: () => ({ label: 'theory', color: INK, symbol: 'line', className: 'theory' }),
  simulation: () => ({ label: 'simulation (mean ± sd over seeds)', color: INK, symbol: 'dot', className: 'sim' }),
  population: () => ({
    label: 'population overlap 1 − δ/θ′² (theory)',
    color: INK,
    symbol: 'line',
    dash: POPULATION_DASH,
    className: 'theory',
  }),
};

/** Legend rows never exceed this (figures.md). */
export const MAX_LEGEND_ROWS = 8;

/**
 * The family's legend: one row per pooling (its hue), one per kind of line (in ink), then `extra`
 * rows (axis marks). Past MAX_LEGEND_ROWS the kinds share one row.
 */
export function familyLegend(pools: string[], kinds: Kind[], extra: LegendItem[] = []): LegendItem[] {
  const poolRows: LegendItem[] = pools.map((pool) => ({
    label: poolName(pool),
    color: poolColor(pool),
    symbol: 'box',
  }));
  const kindRows = kinds.map((k) => KIND_ROWS[k]());
  if (poolRows.length + kindRows.length + extra.length > MAX_LEGEND_ROWS && kindRows.length > 1) {
    const words: Record<Kind, string> = {
      theory: 'lines: theory',
      simulation: 'dots: simulation',
      population: 'dashed: population',
    };
    return [...poolRows, { label: kinds.map((k) => words[k]).join(', '), color: INK, symbol: 'line' }, ...extra];
  }
  return [...poolRows, ...kindRows, ...extra];
}

/** The one legend row that explains threshold triangles: hollow = population, filled = sample. */
export function thresholdLegend(): LegendItem {
  return { label: 'population / sample threshold', color: INK, symbol: 'triangles' };
}
