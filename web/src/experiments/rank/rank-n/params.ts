// SPDX-License-Identifier: Apache-2.0
// rank-n: how its parameters look in the panel (the core declares what they are).
import { SWEEP, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { geometry, d, beta, eps, svd, budget } = sharedLooks;
export const presentation: Presentation<'rank-n'> = {
  geometry,
  d,
  beta,
  eps,
  svd,
  budget,
  n: { label: 'Token counts n', group: SWEEP },
};
