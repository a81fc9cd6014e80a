// SPDX-License-Identifier: Apache-2.0
// sparse-dmin: the paper's experiment — the minimal d that approximates a sparse pattern, against n.
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const sparseDmin: ExperimentMeta<'sparse-dmin'> = {
  id: 'sparse-dmin',
  family: 'sparse',
  title: 'Sparse pattern: minimal d against n',
  summary:
    'For each sequence length n and seed, samples a sparse pattern and scans d ' +
    'upwards until the attention matrix satisfies the spread and gap conditions: ' +
    'that first d is d_min. The paper\u2019s claim is d_min = O(log n); the fit a + ' +
    'b ln n and the JL bound are drawn with it. Points appear as they are computed.',
  params: presentParams('sparse-dmin', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
