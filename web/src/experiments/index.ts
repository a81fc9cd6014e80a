// SPDX-License-Identifier: Apache-2.0
// The experiments in picker order; the first is the default. Families group the picker.
import { attentionMap } from './attention-map';
import { sparseApprox } from './sparse/sparse-approx';
import { rankBeta } from './rank/rank-beta';
import { rankEps } from './rank/rank-eps';
import { rankInteraction } from './rank/rank-interaction';
import { rankLadder } from './rank/rank-ladder';
import { rankN } from './rank/rank-n';
import { rankZoo } from './rank/rank-zoo';
import { rmtPhase } from './rmt/rmt-phase';
import { rmtRidge } from './rmt/rmt-ridge';
import { rmtSpectrum } from './rmt/rmt-spectrum';
import { rmtTransition } from './rmt/rmt-transition';
import { rmtWeights } from './rmt/rmt-weights';
import { sparseDmin } from './sparse/sparse-dmin';
import { withReadableHeadline } from './readable';
import type { ExperimentMeta } from './schema';

export const EXPERIMENTS: readonly ExperimentMeta[] = [
  attentionMap,
  sparseApprox,
  sparseDmin,
  rmtSpectrum,
  rmtTransition,
  rmtWeights,
  rmtRidge,
  rmtPhase,
  rankBeta,
  rankN,
  rankEps,
  rankLadder,
  rankInteraction,
  rankZoo,
].map(withReadableHeadline);

/** Picker group labels by family id; an unlisted family shows its id. */
export const FAMILY_LABELS: Record<string, string> = {
  attention: 'Attention basics',
  sparse: 'Sparse approximation (paper 1)',
  rmt: 'Random-matrix pooling (paper 2)',
  rank: 'Approximation rank (paper 3)',
};

export function findExperiment(id: string): ExperimentMeta | undefined {
  return EXPERIMENTS.find((m) => m.id === id);
}

/** The experiment of `id`, or the default (the first) for an id the page does not know. */
export const metaOf = (id: string): ExperimentMeta => findExperiment(id) ?? EXPERIMENTS[0];
