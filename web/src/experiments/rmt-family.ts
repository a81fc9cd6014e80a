// How the parameters shared by the paper-2 experiments look in the panel (the core declares them),
// the custom-R upload and pooling labels (the explanations' shared pieces are in rmt-family-explain.ts).
import { BUDGET_LOOK } from './schema';

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
  variant: { label: 'Embedding table', group: SIMULATION, options: { A: 'A: class-centred (clean theory)', B: 'B: raw iid (corrected theory)' } },
  centre: { label: 'Centre the covariance', group: SIMULATION, options: { 0: 'No (uncentred S)', 1: 'Yes (subtract the mean pooled vector)' } },
  seeds: { label: 'Repetitions per point', group: SIMULATION },
  budget: BUDGET_LOOK,
} as const;

/** The custom R matrix file (the core's input "R"): it brings its own T and replaces the R text. */
export const correlationUpload = {
  label: 'Custom R (T × T file)',
  help: 'A symmetric positive semidefinite correlation matrix with unit diagonal; T is taken from the file.',
  replaces: ['T', 'R'],
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
