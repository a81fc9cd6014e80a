// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu (docs/theory/rmt.md#experiment-spectrum, #two-transitions): each preset is an ordinary link.
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rmt-spectrum'>[] = [
  {
    label: 'Mean pooling, outlier visible (μ² = 2)',
    description: 'κ = 0.1, bulk [0.0056, 0.3747], the outlier at 0.479 just outside it.',
    values: { pool: 'mean', mu2: 2 },
  },
  {
    label: 'Causal (harmonic) pooling',
    description:
      'The same signal with the harmonic weights of causal attention: a larger SNR gain, the outlier further out.',
    values: { pool: 'causal', mu2: 2 },
  },
  {
    label: 'Optimal pooling',
    description: 'Weights = top eigenvector of R: the largest gain α/κ = 3, overlap 0.93.',
    values: { pool: 'optimal', mu2: 2 },
  },
  {
    label: 'Two transitions: population spike, no sample spike',
    description:
      'γ = 1, δ = ½, optimal pooling, ρ = 1.65: above the population threshold 1.207, ' +
      'below the sample threshold 2.118 — the top eigenvalue sticks to the edge.',
    values: { gamma: 1, pool: 'optimal', mu2: 0.55 },
  },
  {
    label: 'Fuss–Catalan bulk (δ = γ = 1)',
    description: 'The bulk has a hard edge at 0 and ends at 27/4 · κ.',
    values: { delta: 1, gamma: 1, pool: 'optimal', mu2: 0.5 },
  },
  {
    label: 'Raw table B, uncentred',
    description: 'The table mean adds a spurious spike that can sit on top; centring removes it.',
    values: { variant: 'B', pool: 'mean', mu2: 2 },
  },
];
