// SPDX-License-Identifier: Apache-2.0
// rank-ladder: how its parameters look in the panel (the core declares what they are).
import { CERTIFICATES, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { geometry, d, n, beta, eps, svd, budget } = sharedLooks;
export const presentation: Presentation<'rank-ladder'> = {
  geometry,
  d,
  n,
  beta,
  eps,
  svd,
  budget,
  refit: {
    label: 'ℓ1 refit of the truncated SVD',
    group: CERTIFICATES,
    options: { 0: 'Off', 1: 'On (slower, n ≤ 512)' },
  },
};
