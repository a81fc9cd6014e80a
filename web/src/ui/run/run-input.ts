// SPDX-License-Identifier: Apache-2.0
// A run from the link's state (AppState), not from the form: the panel only edits the state, and Run,
// a link, a live run or a new seed all compute `runRequest(state, …)`. No DOM here, so a link's run is
// the same call with or without a page (tests/web/run-input.test.ts runs one headless).
import type { Inputs } from '../../engine/core';
import type { Pool, RunOptions } from '../../engine/pool';
import { metaOf } from '../../experiments';
import type { AnyResult } from '../../experiments/generated';
import { isSingleJob, toCoreParams, type ExperimentMeta, type ParamValues } from '../../experiments/schema';
import type { ModelLink } from '../../state/model-link';
import type { AppState } from '../../state/url';
import { fileNames, type ChosenFile } from '../uploads/uploads';

/**
 * The panel's reading while it holds text that is not a valid value: the state keeps the last valid values, so
 * the address does not move, and a run sends this reading as typed so that the core names the field.
 */
export interface Draft {
  values: ParamValues;
  invalid: string[];
}

interface RunRequest {
  meta: ExperimentMeta;
  /** The state's values, with the typed text of any field that is not a valid value (the core names it). */
  values: ParamValues;
  /** Keys sent as typed text: the panel holds text the state could not take. */
  invalid: string[];
  /** The files attached to the run (none when the experiment takes none). */
  chosen: ChosenFile[];
  inputs?: Inputs;
  /** The files' names as in a link's file= (undefined with none). */
  file?: string;
  model?: ModelLink;
}

/** What a run of `state` computes; `draft`: the panel's invalid reading, if any, sent as typed. */
export function runRequest(state: AppState, draft?: Draft, chosen: ChosenFile[] = []): RunRequest {
  const meta = metaOf(state.experimentId);
  const model = chosen.find((c) => c.model)?.model; // a model's heads: the link records the model, not a file
  const inputs = chosen.length
    ? Object.fromEntries(chosen.map((c) => [c.input, { ...c.array, file: c.name }]))
    : undefined;
  return {
    meta,
    values: { ...state.values, ...draft?.values },
    invalid: draft?.invalid ?? [],
    chosen,
    inputs,
    file: fileNames(chosen),
    model,
  };
}

/** The link's state once a run of `request` starts (its values all valid): its file= or model= follow. */
export function stateAfterRun(state: AppState, request: RunRequest): AppState {
  const { file: _file, model: _model, ...rest } = state;
  const { model, file } = request;
  return { ...rest, values: request.values, ...(model ? { model } : file ? { file } : {}) };
}

/** A model's weights only: each head is its bilinear form W_Qᵀ W_K, measured as one (rank-zoo's bilinear). */
export function measuredValues(id: string, model: ModelLink | undefined, values: ParamValues): ParamValues {
  return model?.weights && id === 'rank-zoo' ? { ...values, bilinear: '1' } : values;
}

/** Computes `request` on `pool`: the core resolves the parameters with the files. */
export function runOn(
  pool: Pool,
  request: RunRequest,
  options: Omit<RunOptions<AnyResult>, 'inputs' | 'sweep'> = {},
): Promise<AnyResult> {
  const { meta, inputs } = request;
  const params = toCoreParams(measuredValues(meta.id, request.model, request.values));
  return pool.run(meta.id, params, { ...options, inputs, sweep: !isSingleJob(meta.id) });
}
