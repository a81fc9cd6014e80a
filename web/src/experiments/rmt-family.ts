// How the parameters shared by the paper-2 experiments look in the panel (the core declares them),
// the custom-R upload, and the pieces every paper-2 explanation repeats (model, provenance, source).
import katex from 'katex';
import { RMT_POOLING, referenceHtml } from './references';
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

export const tex = (source: string, displayMode = false) => katex.renderToString(source, { displayMode, throwOnError: false });

/** The generative model, as every paper-2 explanation states it first. */
export function modelHtml(): string {
  return [
    `<p>A fixed vocabulary of V tokens with embeddings ${tex('e_v = s_v\\,\\mu + z_v')} (two classes ${tex('s_v = \\pm 1')}, ${tex('z_v \\sim \\mathcal N(0, I_d)')}); N sequences of T tokens whose class signs have positional correlation ${tex('\\mathbb E[\\xi\\xi^\\top] = R')}; each sequence is pooled with fixed weights, ${tex('c_n = \\sum_t w_t\\, x_{n,t}')}, and ${tex('S = \\tfrac1N \\sum_n c_n c_n^\\top')}. Ratios ${tex('\\delta = d/V')}, ${tex('\\gamma = d/N')}.</p>`,
    `<p>Everything depends on the pooling through ${tex('\\alpha = w^\\top R w')} and ${tex('\\kappa = \\|w\\|^2')}: the effective SNR is ${tex('\\rho = \\alpha\\|\\mu\\|^2/\\kappa')} (Variant B: ${tex('\\alpha(\\|\\mu\\|^2+\\delta)/\\kappa')}).</p>`,
  ].join('');
}

/** What the paper states and what this lab re-derived (its full text was not available). */
export function provenanceHtml(extra = ''): string {
  return `<p class="provenance"><strong>Quoted vs re-derived.</strong> The abstract states the bulk law κ·(MP<sub>δ</sub> ⊠ MP<sub>γ</sub>), two BBP-type transitions depending on δ, γ, α and κ, the optimality of the top eigenvector of R and the deterministic causal-attention weights. The closed forms drawn here (the cubic for the density, the edges, both thresholds, the outlier location and the overlaps, the Variant B corrections and the harmonic weights) were re-derived from free probability and checked by simulation, not copied from the paper; notation may differ from it.${extra ? ` ${extra}` : ''}</p>`
    + referenceHtml(RMT_POOLING);
}

export function panel(parts: string[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'explain';
  section.innerHTML = parts.join('');
  return section;
}

/** Pooling names as the panels write them. */
export function poolLabel(pool: string): string {
  if (pool === 'mean') return 'mean';
  if (pool === 'causal' || pool === 'harmonic') return 'causal (harmonic, τ = 0)';
  if (pool.startsWith('causal:')) return `causal (τ = ${pool.slice(7)})`;
  if (pool === 'optimal') return 'optimal (top eigenvector of R)';
  if (pool === 'last') return 'last token';
  return `custom (${pool.replace(/,/g, ', ')})`;
}
