// SPDX-License-Identifier: Apache-2.0
// sparse-approx: how its parameters look in the panel (the core declares what they are).
import type { Presentation } from '../../schema';
import { CONSTRUCTION, PATTERN, sharedLooks } from '../family';

export const presentation: Presentation<'sparse-approx'> = {
  ...sharedLooks,
  n: { label: 'Sequence length n', group: PATTERN },
  d: { label: 'Projection width d', group: CONSTRUCTION },
  redraws: { label: 'Max redraws', group: CONSTRUCTION },
  row: { label: 'Row shown', group: 'View' },
  scale: { label: 'Colour scale', group: 'View', options: { log: 'Logarithmic', linear: 'Linear' } },
  px: { label: 'Heatmap resolution', group: 'View' },
};
