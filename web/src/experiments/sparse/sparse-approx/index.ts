// SPDX-License-Identifier: Apache-2.0
// sparse-approx: approximate one sparse pattern with fixed W_Q, W_K by choosing the input (paper 1).
import { presentParams, presentUpload, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const sparseApprox: ExperimentMeta<'sparse-approx'> = {
  id: 'sparse-approx',
  family: 'sparse',
  title: 'Sparse pattern: one approximation',
  summary:
    'Samples a sparse pattern A (or takes yours), builds the input X = [X(1) | ' +
    'X(2)] by a random projection of d columns, and checks whether the attention ' +
    'matrix M keeps the ratios of A\u2019s nonzeros (the spread condition) and ' +
    'keeps its zeros small (the gap condition). Lower d until it fails.',
  params: presentParams('sparse-approx', presentation),
  upload: presentUpload('sparse-approx', 'pattern', {
    label: 'Your pattern',
    help:
      'A sparse n × n pattern: CSV triplets i,j,value (0-based), a dense .npy matrix, or JSON ' +
      '{"entries": [[i, j, v], …]}; its size n is the file\u2019s; replaces the sampled A',
  }),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
