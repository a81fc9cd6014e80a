// SPDX-License-Identifier: Apache-2.0
// One dot per item (its mean) with its range (min to max) as a line, over a shaded band of published values: each
// head's energy90 against Lee's 2–11 (ui/corpus-results.ts). A pure function of its rows.
import * as Plot from '@observablehq/plot';
import { DATA_COLORS, GRID, MUTED, PLOT_STYLE, THEORY, X_LABEL_OFFSET, X_MARGIN_BOTTOM } from './figure-style';

interface BandDotsRow {
  label: string;
  mean: number;
  min: number;
  max: number;
}

interface BandDotsOptions {
  width: number;
  xLabel: string;
  yLabel: string;
  /** The published band, with the words of its legend. */
  band: { low: number; high: number; label: string };
  ariaLabel: string;
}

export function bandDots(rows: BandDotsRow[], options: BandDotsOptions): SVGSVGElement | HTMLElement {
  const { band } = options;
  const top = Math.max(band.high, ...rows.map((r) => r.max)) + 1;
  return Plot.plot({
    width: options.width,
    height: 260,
    marginBottom: X_MARGIN_BOTTOM,
    style: PLOT_STYLE,
    ariaLabel: options.ariaLabel,
    x: { label: options.xLabel, domain: rows.map((r) => r.label), tickRotate: rows.length > 24 ? -90 : 0 },
    y: { label: options.yLabel, domain: [0, top], grid: true, nice: true },
    marks: [
      Plot.rectY([band], { y1: 'low', y2: 'high', fill: THEORY, fillOpacity: 0.12 }),
      Plot.text([{ x: rows[0]?.label, y: band.high, text: band.label }], {
        x: 'x',
        y: 'y',
        text: 'text',
        dy: -7,
        textAnchor: 'start',
        fill: MUTED,
      }),
      Plot.ruleX(rows, { x: 'label', y1: 'min', y2: 'max', stroke: DATA_COLORS[0], strokeOpacity: 0.6 }),
      Plot.dot(rows, {
        x: 'label',
        y: 'mean',
        fill: DATA_COLORS[0],
        r: 3,
        title: (r: BandDotsRow) => `${r.label}: ${r.mean}`,
      }),
      Plot.ruleY([0], { stroke: GRID }),
      Plot.axisX({ labelOffset: X_LABEL_OFFSET }),
    ],
  });
}
