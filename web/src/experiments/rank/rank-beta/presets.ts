// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: figures E1 (sphere law) and E2 (ball against Gaussian lift; docs/theory/rank.md#sphere-law,
// #ball-vs-lift); values not listed keep their defaults, and seed 1 draws the reference tables' point sets.
import type { PresetOf } from '../../schema';

const betas = [1, 2, 4, 8, 16, 32, 64];

export const presets: PresetOf<'rank-beta'>[] = [
  {
    label: 'Sphere d = 3: slope 1',
    description: 'n = 512, ε = 0.1, β = 1…64: the truncated-SVD rank grows like (1+β)^1 until it nears n/2.',
    values: { geometry: 'sphere', d: 3, n: 512, eps: 0.1, betas },
  },
  {
    label: 'Sphere d = 2: slope ½, odd ranks',
    description: 'n = 512, ε = 0.1, β = 1…256: ranks 2g+1 (Fourier pairs on the circle).',
    values: { geometry: 'sphere', d: 2, n: 512, eps: 0.1, betas: [...betas, 128, 256] },
  },
  {
    label: 'Sphere d = 4: slope 1.5, saturating',
    description: 'n = 512, ε = 0.1: only β = 8–16 are below n/2.',
    values: { geometry: 'sphere', d: 4, n: 512, eps: 0.1, betas: [1, 2, 4, 8, 16, 32] },
  },
  {
    label: 'Gaussian lift d = 2: slope towards d/2',
    description:
      'Ball of radius ½ with key weights exp(−β|x|²/2): slopes above the sphere law, approaching d/2 = 1 from below.',
    values: { geometry: 'gauss', d: 2, n: 512, eps: 0.1, betas: [...betas, 128] },
  },
  {
    label: 'Uniform ball d = 3: the rank falls at large β',
    description: 'No multiplicities: the softmax mass collapses onto boundary keys, and k drops from β = 32 to 64.',
    values: { geometry: 'ball', d: 3, n: 256, eps: 0.1, betas },
  },
  {
    label: 'Full table row, n = 1024',
    description: 'Sphere d = 3 at n = 1024, ε = 0.1: the reference table\u2019s largest size.',
    values: { geometry: 'sphere', d: 3, n: 1024, eps: 0.1, betas },
  },
];
