// SPDX-License-Identifier: Apache-2.0
// rmt-ridge: how its parameters look in the panel (the core declares what they are).
import { MODEL, SIMULATION, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { d, delta, T, R, pools, variant, seeds, budget } = sharedLooks;
const RIDGE = 'Ridge classifier';
export const presentation: Presentation<'rmt-ridge'> = {
  d,
  delta,
  T,
  R,
  pools,
  variant,
  seeds,
  budget,
  mu2: { label: 'Signal strengths ‖μ‖²', group: MODEL },
  lambda: { label: 'Ridge penalty λ', group: RIDGE, slider: 'log', step: 0.01 },
  ntrain: { label: 'Training sequences N_tr', group: RIDGE, slider: 'log' },
  ntest: { label: 'Test sequences', group: SIMULATION, slider: 'log' },
};
