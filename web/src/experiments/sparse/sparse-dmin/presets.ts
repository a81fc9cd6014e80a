// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: each preset is an ordinary link (values not listed keep their defaults).
import type { PresetOf } from '../../schema';

const paperSetting = { k: [2], gamma: [2], eps1: [1], eps2: [0.5], step: 16, seeds: 3, split: 'asym', proj: 'gauss' };

export const presets: PresetOf<'sparse-dmin'>[] = [
  {
    label: 'd_min grows like log n',
    description: 'n = 512 … 3072, k = 2, γ = 2, ε1 = 1, ε2 = 0.5, step 16, 3 seeds.',
    values: { ...paperSetting, ns: [512, 1024, 2048, 3072] },
  },
  {
    label: 'Causal variant',
    description: 'Lower-triangular patterns under a causal mask: the same logarithmic law.',
    values: { ...paperSetting, ns: [128, 256, 512, 1024, 2048], causal: '1' },
  },
  {
    label: 'Orthogonal projections',
    description: 'Haar frames are exact at d = n, so d_min bends below the Gaussian curve at small n.',
    values: { ...paperSetting, ns: [128, 256, 512, 1024], proj: 'orth' },
  },
  {
    label: 'Strict tolerances (d_min can exceed n)',
    description: 'ε1 = 0.5, ε2 = 0.1: the required d passes n itself.',
    values: { ...paperSetting, ns: [32, 64, 128], eps1: [0.5], eps2: [0.1], step: 64 },
  },
  {
    label: 'd_min against k (k = 1, 2, 4)',
    description: 'One curve per k: denser patterns need larger d.',
    values: { ...paperSetting, ns: [128, 256, 512, 1024], k: [1, 2, 4] },
  },
  {
    label: 'Effect of Q (Q = 1, 5, 20 draws) is small',
    description: 'Several draws per grid point lower d_min only slightly.',
    values: { ...paperSetting, ns: [128, 256, 512, 1024], draws: [1, 5, 20] },
  },
];
