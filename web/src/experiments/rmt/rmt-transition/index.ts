// SPDX-License-Identifier: Apache-2.0
// rmt-transition: overlap and top eigenvalue against the signal strength, theory against simulation.
import { correlationUpload } from '../family';
import { presentParams, presentUpload, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rmtTransition: ExperimentMeta<'rmt-transition'> = {
  id: 'rmt-transition',
  family: 'rmt',
  title: 'Two BBP transitions: overlap against SNR',
  summary:
    'For each signal strength ‖μ‖² and pooling, simulates the pooled covariance ' +
    'several times and measures the top eigenvector\u2019s overlap with the signal ' +
    'and the top eigenvalue, against the theory lines and both thresholds. Points ' +
    'appear as they are computed; the lines redraw at once when a control moves.',
  params: presentParams('rmt-transition', presentation),
  upload: presentUpload('rmt-transition', 'R', correlationUpload),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
