// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu (docs/theory/rmt.md#causal-weights, #prefix-model, #causal-vs-mean): each preset is an ordinary
// link.
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rmt-weights'>[] = [
  {
    label: 'Prefix k = 3 (harmonic beats mean)',
    description: 'α/κ: mean 1.6, harmonic 2.475, optimal 3, from the closed forms of the prefix model.',
    values: {},
  },
  {
    label: 'Causal attention at τ = 1',
    description: 'The diagonal gets the weight exp(τ): w = [.2330 .1793 … .0232], still measured to 3 decimals.',
    values: { tau: 1 },
  },
  {
    label: 'Stationary AR(1), φ = 0.6: mean is near-optimal',
    description: 'α/κ: mean 3.255, harmonic 2.523, optimal 3.349 — early-token weighting hurts here.',
    values: { R: 'ar:0.6' },
  },
  {
    label: 'Decaying agreement r₀ = 0.8',
    description: 'α/κ: mean 2.717, harmonic 2.949, optimal 3.171.',
    values: { R: 'decay:0.8' },
  },
  {
    label: 'Long prefix k = 7 (mean wins)',
    description: 'Harmonic > mean only for 2 ≤ k ≤ 6 at T = 10.',
    values: { R: 'prefix:7' },
  },
];
