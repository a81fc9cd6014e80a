// SPDX-License-Identifier: Apache-2.0
// rank-zoo: how its parameters look in the panel (the core declares what they are).
import { ANALYSIS, CERTIFICATES, HEAD, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

export const presentation: Presentation<'rank-zoo'> = {
  family: {
    label: 'Zoo heads',
    group: HEAD,
    options: {
      all: 'All 84 (7 families × 12)',
      generic: 'generic',
      lowrank: 'low-rank',
      positional: 'positional',
      sink: 'attention sink',
      keymean: 'key bias',
      sharp: 'sharp',
      broad: 'broad',
    },
  },
  betaMults: { label: 'Temperature multipliers', group: HEAD },
  scale: { label: 'Q·K scale of uploads (0 = 1/√d_h)', group: HEAD, step: 0.001 },
  bilinear: {
    label: 'What a head is',
    group: HEAD,
    options: { '0': 'Queries and keys of tokens', '1': 'A bilinear form W_Qᵀ W_K (weights only)' },
    help: 'Weights only: energy90 is measured on the form itself, not on row-centred logits.',
  },
  tau: { label: 'Tolerance τ (nats)', group: ANALYSIS, step: 0.01 },
  epsOut: { label: 'Output tolerance of r_eff', group: ANALYSIS, step: 0.001 },
  eps: { ...sharedLooks.eps, group: CERTIFICATES },
  budget: sharedLooks.budget,
};
