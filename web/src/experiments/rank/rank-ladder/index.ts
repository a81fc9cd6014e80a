// SPDX-License-Identifier: Apache-2.0
// rank-ladder: one instance, every certificate's error curve and the band they leave.
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rankLadder: ExperimentMeta<'rank-ladder'> = {
  id: 'rank-ladder',
  family: 'rank',
  title: 'Certificate ladder of one instance',
  summary:
    'One attention matrix, every certificate at once: the error of the rank-k truncated ' +
    'SVD against k, of the Chebyshev construction against its dimension D(g), optionally ' +
    'of the ℓ1 refit, the line at ε and a marker at the lower bound and at each ' +
    'certificate. The upper ÷ lower ratio measures how much is still unknown.',
  params: presentParams('rank-ladder', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
