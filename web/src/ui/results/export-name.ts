// SPDX-License-Identifier: Apache-2.0
// An exported file's name says what it shows: the experiment, the parameters that differ from the
// defaults and the seed, then the figure ("rank-beta_d=4_n=512_seed=3_band.svg"), so two variants
// of one figure never overwrite each other in a downloads folder. A run on a model's heads is named by the model and
// its text (or weights only), not by the parameters the heads replace ("rank-zoo_bert-base_text=the-cat-sat_…").
import { defaults, uploadsOf, type ExperimentMeta, type ParamValues } from '../../experiments/schema';
import type { ModelLink } from '../../state/model-link';
import { formatValue, sameValue } from '../../state/values';

/** File systems and download managers take these characters everywhere; anything else becomes '-'. */
const SAFE = /[^A-Za-z0-9=.,+-]/g;
/** Long list values are cut so a name stays well under common 255-byte limits. */
const MAX_VALUE_CHARS = 24;

/** A free text as a name part: safe characters, runs of others as one '-', at most MAX_VALUE_CHARS. */
function namePart(text: string): string {
  const safe = text.replace(SAFE, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return safe.length > MAX_VALUE_CHARS ? `${safe.slice(0, MAX_VALUE_CHARS - 1).replace(/-$/, '')}+` : safe;
}

/** A model run's parts: the model's name (its folder's when known), then its text or weights only, and its layers. */
function modelParts(model: ModelLink): string[] {
  return [
    namePart(model.folder ?? model.name),
    model.weights ? 'weights-only' : `text=${namePart(model.text) || 'empty'}`,
    ...(model.dropFirst && !model.weights ? ['dropFirst'] : []),
    ...(model.lastLayer !== undefined ? [`lastLayer=${model.lastLayer}`] : []),
  ];
}

/** The parameters a model's heads decide (the zoo's they replace, the Q·K scale folded into them): not named. */
function decidedByHeads(meta: ExperimentMeta): Set<string> {
  const heads = uploadsOf(meta).filter((spec) => spec.input === 'q');
  return new Set(heads.flatMap((spec) => [...(spec.replaces ?? []), ...(spec.scaleParam ? [spec.scaleParam] : [])]));
}

export function exportFileName(
  meta: ExperimentMeta,
  values: ParamValues,
  figure: string | undefined,
  extension: string,
  model?: ModelLink,
): string {
  const base = defaults(meta);
  const decided = model ? decidedByHeads(meta) : new Set<string>();
  const parts = Object.keys(values)
    .filter((key) => !decided.has(key))
    .filter((key) => key !== 'seed' && values[key] !== undefined && !(key in base && sameValue(values[key], base[key])))
    .sort()
    .map((key) => {
      const text = formatValue(values[key]).replace(SAFE, '-');
      return `${key}=${text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}+` : text}`;
    });
  if (values.seed !== undefined) parts.push(`seed=${formatValue(values.seed)}`);
  const named = model ? modelParts(model) : [];
  return [meta.id, ...named, ...parts, ...(figure ? [figure.replace(SAFE, '-')] : [])].join('_') + `.${extension}`;
}

/** One head's Q or K of a model run (ui/results/head-files.ts): "bert-base_text=the-cat-sat_L3H5_q.npy". */
export function headFileName(model: ModelLink, head: string, array: 'q' | 'k'): string {
  const [name, text, ...rest] = modelParts(model);
  return [name, text, ...rest.filter((part) => part === 'dropFirst'), head, array].join('_') + '.npy';
}
