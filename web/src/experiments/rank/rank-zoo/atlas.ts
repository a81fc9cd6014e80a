// SPDX-License-Identifier: Apache-2.0
// The head atlas of a model's heads (rank-zoo on "Your own model" or an uploaded (L, H, ·) stack): layers × heads,
// each cell coloured by a chosen quantity at the native temperature; a cell opens that head in rank-interaction
// (the page listens for OPEN_HEAD_EVENT) and, on a model's heads, shows its attention under the atlas (atlas-cells.ts).
// A pure function of the result, like every figure.
import * as Plot from '@observablehq/plot';
import { colorLegend, colorLut, formatNumber, lutColor, stepLegend } from '../../../plots';
import { PLOT_STYLE, X_LABEL_OFFSET, X_MARGIN_BOTTOM } from '../../../plots/figure-style';
import type { RankZooResult } from '../../generated/rank-zoo';
import { atlasPosition, atlasScale } from './atlas-scale';
import { previewBox, wireCell } from './atlas-cells';

type Row = RankZooResult['rows'][number];

export { OPEN_HEAD_EVENT } from './atlas-cells'; // ui/model/open-head.ts listens for it

export const ATLAS_QUANTITIES = [
  { key: 'rVisTau', label: 'visible interaction dimension r_vis(τ)' },
  { key: 'kSvd', label: 'ε-rank certificate k_svd' },
  { key: 'reductionTau', label: 'reduction r_raw(τ) − r_vis(τ)' },
  { key: 'reductionEff', label: 'effective reduction r_eff,raw − r_eff,vis' },
  { key: 'lowerBound', label: 'lower bound' },
] as const satisfies readonly { key: keyof Row; label: string }[];
type Quantity = (typeof ATLAS_QUANTITIES)[number]['key'];

interface AtlasCell {
  layer: number;
  head: number;
  index: number;
  row: Row;
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
const valueOf = (c: AtlasCell, quantity: Quantity): number => {
  const v = c.row[quantity];
  return typeof v === 'number' ? v : Number.NaN;
};

/** A quantity's name, as the chooser, the legend and each cell's label say it. */
const labelOf = (quantity: Quantity): string => ATLAS_QUANTITIES.find((q) => q.key === quantity)!.label;

/** A value as a cell and its label show it ("—" when undefined). */
const shown = (v: number, digits: number): string => (Number.isFinite(v) ? formatNumber(v, digits) : '—');

/** The atlas coloured by `quantity`, with a "Colour by" choice that redraws it in place; `previews`: a model's heads,
 * whose attention the page shows under the atlas for the cell pointed at (atlas-cells.ts). */
export function atlasChart(
  cells: AtlasCell[],
  width: number,
  quantity: Quantity = 'rVisTau',
  previews = false,
): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'head-atlas';
  const chooser = quantityChooser(quantity, (q) => wrap.replaceWith(atlasChart(cells, width, q, previews)));
  const name = labelOf(quantity);
  const scale = atlasScale(cells.map((c) => valueOf(c, quantity)));
  const lut = colorLut('viridis');
  // An undefined value (a head the core could not measure) is grey, not a colour of the scale.
  const colourOf = (v: number) => (Number.isFinite(v) ? lutColor(lut, 255 * atlasPosition(scale, v)) : '#999999');
  const plot = atlasGrid(cells, width, quantity, scale, colourOf);
  wireCells(plot, cells, quantity, previews);
  const legendWidth = Math.min(width, 440);
  const legend = scale.steps
    ? stepLegend(
        scale.steps.map((value) => ({ value, color: colourOf(value) })),
        name,
        legendWidth,
      )
    : colorLegend({ scheme: 'viridis', type: 'linear', domain: scale.domain }, name, legendWidth);
  wrap.append(chooser, plot, legend, ...(previews ? [previewBox()] : []));
  return wrap;
}

/** "Colour by": the quantities, `quantity` selected; `onChoose` gets another one chosen. */
function quantityChooser(quantity: Quantity, onChoose: (q: Quantity) => void): HTMLElement {
  const select = document.createElement('select');
  select.id = 'atlas-quantity';
  for (const q of ATLAS_QUANTITIES) select.append(new Option(q.label, q.key, false, q.key === quantity));
  const label = document.createElement('label');
  label.htmlFor = select.id;
  label.textContent = 'Colour by ';
  const chooser = document.createElement('p');
  chooser.className = 'atlas-chooser';
  chooser.append(label, select);
  select.addEventListener('change', () => onChoose(select.value as Quantity));
  return chooser;
}

/** The layers × heads grid, each cell filled by `colourOf` its value (and the value on it when a cell is wide). */
function atlasGrid(
  cells: AtlasCell[],
  width: number,
  quantity: Quantity,
  scale: ReturnType<typeof atlasScale>,
  colourOf: (v: number) => string,
): ReturnType<typeof Plot.plot> {
  const layers = Math.max(...cells.map((c) => c.layer)) + 1,
    heads = Math.max(...cells.map((c) => c.head)) + 1;
  const name = labelOf(quantity);
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
 * Each cell opens its head: by click or, focused, by Enter or Space (the numbers on the cells let clicks through);
 * with `previews`, pointing at it or focusing it previews its attention (atlas-cells.ts).
 */
function wireCells(plot: Element, cells: AtlasCell[], quantity: Quantity, previews: boolean): void {
  const name = labelOf(quantity);
  plot.querySelectorAll('g[aria-label="text"]').forEach((g) => g.setAttribute('pointer-events', 'none'));
  plot.querySelectorAll<SVGElement>('g[aria-label="cell"] rect').forEach((rect, i) => {
    wireCell(rect, cells[i], name, shown(valueOf(cells[i], quantity), 3), previews);
  });
}
