// SPDX-License-Identifier: Apache-2.0
// rmt-transition: how its parameters look in the panel (the core declares what they are).
import { MODEL, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { d, delta, gamma, T, R, pools, variant, centre, seeds, budget } = sharedLooks;
export const presentation: Presentation<'rmt-transition'> = {
  d,
  delta,
  gamma,
  T,
  R,
  pools,
  variant,
  centre,
  seeds,
  budget,
  mu2: { label: 'Signal strengths ‖μ‖²', group: MODEL },
};
