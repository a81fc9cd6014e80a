// SPDX-License-Identifier: Apache-2.0
// attention-map: how its parameters look in the panel (the core declares what they are).
import { BUDGET_LOOK, type Presentation } from '../schema';

const POINTS = 'Points';
const ATTENTION = 'Attention';
const OUTPUT = 'Output and limits';

export const presentation: Presentation<'attention-map'> = {
  n: { label: 'Points n', group: POINTS, slider: 'log' },
  d: { label: 'Dimension d', group: POINTS, slider: 'log' },
  geometry: {
    label: 'Geometry',
    group: POINTS,
    options: { sphere: 'Unit sphere', ball: 'Unit ball (uniform)', gauss: 'Gaussian lift (ball of radius ½)' },
  },
  beta: { label: 'Inverse temperature β', group: ATTENTION, slider: 'log', step: 0.1 },
  causal: {
    label: 'Causal mask',
    group: ATTENTION,
    options: { 0: 'No (full attention)', 1: 'Yes (row i sees j ≤ i)' },
  },
  order: { label: 'Order of the points', group: OUTPUT, options: { tour: 'Neighbours adjacent', sample: 'As drawn' } },
  px: { label: 'Heatmap resolution', group: OUTPUT, slider: 'log' },
  budget: { ...BUDGET_LOOK, group: OUTPUT },
};
