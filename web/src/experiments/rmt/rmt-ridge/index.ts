// SPDX-License-Identifier: Apache-2.0
// rmt-ridge: downstream ridge classification accuracy against the signal strength, per pooling.
import { correlationUpload } from '../family';
import { presentParams, presentUpload, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rmtRidge: ExperimentMeta<'rmt-ridge'> = {
  id: 'rmt-ridge',
  family: 'rmt',
  title: 'Downstream ridge classification',
  summary:
    'Trains a ridge classifier of the sequence label on pooled vectors and ' +
    'reports its test accuracy against ‖μ‖² for each pooling. Simulation only ' +
    '(no closed-form theory); a better SNR gain α/κ should classify better.',
  params: presentParams('rmt-ridge', presentation),
  upload: presentUpload('rmt-ridge', 'R', correlationUpload),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
