// SPDX-License-Identifier: Apache-2.0
// attention-map: the object all three papers study, sampled and summarised.
import { presentParams, type ExperimentMeta } from '../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const attentionMap: ExperimentMeta<'attention-map'> = {
  id: 'attention-map',
  family: 'attention',
  title: 'Attention map',
  summary:
    'Samples n points, forms the self-attention matrix P = softmax(β X Xᵀ) and shows it with its ' +
    'singular values and row entropies. Raise β to watch the spectrum spread out and the rows sharpen.',
  params: presentParams('attention-map', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
