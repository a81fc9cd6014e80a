// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: each preset is an ordinary link (values not listed keep their defaults).
import type { PresetOf } from '../schema';

export const presets: PresetOf<'attention-map'>[] = [
  {
    label: 'Uniform rows (β = 0)',
    description: 'Every row is 1/n: rank one, entropy exactly ln n.',
    values: { beta: 0 },
    thumbnail: 'singular-values',
  },
  {
    label: 'Sharp attention (β = 64)',
    description: 'Rows concentrate on near neighbours: many singular values, low entropy.',
    values: { beta: 64 },
  },
  {
    label: 'Higher dimension (d = 16)',
    description: 'More directions on the sphere: a slower spectral decay at the same β.',
    values: { d: 16, beta: 16 },
  },
  { label: 'Causal mask', description: 'Lower-triangular P: early rows see few keys.', values: { causal: '1' } },
];
