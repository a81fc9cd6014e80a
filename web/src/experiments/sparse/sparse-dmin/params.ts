// SPDX-License-Identifier: Apache-2.0
// sparse-dmin: how its parameters look in the panel (the core declares what they are).
import type { Presentation } from '../../schema';
import { sharedLooks } from '../family';

const SWEEP = 'Sweep';

export const presentation: Presentation<'sparse-dmin'> = {
  ...sharedLooks,
  ns: { label: 'Sequence lengths n', group: SWEEP },
  step: { label: 'Grid step of d', group: SWEEP },
  dmax: { label: 'Largest d tried', group: SWEEP },
  seeds: { label: 'Repetitions', group: SWEEP },
  draws: { label: 'Draws per grid point Q', group: SWEEP },
};
