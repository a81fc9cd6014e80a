// SPDX-License-Identifier: Apache-2.0
// rank-interaction: how its parameters look in the panel (the core declares what they are).
import { ANALYSIS, CERTIFICATES, HEAD, sharedLooks } from '../family';
import type { Presentation } from '../../schema';

const { geometry, d, n, beta, eps, budget } = sharedLooks;
const SYNTHETIC = 'Sampled points (the head β·X Xᵀ)';
export const presentation: Presentation<'rank-interaction'> = {
  source: {
    label: 'Head',
    group: HEAD,
    options: { zoo: 'Synthetic zoo head (a stand-in, not BERT)', synthetic: 'Points: β·X Xᵀ' },
  },
  family: {
    label: 'Zoo family',
    group: HEAD,
    options: {
      generic: 'generic',
      lowrank: 'low-rank',
      positional: 'positional',
      sink: 'attention sink',
      keymean: 'key bias',
      sharp: 'sharp',
      broad: 'broad',
    },
  },
  variant: { label: 'Zoo variant', group: HEAD },
  betaMult: { label: 'Temperature multiplier', group: HEAD, slider: 'log', step: 0.01 },
  head: { label: 'Head index (your model’s or your files’: layer · H + head)', group: HEAD },
  scale: { label: 'Q·K scale (0 = 1/√d_h)', group: HEAD, step: 0.001 },
  geometry: { ...geometry, group: SYNTHETIC },
  d: { ...d, group: SYNTHETIC },
  n: { ...n, group: SYNTHETIC },
  beta: { ...beta, group: SYNTHETIC },
  taus: { label: 'Tolerances τ', group: ANALYSIS },
  tauScale: {
    label: 'τ normalisation',
    group: ANALYSIS,
    options: { nats: 'raw nats', sigma1: '÷ σ₁ (fraction of the top singular value)', sqrtn: '÷ √n' },
  },
  epsOut: { label: 'Output tolerance of r_eff', group: ANALYSIS, step: 0.001 },
  eps: { ...eps, group: CERTIFICATES },
  budget,
};
