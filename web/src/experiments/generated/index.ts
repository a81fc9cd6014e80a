// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

import { ATTENTION_MAP_SCHEMA, type AttentionMapResult } from './attention-map';
import { SPARSE_APPROX_SCHEMA, type SparseApproxResult } from './sparse-approx';
import { SPARSE_DMIN_SCHEMA, type SparseDminResult } from './sparse-dmin';
import { RMT_SPECTRUM_SCHEMA, type RmtSpectrumResult } from './rmt-spectrum';
import { RMT_TRANSITION_SCHEMA, type RmtTransitionResult } from './rmt-transition';
import { RMT_WEIGHTS_SCHEMA, type RmtWeightsResult } from './rmt-weights';
import { RMT_RIDGE_SCHEMA, type RmtRidgeResult } from './rmt-ridge';
import { RMT_PHASE_SCHEMA, type RmtPhaseResult } from './rmt-phase';
import { RANK_BETA_SCHEMA, type RankBetaResult } from './rank-beta';
import { RANK_N_SCHEMA, type RankNResult } from './rank-n';
import { RANK_EPS_SCHEMA, type RankEpsResult } from './rank-eps';
import { RANK_LADDER_SCHEMA, type RankLadderResult } from './rank-ladder';
import { RANK_INTERACTION_SCHEMA, type RankInteractionResult } from './rank-interaction';
import { RANK_ZOO_SCHEMA, type RankZooResult } from './rank-zoo';

export type { AttentionMapResult, SparseApproxResult, SparseDminResult, RmtSpectrumResult, RmtTransitionResult, RmtWeightsResult, RmtRidgeResult, RmtPhaseResult, RankBetaResult, RankNResult, RankEpsResult, RankLadderResult, RankInteractionResult, RankZooResult };

/** Every experiment's schema, in the core's order. */
export const SCHEMAS = [ATTENTION_MAP_SCHEMA, SPARSE_APPROX_SCHEMA, SPARSE_DMIN_SCHEMA, RMT_SPECTRUM_SCHEMA, RMT_TRANSITION_SCHEMA, RMT_WEIGHTS_SCHEMA, RMT_RIDGE_SCHEMA, RMT_PHASE_SCHEMA, RANK_BETA_SCHEMA, RANK_N_SCHEMA, RANK_EPS_SCHEMA, RANK_LADDER_SCHEMA, RANK_INTERACTION_SCHEMA, RANK_ZOO_SCHEMA] as const;

/** An experiment id the core declares. */
export type ExperimentId = (typeof SCHEMAS)[number]['id'];

/** Result types by experiment id. */
export interface ResultOf {
  'attention-map': AttentionMapResult;
  'sparse-approx': SparseApproxResult;
  'sparse-dmin': SparseDminResult;
  'rmt-spectrum': RmtSpectrumResult;
  'rmt-transition': RmtTransitionResult;
  'rmt-weights': RmtWeightsResult;
  'rmt-ridge': RmtRidgeResult;
  'rmt-phase': RmtPhaseResult;
  'rank-beta': RankBetaResult;
  'rank-n': RankNResult;
  'rank-eps': RankEpsResult;
  'rank-ladder': RankLadderResult;
  'rank-interaction': RankInteractionResult;
  'rank-zoo': RankZooResult;
}

/** The result of some experiment: what a page that pairs it with its experiment at run time holds. */
export type AnyResult = ResultOf[ExperimentId];

/** The wasm module the page runs each experiment in: its group's (wasm/core/lab/registry_groups.hpp). */
export const CORE_MODULE_OF = {
  'attention-map': 'sparse',
  'sparse-approx': 'sparse',
  'sparse-dmin': 'sparse',
  'rmt-spectrum': 'rmt',
  'rmt-transition': 'rmt',
  'rmt-weights': 'rmt',
  'rmt-ridge': 'rmt',
  'rmt-phase': 'rmt',
  'rank-beta': 'rank',
  'rank-n': 'rank',
  'rank-eps': 'rank',
  'rank-ladder': 'rank',
  'rank-interaction': 'rank-heads',
  'rank-zoo': 'rank-heads',
} as const;

/** A group's wasm module: web/src/wasm/attnlab-<name>.{mjs,wasm}. */
export type CoreModuleName = (typeof CORE_MODULE_OF)[ExperimentId];
