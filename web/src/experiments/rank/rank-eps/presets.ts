// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: figure E4 (rank against ε at fixed β, docs/theory/rank.md#rank-vs-eps), its three printed rows.
import type { PresetOf } from '../../schema';

const eps = [0.2, 0.1, 0.05];

export const presets: PresetOf<'rank-eps'>[] = [
  {
    label: 'Sphere d = 3, β = 16',
    description: 'n = 512: k_svd about 95 / 118 / 135 at ε = 0.2 / 0.1 / 0.05.',
    values: { geometry: 'sphere', d: 3, n: 512, beta: 16, eps },
  },
  {
    label: 'Sphere d = 2, β = 64',
    description: 'n = 512: a slow, logarithmic growth as ε shrinks.',
    values: { geometry: 'sphere', d: 2, n: 512, beta: 64, eps },
  },
  {
    label: 'Gaussian lift d = 3, β = 64',
    description: 'n = 512: the lift needs many more dimensions and reacts more to ε.',
    values: { geometry: 'gauss', d: 3, n: 512, beta: 64, eps },
  },
  {
    label: 'Sphere d = 3, β = 16, wide ε range',
    description: 'ε from 0.4 down to 0.0125 at n = 256.',
    values: { geometry: 'sphere', d: 3, n: 256, beta: 16, eps: [0.4, 0.2, 0.1, 0.05, 0.025, 0.0125] },
  },
];
