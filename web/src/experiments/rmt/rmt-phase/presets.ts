// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu (docs/theory/rmt.md#two-transitions, #phase-diagram): each preset is an ordinary link.
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rmt-phase'>[] = [
  {
    label: 'Phase diagram against γ (δ = ½)',
    description: 'ρ_pop = δ + √δ is flat in γ; ρ_c grows with γ — fewer sequences need more signal.',
    values: {},
  },
  {
    label: 'Two transitions: the window at γ = 1',
    description:
      'δ = ½, γ = 1, optimal pooling, ρ = 1.65: inside (1.207, 2.118), a population spike but no sample spike.',
    values: { gamma: 1, pool: 'optimal', mu2: 0.55 },
  },
  {
    label: 'Against δ (γ = ¼)',
    description: 'Both thresholds grow with δ: a smaller vocabulary hides the signal.',
    values: { axis: 'delta', xmax: 3 },
  },
];
