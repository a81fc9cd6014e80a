// SPDX-License-Identifier: Apache-2.0
// rank-interaction: one head's interaction dimension, truncation guarantees and rank certificates.
import { headUploads } from '../family';
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rankInteraction: ExperimentMeta<'rank-interaction'> = {
  id: 'rank-interaction',
  family: 'rank',
  title: 'Interaction dimension of one head',
  summary:
    'For one head — sampled points, a head of the built-in synthetic zoo, or your own Q and K ' +
    '(or attention, or logits) — compares the spectra of the raw and the row-centred (visible) ' +
    'logits, counts the dimensions above a tolerance τ with the output error each truncation ' +
    'guarantees against the error it really makes, and certifies the head\u2019s attention rank.',
  params: presentParams('rank-interaction', presentation),
  uploads: headUploads('rank-interaction'),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
