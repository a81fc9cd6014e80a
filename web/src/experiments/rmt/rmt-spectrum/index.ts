// SPDX-License-Identifier: Apache-2.0
// rmt-spectrum: one simulation of the pooled covariance, its spectrum against the bulk law and the outlier.
import { correlationUpload } from '../family';
import { presentParams, presentUpload, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rmtSpectrum: ExperimentMeta<'rmt-spectrum'> = {
  id: 'rmt-spectrum',
  family: 'rmt',
  title: 'Pooled covariance: spectrum and outlier',
  summary:
    'Simulates N sequences of T tokens from a two-class vocabulary, pools each with fixed ' +
    'weights and shows every eigenvalue of the sample covariance against the bulk law ' +
    'κ·(MP_δ ⊠ MP_γ), its edges and the predicted outlier, with the top eigenvector\u2019s ' +
    'overlap with the signal. Move ‖μ‖², δ, γ or the pooling: the theory redraws at once.',
  params: presentParams('rmt-spectrum', presentation),
  upload: presentUpload('rmt-spectrum', 'R', correlationUpload),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
