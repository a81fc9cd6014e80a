// SPDX-License-Identifier: Apache-2.0
// rank-eps: the ε-rank band against the tolerance ε.
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rankEps: ExperimentMeta<'rank-eps'> = {
  id: 'rank-eps',
  family: 'rank',
  title: 'Approximation rank against ε',
  summary:
    'At fixed β and n, certifies the ε-rank for several tolerances ε: how many more dimensions a ' +
    'tighter guarantee on every bounded output costs. Drawn against ln(1/ε), with the line k = n.',
  params: presentParams('rank-eps', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
