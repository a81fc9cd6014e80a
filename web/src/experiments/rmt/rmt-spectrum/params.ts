// SPDX-License-Identifier: Apache-2.0
// rmt-spectrum: how its parameters look in the panel (the core declares what they are).
import { sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { d, delta, gamma, T, mu2, R, pool, variant, centre, budget } = sharedLooks;
export const presentation: Presentation<'rmt-spectrum'> = { d, delta, gamma, T, mu2, R, pool, variant, centre, budget };
