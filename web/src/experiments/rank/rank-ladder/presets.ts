// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: figure E5 (the certificate ladder of one instance, docs/theory/rank.md#certificate-ladder).
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rank-ladder'>[] = [
  {
    label: 'Sphere d = 3, n = 512, β = 16 with refit',
    description: 'The reference spot check: k_svd 118, k_cheb 144, lower bound 40; the ℓ1 refit lands near 101–110.',
    values: { geometry: 'sphere', d: 3, n: 512, beta: 16, eps: 0.1, refit: '1' },
  },
  {
    label: 'Sphere d = 2, n = 256, β = 64',
    description: 'On the circle the Chebyshev certificate can beat the truncated SVD: ranks are odd (2g + 1).',
    values: { geometry: 'sphere', d: 2, n: 256, beta: 64, eps: 0.1 },
  },
  {
    label: 'Gaussian lift d = 2, n = 512, β = 64',
    description: 'The Chebyshev certificate is rigorous but 2–4× above the truncated SVD for the lift.',
    values: { geometry: 'gauss', d: 2, n: 512, beta: 64, eps: 0.1 },
  },
  {
    label: 'Uniform ball d = 3, n = 256, β = 64',
    description: 'The ball without multiplicities at a large β.',
    values: { geometry: 'ball', d: 3, n: 256, beta: 64, eps: 0.1 },
  },
];
