// SPDX-License-Identifier: Apache-2.0
// How the parameters shared by the paper-1 experiments look in the panel (the core declares them).
export const PATTERN = 'Pattern A';
export const CONSTRUCTION = 'Construction';

export const sharedLooks = {
  k: { label: 'Nonzeros per row/column k', group: PATTERN },
  gamma: { label: 'Dynamic range γ', group: PATTERN, step: 0.5 },
  eps1: { label: 'Ratio tolerance ε1', group: PATTERN, step: 0.1 },
  eps2: { label: 'Zero tolerance ε2', group: PATTERN, step: 0.05 },
  causal: { label: 'Causal mask', group: PATTERN, options: { 0: 'No (bidirectional)', 1: 'Yes (lower-triangular A)' } },
  proj: {
    label: 'Projection Y',
    group: CONSTRUCTION,
    options: { gauss: 'Gaussian N(0, 1/d)', orth: 'Orthogonal (Haar frame)' },
  },
  split: {
    label: 'Split of B',
    group: CONSTRUCTION,
    options: { asym: 'Asymmetric B·G, G (no SVD)', sym: 'Symmetric UΣ½, VΣ½' },
  },
  delta: { label: 'Offset Δ', group: CONSTRUCTION, step: 0.1 },
  budget: { label: 'Memory budget', group: 'Limits', slider: 'none' },
} as const;
