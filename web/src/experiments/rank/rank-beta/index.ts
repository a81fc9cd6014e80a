// SPDX-License-Identifier: Apache-2.0
// rank-beta: the headline law of paper 3 — the ε-rank band against the inverse temperature β.
import { presentParams, type ExperimentMeta } from '../../schema';
import { presentation } from './params';
import { presets } from './presets';
import { figures, headline } from './view';

export const rankBeta: ExperimentMeta<'rank-beta'> = {
  id: 'rank-beta',
  family: 'rank',
  title: 'Approximation rank against β',
  summary:
    'For n points on the sphere (or in the ball, or the Gaussian lift) and each β, certifies how ' +
    'many dimensions P = softmax(β·X Xᵀ) needs to keep every bounded output within ε: constructive ' +
    'upper certificates (truncated SVD, Chebyshev) above, rigorous lower bounds below. On the ' +
    'sphere the paper\u2019s law is rank ≈ (1+β)^((d−1)/2); compare the fitted slope with it.',
  params: presentParams('rank-beta', presentation),
  presets,
  headline,
  figures,
  explain: () => import('./explain').then((m) => m.explain()),
};
