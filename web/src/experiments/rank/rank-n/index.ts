// SPDX-License-Identifier: Apache-2.0
// rank-n: the ε-rank band against the number of tokens n (the min{n, ·} saturation).
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rankN: ExperimentMeta<'rank-n'> = {
  id: 'rank-n',
  family: 'rank',
  title: 'Approximation rank against n',
  summary:
    'At fixed β and ε, certifies the ε-rank for growing numbers of tokens ' +
    'n: k ≈ n while the tokens are few, then a plateau near (1+β)^((d−1)/2) ' +
    '— the min{n, ·} form of the law. The diagonal k = n is drawn with it.',
  params: presentParams('rank-n', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
