// SPDX-License-Identifier: Apache-2.0
// rmt-phase: the phase diagram of the two transitions, theory only.
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rmtPhase: ExperimentMeta<'rmt-phase'> = {
  id: 'rmt-phase',
  family: 'rmt',
  title: 'Phase diagram of the two transitions',
  summary:
    'Theory only: the population and sample thresholds in ρ against γ (or δ), the window ' +
    'between them where a population spike exists but the sample top eigenvector does not ' +
    'see it, the sample overlap as a map, and where the current parameters sit.',
  params: presentParams('rmt-phase', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
