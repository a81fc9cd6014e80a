// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: each preset is an ordinary link (values not listed keep their defaults).
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'sparse-approx'>[] = [
  {
    label: 'One pattern (n = 256)',
    description: 'The paper\u2019s tolerances at n = 256 with d = 384, just above the typical d_min (about 300).',
    values: { n: 256, d: 384 },
  },
  {
    label: 'Too small a d fails',
    description: 'd = 32: the zeros of A are no longer suppressed.',
    values: { n: 256, d: 32 },
  },
  {
    label: 'Causal pattern',
    description: 'Lower-triangular A with a full diagonal under a causal mask.',
    values: { n: 256, d: 320, causal: '1' },
  },
];
