// SPDX-License-Identifier: Apache-2.0
// rank-zoo: the calibration study on the built-in synthetic 84-head zoo (or on your uploaded heads).
import { headUploads } from '../family';
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rankZoo: ExperimentMeta<'rank-zoo'> = {
  id: 'rank-zoo',
  family: 'rank',
  title: 'Calibration study: dimension reductions against rank certificates',
  summary:
    'The paper\u2019s calibration study — effective-dimension reductions and their association with ' +
    'finite rank certificates — run on the built-in synthetic zoo of 84 heads (a deterministic stand-in, ' +
    'not BERT) at one temperature by default (the paper-style preset uses three: ×0.5, ×1, ×2), or on your ' +
    'own stack of heads. Each head and temperature is computed on its own; the table fills as they finish.',
  params: presentParams('rank-zoo', presentation),
  uploads: headUploads('rank-zoo'),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
