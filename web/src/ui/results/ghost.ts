// SPDX-License-Identifier: Apache-2.0
// "Compare with previous": the last finished run's line charts stay, faded, behind the new run's, so a
// reader sees what an edit did. The legend names the values that run had ("faded: previous run,
// β = 4"). Heatmaps and histograms ignore it. A switch in the full page (remembered like the theme);
// on by default, also in embeds. Exported SVG/PNG show what the screen shows, ghost included.
import { RNG_SPEC, type ExperimentMeta, type ParamValues } from '../../experiments/schema';
import { seriesOf, type Ghost, type Series } from '../../plots';
import type { ModelLink } from '../../state/model-link';
import { formatValue } from '../../state/values';
import { rememberedSwitch } from '../remembered-switch';

const STORAGE_KEY = 'attnlab:compare';
/** At most this many changed values are named in the ghost's legend row. */
const NAMED = 3;

const valuesKey = (values: ParamValues) =>
  JSON.stringify(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** "faded: previous run, β = 4, n = 512": the earlier values of what changed (or just "previous run"). */
export function ghostLabel(meta: ExperimentMeta, before: ParamValues, now: ParamValues): string {
  const label = (key: string) =>
    key === 'seed' ? 'seed' : key === 'rng' ? RNG_SPEC.label : (meta.params.find((p) => p.key === key)?.label ?? key);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter(
    (k) => valuesKey({ v: before[k] }) !== valuesKey({ v: now[k] }),
  );
  const named = keys
    .slice(0, NAMED)
    .map((k) => `${label(k)} = ${before[k] === undefined ? 'unset' : formatValue(before[k])}`);
  if (keys.length > NAMED) named.push(`${keys.length - NAMED} more`);
  return ['faded: previous run', ...named].join(', ');
}

interface Remembered {
  experimentId: string;
  /** Where its heads or data came from (sourceKey): a run on other heads is never drawn behind. */
  source: string;
  key: string;
  values: ParamValues;
  series: Map<string, Series[]>;
}

/** Which ghost each figure gets: the last finished run's series, while the shown values differ from it. */
export class GhostMemory {
  private previous: Remembered | undefined;
  private current: { key: string; byFigure: Map<string, Ghost> } | undefined;

  /** A new experiment (or a cleared page): no previous run to compare with. */
  reset(): void {
    this.previous = undefined;
    this.current = undefined;
  }

  /** Before a result with `values` is drawn: the previous run becomes its ghost when the values differ. */
  prepare(meta: ExperimentMeta, values: ParamValues, source = ''): void {
    const key = `${source}\u0000${valuesKey(values)}`;
    if (this.current?.key === key) return; // the same run drawn again (partial, live theory, redraw)
    const previous = this.previous;
    // Another model, text or file set is not a comparison: its points are other heads'.
    if (!previous || previous.experimentId !== meta.id || previous.key === key || previous.source !== source) {
      this.current = undefined;
      return;
    }
    const label = ghostLabel(meta, previous.values, values);
    this.current = { key, byFigure: new Map([...previous.series].map(([id, series]) => [id, { series, label }])) };
  }

  ghostFor(figureId: string): Ghost | undefined {
    return this.current?.byFigure.get(figureId);
  }

  /** After a finished result is drawn: its line charts are what the next run is compared with. */
  remember(meta: ExperimentMeta, values: ParamValues, drawn: { id: string; body: Element }[], source = ''): void {
    const series = new Map<string, Series[]>();
    for (const { id, body } of drawn) {
      const own = seriesOf(body.querySelector('.plot-figure'));
      if (own?.length) series.set(id, own);
    }
    this.previous = { experimentId: meta.id, source, key: `${source}\u0000${valuesKey(values)}`, values, series };
  }
}

/**
 * Where a run's heads came from, as a key: '' for the experiment's own (synthetic) data, the files' names, or the
 * model with everything that decides its heads (name, fingerprint, text, first token, layers, weights only).
 */
export function sourceKey(files: string | undefined, model: ModelLink | undefined): string {
  if (model)
    return JSON.stringify([
      model.name,
      model.hash,
      model.weights ? '' : model.text,
      model.dropFirst,
      model.lastLayer ?? -1,
      model.weights ?? false,
    ]);
  return files ? `files:${files}` : '';
}

/** The full page's "Compare with previous run" switch: on unless the reader turned it off. */
export function wireCompareSwitch(box: HTMLInputElement, onChange: (on: boolean) => void): boolean {
  return rememberedSwitch(box, STORAGE_KEY, onChange);
}
