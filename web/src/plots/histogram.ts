// SPDX-License-Identifier: Apache-2.0
// Histogram of one sample with threshold rules (e.g. a theoretical maximum) and an optional
// theory density curve drawn dashed over the bars.
import * as Plot from '@observablehq/plot';
import { axisMarkLegend, drawAxisMarks, xMarksMargin, yMarksMargin, type AxisMark } from './axis-marks';
import { type LegendItem } from './legend';
import { wrapWithLegend } from './lines';
import type { AxisOptions } from './line-axes';
import { drawableRules, extentOf, ruleLegend, ruleMarks, type Rule } from './overlays';
import { DATA_COLORS, GRID, PLOT_STYLE, THEORY, THEORY_DASH, X_LABEL_OFFSET, X_MARGIN_BOTTOM } from './figure-style';

export interface HistogramOptions {
  width: number;
  height?: number;
  /** Legend label of the bars, e.g. "rows". */
  label: string;
  x?: AxisOptions;
  /** y axis label; the bars count values unless `density` is set. */
  yLabel?: string;
  /** Normalise to a probability density (so a theory density can be overlaid). */
  density?: boolean;
  /** Number of bins (Plot picks a nice count near this). */
  bins?: number;
  rules?: Rule[];
  /** Thresholds and special values as triangles on the frame's edge (axis-marks.ts). */
  marks?: AxisMark[];
  /** The bars' colour (default: the first series colour). */
  color?: string;
  /** A theory density, dashed in the theory colour unless told; only meaningful with `density`. */
  theory?: { label: string; points: { x: number; y: number }[]; color?: string; line?: 'solid' | 'dashed' };
  ariaLabel?: string;
  ariaDescription?: string;
}

export function histogram(values: number[], options: HistogramOptions): HTMLElement {
  const finite = values.filter(Number.isFinite);
  const color = options.color ?? DATA_COLORS[0];
  const rules = drawableRules(options.rules ?? [], options.x?.type === 'log', false);
  const { bin, xDomain, lo, hi } = binned(finite, options, color);
  const marks: Plot.Markish[] = [Plot.rectY(finite, bin), Plot.ruleY([0], { stroke: GRID })];
  const legend: LegendItem[] = [{ label: options.label, color, symbol: 'box', className: 'sim' }];
  // A theory density that diverges at an edge (a hard edge at 0) would stretch the axis until the bars are a line at
  // the bottom: the axis then stops a little above the tallest bar, and the curve leaves the frame's top where it
  // diverges.
  const yMax =
    options.density && options.theory
      ? densityCap(finite, lo, hi, options.bins ?? 30, options.theory.points)
      : undefined;
  if (options.theory) {
    const theory = theoryLine(options.theory, yMax !== undefined);
    marks.push(theory.mark);
    legend.push(theory.legend);
  }
  const xLog = options.x?.type === 'log';
  const axisMarks = (options.marks ?? []).filter(
    (m) => Number.isFinite(m.value) && !(xLog && m.axis === 'x' && m.value <= 0),
  );
  marks.push(
    ...ruleMarks(rules, {
      x: options.x?.domain ?? extentOf([...finite, ...rules.filter((r) => r.axis === 'x').map((r) => r.value)], xLog),
      xLog,
    }),
  );
  // A value marked on the axis is inside the frame even when no bar reaches it.
  const markedX = axisMarks.filter((m) => m.axis === 'x').map((m) => m.value);
  if (markedX.length) marks.push(Plot.ruleX(markedX, { strokeOpacity: 0 }));
  legend.push(...ruleLegend(rules), ...axisMarkLegend(axisMarks));
  const topMarks = xMarksMargin(axisMarks);
  const plot = Plot.plot({
    width: options.width,
    height: (options.height ?? Math.round(Math.min(320, Math.max(200, options.width * 0.55)))) + topMarks,
    marginLeft: 56,
    marginRight: Math.max(16, yMarksMargin(axisMarks)),
    ...(topMarks ? { marginTop: 10 + topMarks } : {}),
    marginBottom: X_MARGIN_BOTTOM,
    x: { label: options.x?.label, type: options.x?.type ?? 'linear', domain: xDomain, labelOffset: X_LABEL_OFFSET },
    y: {
      label: options.yLabel ?? (options.density ? 'density' : 'count'),
      grid: true,
      ...(yMax !== undefined ? { domain: [0, yMax] } : {}),
      ...(topMarks ? { labelAnchor: 'center' as const } : {}),
    },
    style: PLOT_STYLE,
    ariaLabel: options.ariaLabel,
    ariaDescription: options.ariaDescription,
    marks,
  });
  drawAxisMarks(plot, axisMarks);
  return wrapWithLegend(plot, legend, options.width);
}

