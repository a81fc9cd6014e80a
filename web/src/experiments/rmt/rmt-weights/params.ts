// SPDX-License-Identifier: Apache-2.0
// rmt-weights: how its parameters look in the panel (the core declares what they are).
import { POOLING, SIMULATION, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { T, R, d, delta, mu2, variant, budget } = sharedLooks;
export const presentation: Presentation<'rmt-weights'> = {
  T,
  R,
  d,
  delta,
  mu2,
  variant,
  budget,
  tau: { label: 'Attention score scale τ', group: POOLING, step: 0.1 },
  sequences: { label: 'Simulated sequences', group: SIMULATION, slider: 'log' },
};
