// SPDX-License-Identifier: Apache-2.0
// rmt-phase: how its parameters look in the panel (the core declares what they are).
import { sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { delta, gamma, T, mu2, R, pool, variant, budget } = sharedLooks;
const AXIS = 'Diagram';
export const presentation: Presentation<'rmt-phase'> = {
  delta,
  gamma,
  T,
  mu2,
  R,
  pool,
  variant,
  budget,
  axis: { label: 'Horizontal axis', group: AXIS, options: { gamma: 'γ = d/N (δ fixed)', delta: 'δ = d/V (γ fixed)' } },
  xmax: { label: 'Axis range (up to)', group: AXIS, slider: 'log', step: 0.1 },
};