/**
 * The bars' binning: counts, or a density (count / (N · bin width)) that integrates to 1 like a theory density; the
 * values' range, and the x domain when all values are equal.
 */
function binned(
  finite: number[],
  options: HistogramOptions,
  color: string,
): { bin: Plot.RectYOptions; xDomain: [number, number] | undefined; lo: number; hi: number } {
  // Density = count / (N · bin width), so the bars integrate to 1 like a theory density.
  const reducer = options.density
    ? {
        reduceIndex: (index: number[], _values: unknown, extent: { x1: number; x2: number }) =>
          index.length / (finite.length * (extent.x2 - extent.x1)),
      }
    : 'count';
  // All values equal (uniform attention rows: every entropy is ln n): a small window around the value,
  // so the axis reads "5.53 5.55 5.57", not 16-digit ticks a hair apart that overprint.
  let lo = Infinity,
    hi = -Infinity;
  for (const v of finite) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const flat = finite.length > 0 && hi - lo <= 1e-9 * Math.max(1, Math.abs(hi));
  const pad = Math.max(Math.abs(hi) * 0.02, 0.01);
  const xDomain = options.x?.domain ?? (flat ? ([lo - pad, hi + pad] as [number, number]) : undefined);
  const bin = Plot.binX<Plot.RectYOptions>(
    { y: reducer },
    {
      x: (d: number) => d,
      ...(flat && !options.x?.domain ? { domain: xDomain } : {}),
      thresholds: options.bins ?? 30,
      fill: color,
      fillOpacity: options.theory?.line === 'solid' ? 0.45 : 0.75,
      inset: 0.5,
      className: 'sim',
    },
  );
  return { bin, xDomain, lo, hi };
}

/** The theory density over the bars: dashed in the theory colour unless told, clipped when the axis stops below it. */
function theoryLine(
  theory: NonNullable<HistogramOptions['theory']>,
  clip: boolean,
): { mark: Plot.Markish; legend: LegendItem } {
  const stroke = theory.color ?? THEORY,
    dash = theory.line === 'solid' ? undefined : THEORY_DASH;
  return {
    mark: Plot.line(theory.points, {
      x: 'x',
      y: 'y',
      stroke,
      strokeWidth: 2,
      strokeDasharray: dash,
      className: 'theory',
      clip,
    }),
    legend: { label: theory.label, color: stroke, symbol: 'line', dash, className: 'theory' },
  };
}

/**
 * The top of a density axis when the theory curve rises far above the bars (more than twice the tallest): 1.3 times the
 * tallest bar of an equal-width histogram of the values (Plot's nicer bins differ a little); else undefined (the axis
 * fits the curve, as usual).
 */
function densityCap(
  values: number[],
  lo: number,
  hi: number,
  bins: number,
  curve: { y: number }[],
): number | undefined {
  if (values.length === 0 || !(hi > lo)) return undefined;
  const counts = new Array<number>(bins).fill(0);
  const width = (hi - lo) / bins;
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  const tallest = Math.max(...counts) / (values.length * width);
  const curveTop = Math.max(0, ...curve.map((p) => p.y).filter(Number.isFinite));
  return curveTop > 2 * tallest ? 1.3 * tallest : undefined;
}
