// SPDX-License-Identifier: Apache-2.0
// rmt-weights: the poolings of a positional correlation R, their SNR gains, and causal attention measured.
import { correlationUpload } from '../family';
import { presentParams, presentUpload, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rmtWeights: ExperimentMeta<'rmt-weights'> = {
  id: 'rmt-weights',
  family: 'rmt',
  title: 'Pooling weights: optimal, causal, mean',
  summary:
    'For a positional correlation R, shows the weights of every pooling per position with their SNR gain ' +
    'α/κ (the optimal one is the top eigenvector of R), and runs parameter-free causal self-attention on ' +
    'simulated sequences to show that its pooling weights are the deterministic harmonic formula.',
  params: presentParams('rmt-weights', presentation),
  upload: presentUpload('rmt-weights', 'R', { ...correlationUpload }),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
