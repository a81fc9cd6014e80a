// SPDX-License-Identifier: Apache-2.0
// The line charts' axes: their options, Plot scale options, log axes that draw their named ticks themselves, and the
// points a log axis can show.
import * as Plot from '@observablehq/plot';
import type { Point } from './series';
import { GRID, X_LABEL_OFFSET, formatNumber } from './figure-style';

export interface AxisOptions {
  label?: string;
  type?: 'linear' | 'log';
  domain?: [number, number];
  /** Whole-number ticks only (ranks, counts). */
  integer?: boolean;
  /** Explicit tick values (e.g. the swept n on a log axis, so the axis names them). */
  ticks?: number[];
}

export function axis(options: AxisOptions = {}): Plot.ScaleOptions {
  return {
    type: options.type ?? 'linear',
    label: options.label,
    domain: options.domain,
    ticks: options.ticks,
    grid: true,
    // Plot's default log ticks use SI prefixes (100m, 1µ), which read badly for dimensionless values.
    ...(options.type === 'log' ? { tickFormat: (d: number) => (options.ticks ? String(d) : formatNumber(d, 2)) } : {}),
    ...(options.integer && options.type !== 'log'
      ? { tickFormat: (d: number) => (Number.isInteger(d) ? String(d) : '') }
      : {}),
  };
}

/**
 * A log axis that names given values draws them as its own marks: Plot passes a log scale's labels
 * through d3's thinning, which blanks some of them (5 and 50 of 1…300) even when they are asked for.
 */
export function namedLogAxis(key: 'x' | 'y', options: AxisOptions | undefined): Plot.Markish[] {
  if (options?.type !== 'log' || !options.ticks) return [];
  const text = (d: number) => formatNumber(d, 4);
  return key === 'x'
    ? [
        Plot.gridX(options.ticks, { stroke: GRID, strokeOpacity: 1 }),
        Plot.axisX(options.ticks, { text, label: options.label, labelArrow: true, labelOffset: X_LABEL_OFFSET }),
      ]
    : [
        Plot.gridY(options.ticks, { stroke: GRID, strokeOpacity: 1 }),
        Plot.axisY(options.ticks, { text, label: options.label, labelArrow: true }),
      ];
}

export const hasNamedLogAxis = (options?: AxisOptions) => options?.type === 'log' && Boolean(options.ticks);

/** Drops points a log axis cannot show, so one zero does not blank the chart. */
export function drawable(points: Point[], xLog: boolean, yLog: boolean): Point[] {
  return points.filter(
    (p) => Number.isFinite(p.x) && Number.isFinite(p.y) && !(xLog && p.x <= 0) && !(yLog && p.y <= 0),
  );
}
