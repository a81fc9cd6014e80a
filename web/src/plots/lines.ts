// SPDX-License-Identifier: Apache-2.0
// Line / dot charts with optional error bars, log axes, theory curves (dashed) and threshold rules.
// Used for spectra (value vs rank), sweeps (error vs d or n) and anything else with x–y series.
// Simulation marks and their legend rows carry the class 'sim', theory ones 'theory', so a page can
// tell the two apart (e.g. grey out the older of the two); by themselves the classes change nothing.
import * as Plot from '@observablehq/plot';
import { axisMarkLegend, drawAxisMarks, xMarksMargin, yMarksMargin, type AxisMark } from './axis-marks';
import { swatchLegend, type LegendItem } from './legend';
import { drawableRules, extentOf, ruleLegend, ruleMarks, type Rule } from './overlays';
import { drawEndLabels, END_CHAR_WIDTH, END_LABEL_MIN_WIDTH } from './end-labels';
import { axis, drawable, hasNamedLogAxis, namedLogAxis, type AxisOptions } from './line-axes';
import type { Ghost, Series } from './series';
import {
  DATA_COLORS,
  GRID,
  MUTED,
  PLOT_STYLE,
  POPULATION_DASH,
  THEORY,
  THEORY_DASH,
  X_LABEL_OFFSET,
  X_MARGIN_BOTTOM,
} from './figure-style';

export interface LineChartOptions {
  width: number;
  height?: number;
  x?: AxisOptions;
  y?: AxisOptions;
  rules?: Rule[];
  /** Thresholds and special values drawn as triangles on the frame's edge with short labels. */
  marks?: AxisMark[];
  /** Legend rows drawn before the series' own (e.g. one per method and one per kind of line). */
  legend?: LegendItem[];
  /** Short name read by screen readers; the description says what to look for. */
  ariaLabel?: string;
  ariaDescription?: string;
  /** The previous run's series, drawn faded behind these in their own colours (ui "Compare with previous"). */
  ghost?: Ghost;
}

/** Each chart's own series (never its ghost), so the next run can draw them as its ghost. */
const drawnSeries = new WeakMap<Element, Series[]>();

/** The series a lineChart element was drawn from (undefined for anything else). */
export function seriesOf(element: Element | null | undefined): Series[] | undefined {
  return element ? drawnSeries.get(element) : undefined;
}

/** How faded a ghost is: visible behind the current run, never mistaken for it. */
const GHOST_OPACITY = 0.28;

const DASH = { solid: undefined, dashed: THEORY_DASH, population: POPULATION_DASH } as const;

export function lineChart(series: Series[], options: LineChartOptions): HTMLElement {
  const xLog = options.x?.type === 'log',
    yLog = options.y?.type === 'log';
  const endLabelled =
    options.width >= END_LABEL_MIN_WIDTH
      ? series.filter((s) => s.endLabel && drawable(s.points, xLog, yLog).length)
      : [];
  const height = options.height ?? Math.round(Math.min(360, Math.max(220, options.width * 0.6)));
  const drawn = seriesMarks(series, endLabelled, xLog, yLog);
  const marks: Plot.Markish[] = [...ghostMarks(options.ghost?.series ?? [], xLog, yLog), ...drawn.marks];
  const legend: LegendItem[] = [...(options.legend ?? []), ...drawn.legend];
  const rules = drawableRules(options.rules ?? [], xLog, yLog);
  const axisMarks = (options.marks ?? []).filter(
    (m) => Number.isFinite(m.value) && !(m.value <= 0 && (m.axis === 'x' ? xLog : yLog)),
  );
  const all = series.flatMap((s) => drawable(s.points, xLog, yLog));
  const ghostPoints = (options.ghost?.series ?? []).flatMap((s) => drawable(s.points, xLog, yLog));
  const axisRules = (axis: 'x' | 'y') => [...rules, ...axisMarks].filter((r) => r.axis === axis).map((r) => r.value);
  const extent = {
    x: options.x?.domain ?? extentOf([...all.map((p) => p.x), ...ghostPoints.map((p) => p.x), ...axisRules('x')], xLog),
    y: options.y?.domain ?? extentOf([...all.map((p) => p.y), ...ghostPoints.map((p) => p.y), ...axisRules('y')], yLog),
    xLog,
    yLog,
    points: all,
    width: options.width,
    height,
  };
  marks.unshift(...namedLogAxis('x', options.x), ...namedLogAxis('y', options.y));
  marks.push(...ruleMarks(rules, extent), Plot.frame({ stroke: GRID }));
  // Values marked on an edge widen the frame to include them, like any other mark (drawn invisibly).
  const marked = (axis: 'x' | 'y') => axisMarks.filter((m) => m.axis === axis).map((m) => m.value);
  if (marked('x').length && !options.x?.domain) marks.push(Plot.ruleX(marked('x'), { strokeOpacity: 0 }));
  if (marked('y').length && !options.y?.domain) marks.push(Plot.ruleY(marked('y'), { strokeOpacity: 0 }));
  legend.push(...ruleLegend(rules), ...axisMarkLegend(axisMarks));
  if (options.ghost && ghostPoints.length)
    legend.push({ label: options.ghost.label, color: MUTED, symbol: 'line', className: 'ghost' });

  const plot = plotOf(options, height, axisMarks, endLabelled, marks);
  drawAxisMarks(plot, axisMarks);
  drawEndLabels(plot, endLabelled, xLog, yLog);
  const figure = wrapWithLegend(plot, legend, options.width);
  drawnSeries.set(figure, series);
  return figure;
}

