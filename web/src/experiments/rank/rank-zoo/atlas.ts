// SPDX-License-Identifier: Apache-2.0
// The head atlas of a model's heads (rank-zoo on "Your own model" or an uploaded (L, H, ·) stack, or a study over a
// corpus): layers × heads, each cell coloured by a chosen quantity (atlas-quantities.ts), at the native temperature
// for rank-zoo; a cell opens that head in rank-interaction (the page listens for OPEN_HEAD_EVENT) and, on a model's
// heads, shows its attention under the atlas (atlas-cells.ts). A pure function of the cells, like every figure.
import * as Plot from '@observablehq/plot';
import { colorLegend, colorLut, formatNumber, lutColor, stepLegend } from '../../../plots';
import { PLOT_STYLE, X_LABEL_OFFSET, X_MARGIN_BOTTOM } from '../../../plots/figure-style';
import type { RankZooResult } from '../../generated/rank-zoo';
import { atlasPosition, atlasScale } from './atlas-scale';
import { nameCell, previewBox, wireCell } from './atlas-cells';
import type { AtlasQuantity } from './atlas-quantities';

export { OPEN_HEAD_EVENT } from './atlas-cells'; // ui/model/open-head.ts listens for it

/** One head: where it sits, its number in the stack (layer · H + head) and its values, by quantity key. */
export interface AtlasCell {
  layer: number;
  head: number;
  index: number;
  row: Readonly<Record<string, unknown>>;
}

interface AtlasOptions {
  /** The quantities to choose from, the first one shown unless `quantity` names another. */
  quantities: readonly AtlasQuantity[];
  quantity?: string;
  /** A model's heads, whose attention the page shows under the atlas for the cell pointed at (atlas-cells.ts). */
  previews?: boolean;
  /** False: the cells name their head and value but open nothing (heads of no run on this page). */
  opens?: boolean;
  /** The id of the "Colour by" choice (two atlases on one page need two). */
  chooserId?: string;
}

/**
 * The cells of a result on a layered stack (rows labelled L3H5) at the native temperature (else the first one);
 * undefined otherwise.
 */
export function atlasCells(r: RankZooResult): AtlasCell[] | undefined {
  if (r.synthetic) return undefined;
  const temperatures = [...new Set(r.rows.map((row) => row.betaMult))];
  const native = temperatures.includes(1) ? 1 : temperatures[0];
  const cells: AtlasCell[] = [];
  for (const row of r.rows) {
    const m = /^L(\d+)H(\d+)$/.exec(String(row.family));
    if (!m || row.betaMult !== native) continue;
    cells.push({ layer: Number(m[1]), head: Number(m[2]), index: 0, row });
  }
  if (!cells.length) return undefined;
  const heads = Math.max(...cells.map((c) => c.head)) + 1;
  for (const c of cells) c.index = c.layer * heads + c.head;
  return cells;
}

/** A cell's value of `quantity` (NaN when the core gave none). */
const valueOf = (c: AtlasCell, quantity: string): number => {
  const v = c.row[quantity];
  return typeof v === 'number' ? v : Number.NaN;
};

/** A value as a cell and its label show it ("—" when undefined). */
const shown = (v: number, digits: number): string => (Number.isFinite(v) ? formatNumber(v, digits) : '—');

/** The atlas coloured by the chosen quantity, with a "Colour by" choice that redraws it in place. */
export function atlasChart(cells: AtlasCell[], width: number, options: AtlasOptions): HTMLElement {
  const { quantities, previews = false } = options;
  const chosen = quantities.find((q) => q.key === options.quantity) ?? quantities[0];
  const wrap = document.createElement('div');
  wrap.className = 'head-atlas';
  const chooser = quantityChooser(options, chosen.key, (key) =>
    wrap.replaceWith(atlasChart(cells, width, { ...options, quantity: key })),
  );
  const scale = atlasScale(cells.map((c) => valueOf(c, chosen.key)));
  const lut = colorLut('viridis');
  // An undefined value (a head the core could not measure) is grey, not a colour of the scale.
  const colourOf = (v: number) => (Number.isFinite(v) ? lutColor(lut, 255 * atlasPosition(scale, v)) : '#999999');
  const plot = atlasGrid(cells, width, chosen, scale, colourOf);
  wireCells(plot, cells, chosen, previews, options.opens ?? true);
  const legendWidth = Math.min(width, 440);
  const name = chosen.legend ?? chosen.label;
  const legend = scale.steps
    ? stepLegend(
        scale.steps.map((value) => ({ value, color: colourOf(value) })),
        name,
        legendWidth,
      )
    : colorLegend({ scheme: 'viridis', type: 'linear', domain: scale.domain }, name, legendWidth);
  wrap.append(chooser, plot, legend, ...referenceLine(chosen), ...(previews ? [previewBox()] : []));
  return wrap;
}

