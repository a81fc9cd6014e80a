// SPDX-License-Identifier: Apache-2.0
// "Reproduce" menu: figure E7 (the calibration study on the synthetic 84-head zoo,
// docs/theory/rank.md#calibration-study).
import type { PresetOf } from '../../schema';

export const presets: PresetOf<'rank-zoo'>[] = [
  {
    label: '84 heads × 3 temperatures',
    description: '252 configurations, τ = 1 nat, output tolerance 0.05, ε = 0.1 (synthetic stand-in, not BERT).',
    values: { family: 'all', betaMults: [0.5, 1, 2], tau: 1, epsOut: 0.05, eps: 0.1 },
  },
  {
    label: 'Native temperature only: per-family means',
    description: 'The 84 heads at β× = 1: the per-family table of the reference.',
    values: { family: 'all', betaMults: [1] },
  },
  {
    label: 'Broad heads: where the combined certificate is non-trivial',
    description: 'The 12 broad heads at 3 temperatures.',
    values: { family: 'broad', betaMults: [0.5, 1, 2] },
  },
];
