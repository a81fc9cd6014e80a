// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: figure E3 (the min{n, ·} saturation, docs/theory/rank.md#rank-vs-n), its three printed series.
import type { PresetOf } from '../../schema';

const ns = [16, 32, 64, 128, 256, 512];

export const presets: PresetOf<'rank-n'>[] = [
  {
    label: 'Sphere d = 3, β = 16',
    description: 'k ≈ n up to n ≈ 32, then a plateau near 120.',
    values: { geometry: 'sphere', d: 3, beta: 16, eps: 0.1, n: ns },
  },
  {
    label: 'Sphere d = 2, β = 64',
    description: 'The plateau comes early: about 41 from n = 256 on.',
    values: { geometry: 'sphere', d: 2, beta: 64, eps: 0.1, n: ns },
  },
  {
    label: 'Sphere d = 4, β = 8',
    description:
      'The truncated-SVD rank keeps creeping up with n while the Chebyshev certificate is flat (independent of n).',
    values: { geometry: 'sphere', d: 4, beta: 8, eps: 0.1, n: ns },
  },
  {
    label: 'Sphere d = 3, β = 16, up to n = 1024',
    description: 'The full series of the reference, including n = 1024.',
    values: { geometry: 'sphere', d: 3, beta: 16, eps: 0.1, n: [...ns, 1024] },
  },
];
