// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: figure E6 (interaction dimension and truncation, docs/theory/rank.md#interaction-experiment) on
// synthetic and zoo heads.
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rank-interaction'>[] = [
  {
    label: 'Sphere d = 3: visible rank 3',
    description: 'β·X Xᵀ on 256 points of S²: the centred logits still span R³, r_vis = d.',
    values: { source: 'synthetic', geometry: 'sphere', d: 3, n: 256, beta: 16 },
  },
  {
    label: 'Zoo: attention sink',
    description: 'sink v11: nearly rank-1 attention (k_svd 7) while the logits are 64-dimensional.',
    values: { source: 'zoo', family: 'sink', variant: 11 },
  },
  {
    label: 'Zoo: low-rank head',
    description:
      'lowrank v0 (inner rank 1): the combined certificate (logit ' +
      'truncation + Chebyshev) is non-trivial: 12 dimensions.',
    values: { source: 'zoo', family: 'lowrank', variant: 0 },
  },
  {
    label: 'Zoo: key bias is invisible',
    description: 'keymean v11: a large key bias raises the raw dimension, not the visible one.',
    values: { source: 'zoo', family: 'keymean', variant: 11 },
  },
  {
    label: 'Zoo: broad head, τ ÷ σ₁',
    description: 'broad v0 with τ read as a fraction of σ₁.',
    values: { source: 'zoo', family: 'broad', variant: 0, tauScale: 'sigma1', taus: [0.01, 0.05, 0.1, 0.25, 0.5] },
  },
];