/** The atlas as a table: layer, head and each quantity (named key + `suffix`), empty where none was measured. */
export function atlasTable(cells: AtlasCell[], quantities: readonly AtlasQuantity[], suffix = '') {
  return {
    columns: ['layer', 'head', ...quantities.map((q) => q.key + suffix)],
    rows: cells.map((c) => [
      c.layer,
      c.head,
      ...quantities.map((q) => (Number.isFinite(valueOf(c, q.key)) ? valueOf(c, q.key) : '')),
    ]),
  };
}

/** The quantity's reference, under the legend and in the figure's SVG and PNG (data-export-text). */
function referenceLine(quantity: AtlasQuantity): HTMLElement[] {
  if (!quantity.reference) return [];
  const line = document.createElement('p');
  line.className = 'help atlas-reference';
  line.dataset.exportText = '';
  line.textContent = quantity.reference;
  return [line];
}

/** "Colour by": the quantities, `key` selected; `onChoose` gets another one chosen. */
function quantityChooser(options: AtlasOptions, key: string, onChoose: (key: string) => void): HTMLElement {
  const select = document.createElement('select');
  select.id = options.chooserId ?? 'atlas-quantity';
  for (const q of options.quantities) {
    const option = document.createElement('option');
    option.value = q.key;
    option.textContent = q.label;
    option.selected = q.key === key;
    select.append(option);
  }
  const label = document.createElement('label');
  label.htmlFor = select.id;
  label.textContent = 'Colour by ';
  const chooser = document.createElement('p');
  chooser.className = 'atlas-chooser';
  chooser.append(label, select);
  select.addEventListener('change', () => onChoose(select.value));
  return chooser;
}

/** The layers × heads grid, each cell filled by `colourOf` its value (and the value on it when a cell is wide). */
function atlasGrid(
  cells: AtlasCell[],
  width: number,
  chosen: AtlasQuantity,
  scale: ReturnType<typeof atlasScale>,
  colourOf: (v: number) => string,
): ReturnType<typeof Plot.plot> {
  const layers = Math.max(...cells.map((c) => c.layer)) + 1,
    heads = Math.max(...cells.map((c) => c.head)) + 1;
  const { key: quantity, label: name } = chosen;
  const cell = Math.max(12, Math.min(40, Math.floor((width - 70) / heads)));
  return Plot.plot({
    width: Math.min(width, 70 + heads * cell + 20),
    height: 30 + layers * cell + X_MARGIN_BOTTOM,
    marginLeft: 60,
    marginBottom: X_MARGIN_BOTTOM,
    style: PLOT_STYLE,
    x: {
      type: 'band',
      domain: Array.from({ length: heads }, (_, h) => h),
      label: 'head',
      labelAnchor: 'center',
      labelArrow: 'none',
      labelOffset: X_LABEL_OFFSET,
      tickFormat: (h: number) => (heads > 16 && h % 4 ? '' : String(h)),
    },
    y: {
      type: 'band',
      domain: Array.from({ length: layers }, (_, l) => l),
      label: 'layer',
      labelAnchor: 'center',
      labelArrow: 'none',
      tickFormat: (l: number) => (layers > 16 && l % 4 ? '' : String(l)),
    },
    color: { type: 'identity' },
    marks: [
      Plot.cell(cells, { x: 'head', y: 'layer', fill: (c: AtlasCell) => colourOf(valueOf(c, quantity)), inset: 0.5 }),
      ...(cell >= 24
        ? [
            Plot.text(cells, {
              x: 'head',
              y: 'layer',
              text: (c: AtlasCell) => shown(valueOf(c, quantity), 2),
              fill: (c: AtlasCell) => (atlasPosition(scale, valueOf(c, quantity)) > 0.6 ? 'black' : 'white'),
              fontSize: 10,
            }),
          ]
        : []),
    ],
    ariaLabel: `Head atlas: ${name} of each head, layers down, heads across`,
  });
}

/**
 * Each cell opens its head (unless `opens` is false): by click or, focused, by Enter or Space (the numbers on the cells
 * let clicks through); with `previews`, pointing at it or focusing it previews its attention (atlas-cells.ts).
 */
function wireCells(plot: Element, cells: AtlasCell[], chosen: AtlasQuantity, previews: boolean, opens: boolean): void {
  plot.querySelectorAll('g[aria-label="text"]').forEach((g) => g.setAttribute('pointer-events', 'none'));
  plot.querySelectorAll<SVGElement>('g[aria-label="cell"] rect').forEach((rect, i) => {
    const value = shown(valueOf(cells[i], chosen.key), 3);
    if (opens) wireCell(rect, cells[i], chosen.label, value, previews);
    else nameCell(rect, cells[i], chosen.label, value);
  });
}
