// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu (docs/theory/rmt.md#ridge, #table-ridge): each preset is an ordinary link.
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rmt-ridge'>[] = [
  {
    label: 'Ridge at the reference size: λ = 0.1 (5 seeds)',
    description: 'd = 400, N_tr = 1600, N_te = 4000: optimal > causal > mean at every ‖μ‖².',
    values: { seeds: 5 },
  },
  {
    label: 'Ridge at the reference size: λ = 1 (5 seeds)',
    description: 'A stronger penalty: the same ordering, slightly lower accuracies.',
    values: { seeds: 5, lambda: 1 },
  },
  {
    label: 'Quick look (d = 100)',
    description: 'Small sizes: the ordering already shows.',
    values: { d: 100, ntrain: 400, ntest: 1000 },
  },
];
