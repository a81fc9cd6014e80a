// SPDX-License-Identifier: Apache-2.0
// rank-eps: how its parameters look in the panel (the core declares what they are).
import { SWEEP, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { geometry, d, n, beta, svd, budget } = sharedLooks;
export const presentation: Presentation<'rank-eps'> = {
  geometry,
  d,
  n,
  beta,
  svd,
  budget,
  eps: { label: 'Tolerances ε', group: SWEEP },
};
