// SPDX-License-Identifier: Apache-2.0
// The head atlas's preview (rank-zoo on a model's heads): the attention pattern of the head pointed at or focused,
// drawn small under the atlas, and a pinned head beside it to compare the two (P or Shift+click on a cell pins it;
// again, or Unpin, lets it go). The patterns are the model worker's (ui/model/attention.ts), and only while the heads
// read are the figures' own; weights only reads no text, so its heads have none.
import { PREVIEW_HEAD_EVENT, type HeadEventDetail } from '../../experiments/rank/rank-zoo/atlas-cells';
import { colorLegend, heatmap, ownRangeScale, type Grid } from '../../plots';
import { readsSameHeads } from '../../state/model-link';
import { h } from '../dom';
import type { HeadAttention } from './attention';
import type { PageContext } from '../page-context';

/** A head's attention, or in words why there is none. */
type Pattern = HeadAttention | string;

interface Preview {
  pinned?: HeadAttention;
  /** The latest request: an answer to an older one is dropped. */
  ticket: number;
  /** Patterns already computed, by head (a few: each is n² numbers). */
  cache: Map<number, Pattern>;
}

/** Pointing sweeps across cells: the pattern of the cell the pointer rests on this long (ms). */
const SETTLE_MS = 80;
const CACHED = 12;

/** Head `index`'s attention on the shown run's text, or why there is none. */
async function patternOf(app: Pick<PageContext, 'page' | 'panel'>, index: number): Promise<Pattern> {
  const model = app.page.shown?.model;
  if (!model) return 'No model’s heads are shown: previews are of a model’s heads on its text.';
  if (model.weights) return 'Weights only reads no text, so its heads have no attention pattern to show.';
  const now = app.panel.modelLink();
  if (!now || !readsSameHeads(model, now) || app.panel.busy())
    return 'The heads read are no longer these figures’ (see the note above): Run to preview them.';
  return (await app.panel.modelAttention(index)) ?? 'This head’s attention could not be computed.';
}

const gridOf = (a: HeadAttention): Grid => ({ rows: a.n, cols: a.n, data: a.p });

/** The pinned head and the current one side by side on one scale, or the current one alone. */
function patternMaps(current: HeadAttention, pinned: HeadAttention | undefined, width: number): HTMLElement {
  const both = pinned && pinned.label !== current.label ? [pinned, current] : [current];
  const all = new Float64Array(both.reduce((n, a) => n + a.p.length, 0));
  both.reduce((at, a) => (all.set(a.p, at), at + a.p.length), 0);
  const color = ownRangeScale(all, false);
  const options = {
    maxHeight: 220,
    color,
    valueLabel: `attention P_ij (${both.length > 1 ? 'both heads’' : 'this head’s'} range)`,
    xLabel: 'key token j',
    yLabel: 'query token i',
  };
  if (both.length === 1)
    return heatmap(gridOf(current), {
      ...options,
      width: Math.min(width, 320),
      ariaLabel: `Attention of ${current.label} over ${current.n} tokens`,
    });
  // Two columns even in the atlas's narrow column (heatmapRow stacks them below 560 px): the two side by side.
  const half = Math.floor((Math.min(width, 640) - 12) / 2);
  const panel = (a: HeadAttention) =>
    h(
      'div',
      { class: 'heatmap-panel' },
      h('p', { class: 'heatmap-title' }, a === pinned ? `${a.label} (pinned)` : a.label),
      heatmap(gridOf(a), { ...options, width: half, legend: false, ariaLabel: `Attention of ${a.label}` }),
    );
  return h(
    'div',
    { class: 'plot-figure' },
    h('div', { class: 'atlas-preview-pair' }, ...both.map(panel)),
    colorLegend(color, options.valueLabel, Math.min(width, 320)),
  );
}

function draw(body: HTMLElement, preview: Preview, pattern: Pattern): void {
  if (typeof pattern === 'string') {
    body.replaceChildren(h('p', { class: 'atlas-preview-status', role: 'status' }, pattern));
    return;
  }
  const { pinned } = preview;
  const said = !pinned
    ? `${pattern.label}: how each of the ${pattern.n} tokens spreads its attention (rows sum to 1).`
    : pinned.label === pattern.label
      ? `${pinned.label} is pinned: point at or focus another head to see it beside.`
      : `${pinned.label} (pinned) beside ${pattern.label}, on one colour scale.`;
  const unpin = pinned && h('button', { type: 'button', class: 'secondary small' }, `Unpin ${pinned.label}`);
  unpin?.addEventListener('click', () => {
    preview.pinned = undefined;
    draw(body, preview, pattern);
  });
  const status = h('p', { class: 'atlas-preview-status', role: 'status' }, said, unpin && ' ', unpin);
  body.replaceChildren(status, patternMaps(pattern, pinned, body.clientWidth || 320));
}

/** Listens for the atlas's preview events for as long as the page lives. */
export function wireAtlasPreview(app: Pick<PageContext, 'page' | 'panel'>): void {
  // Keyed by the atlas's figure section: a new run draws a new one (and forgets the pin); "Colour by" keeps it.
  const previews = new WeakMap<Element, Preview>();
  let settle: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener(PREVIEW_HEAD_EVENT, (event) => {
    const { head, pin } = (event as CustomEvent<HeadEventDetail>).detail;
    const section = (event.target as Element).closest('[data-figure]') ?? (event.target as Element);
    const preview = previews.get(section) ?? { ticket: 0, cache: new Map<number, Pattern>() };
    previews.set(section, preview);
    const ticket = ++preview.ticket;
    clearTimeout(settle);
    settle = setTimeout(async () => {
      const pattern = preview.cache.get(head) ?? (await patternOf(app, head));
      if (ticket !== preview.ticket) return;
      preview.cache.delete(head); // the latest last: the oldest goes first
      preview.cache.set(head, pattern);
      if (preview.cache.size > CACHED) preview.cache.delete(preview.cache.keys().next().value!);
      if (pin && typeof pattern !== 'string')
        preview.pinned = preview.pinned?.label === pattern.label ? undefined : pattern;
      const body = section.querySelector<HTMLElement>('.atlas-preview-body');
      if (body) draw(body, preview, pattern);
    }, SETTLE_MS);
  });
}
