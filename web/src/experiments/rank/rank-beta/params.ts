// SPDX-License-Identifier: Apache-2.0
// rank-beta: how its parameters look in the panel (the core declares what they are).
import { SWEEP, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { geometry, d, n, eps, svd, budget } = sharedLooks;
export const presentation: Presentation<'rank-beta'> = {
  geometry,
  d,
  n,
  eps,
  svd,
  budget,
  betas: { label: 'Inverse temperatures β', group: SWEEP },
};
