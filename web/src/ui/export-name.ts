// SPDX-License-Identifier: Apache-2.0
// An exported file's name says what it shows: the experiment, the parameters that differ from the
// defaults and the seed, then the figure ("rank-beta_d=4_n=512_seed=3_band.svg"), so two variants
// of one figure never overwrite each other in a downloads folder.
import { defaults, type ExperimentMeta, type ParamValues } from '../experiments/schema';
import { formatValue, sameValue } from '../state/values';

/** File systems and download managers take these characters everywhere; anything else becomes '-'. */
const SAFE = /[^A-Za-z0-9=.,+-]/g;
/** Long list values are cut so a name stays well under common 255-byte limits. */
const MAX_VALUE_CHARS = 24;

export function exportFileName(
  meta: ExperimentMeta,
  values: ParamValues,
  figure: string | undefined,
  extension: string,
): string {
  const base = defaults(meta);
  const parts = Object.keys(values)
    .filter((key) => key !== 'seed' && values[key] !== undefined && !(key in base && sameValue(values[key], base[key])))
    .sort()
    .map((key) => {
      const text = formatValue(values[key]).replace(SAFE, '-');
      return `${key}=${text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}+` : text}`;
    });
  if (values.seed !== undefined) parts.push(`seed=${formatValue(values.seed)}`);
  return [meta.id, ...parts, ...(figure ? [figure.replace(SAFE, '-')] : [])].join('_') + `.${extension}`;
}
