// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu (docs/theory/rmt.md#experiment-alignment, #two-transitions): each preset is an ordinary link.
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rmt-transition'>[] = [
  {
    label: 'Alignment curves at the reference size, d = 800',
    description:
      'Mean, causal and optimal pooling at the reference size: overlaps within 0.02 of theory away from the threshold.',
    values: { d: 800 },
  },
  {
    label: 'Top eigenvalue against SNR, fine grid',
    description: 'λ₁/κ sticks to the bulk edge λ₊ below the sample threshold and follows Z(1/θ′) above it.',
    values: { mu2: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4], seeds: 3 },
  },
  {
    label: 'Two transitions (γ = 1)',
    description:
      'δ = ½, γ = 1: the window ρ ∈ (1.207, 2.118) is wide — the population overlap ' +
      '(dashed) rises first, the sample overlap only after the second threshold.',
    values: { gamma: 1, mu2: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1, 1.2, 1.5, 2], pools: 'optimal,causal' },
  },
  {
    label: 'Stationary R (ar:0.6): mean is near-optimal',
    description: 'On an AR(1) sign chain the harmonic weights lose SNR against mean pooling.',
    values: { R: 'ar:0.6', mu2: [0.1, 0.2, 0.4, 0.8, 1.6] },
  },
];