/** The chart's frame and marks: margins with room for the edge marks and end labels, axes as the options ask. */
function plotOf(
  options: LineChartOptions,
  height: number,
  axisMarks: AxisMark[],
  endLabelled: Series[],
  marks: Plot.Markish[],
): ReturnType<typeof Plot.plot> {
  // Marks on the top edge take the room above the frame, so the y label turns to run along its axis.
  const topMarks = xMarksMargin(axisMarks);
  return Plot.plot({
    width: options.width,
    height: height + topMarks,
    marginLeft: 56,
    marginRight: Math.max(
      16,
      yMarksMargin(axisMarks),
      ...endLabelled.map((s) => 10 + END_CHAR_WIDTH * (s.endLabel as string).length),
    ),
    ...(topMarks ? { marginTop: 10 + topMarks } : {}),
    marginBottom: X_MARGIN_BOTTOM,
    x: { ...axis(options.x), labelOffset: X_LABEL_OFFSET, ...(hasNamedLogAxis(options.x) ? { axis: null } : {}) },
    y: {
      ...axis(options.y),
      ...(hasNamedLogAxis(options.y) ? { axis: null } : {}),
      ...(topMarks ? { labelAnchor: 'center' as const } : {}),
    },
    style: PLOT_STYLE,
    ariaLabel: options.ariaLabel,
    ariaDescription: options.ariaDescription,
    marks,
  });
}

/**
 * Each series' marks (error bars, line, dots; class 'theory' or 'sim') in its colour and dash, and its legend row
 * unless it is labelled at its end or asks for none.
 */
function seriesMarks(
  series: Series[],
  endLabelled: Series[],
  xLog: boolean,
  yLog: boolean,
): { marks: Plot.Markish[]; legend: LegendItem[] } {
  const marks: Plot.Markish[] = [];
  const legend: LegendItem[] = [];
  let dataIndex = 0;
  for (const s of series) {
    const theory = s.style === 'theory';
    const className = theory ? 'theory' : 'sim';
    const color = s.color ?? (theory ? THEORY : DATA_COLORS[dataIndex++ % DATA_COLORS.length]);
    const mark = s.mark ?? (theory ? 'line' : 'line+dot');
    const dash = DASH[s.line ?? (theory ? 'dashed' : 'solid')];
    const points = drawable(s.points, xLog, yLog);
    const bars = points.filter((p) => p.lo !== undefined && p.hi !== undefined && !(yLog && (p.lo as number) <= 0));
    if (bars.length)
      marks.push(Plot.ruleX(bars, { x: 'x', y1: 'lo', y2: 'hi', stroke: color, strokeOpacity: 0.7, className }));
    if (mark !== 'dot')
      marks.push(
        Plot.line(points, {
          x: 'x',
          y: 'y',
          stroke: color,
          strokeWidth: theory ? 2 : 1.5,
          strokeDasharray: dash,
          className,
        }),
      );
    if (mark !== 'line')
      marks.push(Plot.dot(points, { x: 'x', y: 'y', fill: color, r: points.length > 200 ? 1.5 : 3, className }));
    if (s.legend !== false && !endLabelled.includes(s))
      legend.push({ label: s.label, color, symbol: mark === 'dot' ? 'dot' : 'line', dash, className });
  }
  return { marks, legend };
}

/**
 * The previous run faded, in each series' own colour (assigned as for the current run), under every
 * current mark. Theory keeps its dash; no error bars or end labels. Class 'ghost' on every group.
 */
function ghostMarks(ghost: Series[], xLog: boolean, yLog: boolean): Plot.Markish[] {
  const marks: Plot.Markish[] = [];
  let dataIndex = 0;
  for (const s of ghost) {
    const theory = s.style === 'theory';
    const color = s.color ?? (theory ? THEORY : DATA_COLORS[dataIndex++ % DATA_COLORS.length]);
    const mark = s.mark ?? (theory ? 'line' : 'line+dot');
    const points = drawable(s.points, xLog, yLog);
    const common = {
      x: 'x',
      y: 'y',
      className: 'ghost',
      clip: true,
      strokeOpacity: GHOST_OPACITY,
      fillOpacity: GHOST_OPACITY,
    };
    if (mark !== 'dot')
      marks.push(
        Plot.line(points, {
          ...common,
          stroke: color,
          strokeWidth: 1.5,
          strokeDasharray: DASH[s.line ?? (theory ? 'dashed' : 'solid')],
        }),
      );
    if (mark !== 'line') marks.push(Plot.dot(points, { ...common, fill: color, r: points.length > 200 ? 1.2 : 2.5 }));
  }
  return marks;
}

/**
 * One image for assistive technology: Plot names every mark group ("line", "dot"), which ARIA forbids
 * on a <g> without a role and which says nothing; the chart is one role="img" with the figure's label
 * (or its legend's), and the page describes its data in words (ui/results/figure-summary.ts).
 */
function quietMarks(plot: Element, legend: LegendItem[]): void {
  for (const el of plot.querySelectorAll('[aria-label]')) el.removeAttribute('aria-label');
  for (const el of plot.querySelectorAll('[aria-description]')) el.removeAttribute('aria-description');
  plot.setAttribute('role', 'img');
  if (!plot.getAttribute('aria-label'))
    plot.setAttribute('aria-label', legend.length ? `Chart: ${legend.map((l) => l.label).join('; ')}` : 'Chart');
}

/** The figure element: legend above the chart, both SVG so export keeps them. */
export function wrapWithLegend(plot: Element, legend: LegendItem[], width: number): HTMLElement {
  quietMarks(plot, legend);
  const wrapper = document.createElement('div');
  wrapper.className = 'plot-figure';
  if (legend.length) wrapper.append(swatchLegend(legend, width));
  wrapper.append(plot);
  return wrapper;
}
