// SPDX-License-Identifier: Apache-2.0
// Thresholds and special values as marks on the frame's edge: a small triangle in the method's hue
// pointing at the value, with a short label beside it. Labels are laid out so that none overlaps
// another (a second row, then dropped: a dropped label stays in the triangle's tooltip and the legend).
import type { LegendItem } from './legend';
import { svgElement } from './legend';
import { BACKGROUND, FONT, MARKER } from './figure-style';

export interface AxisMark {
  /** 'x': a triangle on the top edge pointing down at x = value; 'y': on the right edge pointing left. */
  axis: 'x' | 'y';
  value: number;
  /** Full text, for the tooltip and (unless `legend` is false) the legend row. */
  label: string;
  /** Short text drawn beside the triangle ("sample", "λ₊"); none when empty. */
  tag?: string;
  /** Defaults to the grey marker colour. */
  color?: string;
  /** 'filled' (default) or 'hollow': two kinds of threshold in one hue. */
  shape?: 'filled' | 'hollow';
  /** Higher first when labels compete for room (default 0). */
  priority?: number;
  /** One legend row for this mark (default true); a figure may explain its marks in one row instead. */
  legend?: boolean;
}

const MARK_FONT_SIZE = 10;
const MARK_CHAR_WIDTH = 5.7; // average advance of a 10px system-ui glyph (labels are laid out before layout)
const TRIANGLE = 7; // px, from tip to base
const ROW_HEIGHT = 12;
/** Label rows above the frame for x marks. */
const X_LABEL_ROWS = 2;

export const markTextWidth = (text: string) => text.length * MARK_CHAR_WIDTH + 4;

/** Room above the frame that x marks need (triangle plus label rows), px. */
export function xMarksMargin(marks: AxisMark[]): number {
  const x = marks.filter((m) => m.axis === 'x');
  if (!x.length) return 0;
  return TRIANGLE + 4 + (x.some((m) => m.tag) ? X_LABEL_ROWS * ROW_HEIGHT : 0);
}

/** Room right of the frame that y marks need, px. */
export function yMarksMargin(marks: AxisMark[]): number {
  const y = marks.filter((m) => m.axis === 'y');
  if (!y.length) return 0;
  return TRIANGLE + 6 + Math.max(0, ...y.map((m) => (m.tag ? markTextWidth(m.tag) : 0)));
}

interface LabelRequest {
  /** Where the label wants its centre (px along the axis). */
  at: number;
  /** Its extent along the axis (px). */
  size: number;
  priority?: number;
}

interface PlacedLabel {
  index: number;
  /** Row (0 nearest the frame). */
  row: number;
  /** Start and end along the axis (px). */
  start: number;
  end: number;
}

/**
 * Greedy one-dimensional label layout: labels in order of priority (then position) take the first row
 * where, centred on their point (or pushed aside by at most half their size) and kept inside `bounds`,
 * they overlap no label already placed (with `gap` between). A label that fits no row is left out
 * (returned in `dropped`).
 */
export function layoutLabels(
  requests: LabelRequest[],
  bounds: [number, number],
  rows: number,
  gap = 4,
): { placed: PlacedLabel[]; dropped: number[] } {
  const order = requests
    .map((r, index) => ({ ...r, index }))
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0) || a.at - b.at);
  const taken: [number, number][][] = Array.from({ length: rows }, () => []);
  const placed: PlacedLabel[] = [],
    dropped: number[] = [];
  const free = (spans: [number, number][], start: number, end: number) =>
    spans.every(([a, b]) => end + gap <= a || start >= b + gap);
  for (const r of order) {
    const wanted = r.at - r.size / 2;
    const inside = (start: number) =>
      start >= bounds[0] - 1e-9 && start + r.size <= bounds[1] + 1e-9 && Math.abs(start - wanted) <= r.size / 2 + 1e-9;
    let best: { row: number; start: number } | undefined;
    for (let row = 0; row < rows && !best; row++) {
      // Where the label can start: centred (clamped into the bounds), or just clear of a neighbour.
      const candidates = [
        Math.min(Math.max(bounds[0], wanted), bounds[1] - r.size),
        ...taken[row].flatMap(([a, b]) => [b + gap, a - gap - r.size]),
      ]
        .filter((start) => inside(start) && free(taken[row], start, start + r.size))
        .sort((x, y) => Math.abs(x - wanted) - Math.abs(y - wanted));
      if (candidates.length) best = { row, start: candidates[0] };
    }
    if (!best) {
      dropped.push(r.index);
      continue;
    }
    taken[best.row].push([best.start, best.start + r.size]);
    placed.push({ index: r.index, row: best.row, start: best.start, end: best.start + r.size });
  }
  placed.sort((a, b) => a.index - b.index);
  return { placed, dropped: dropped.sort((a, b) => a - b) };
}

/** A rendered Plot figure: an element that knows its scales. */
type ScaledPlot = Element & {
  scale(name: 'x' | 'y'): { apply(value: unknown): unknown; range?: Iterable<unknown> } | undefined;
};

const TRIANGLE_HALF_BASE = 5; // px

function triangle(axis: 'x' | 'y', tipX: number, tipY: number): string {
  const h = TRIANGLE,
    w = TRIANGLE_HALF_BASE;
  return axis === 'x'
    ? `M${tipX},${tipY}L${tipX - w},${tipY - h}L${tipX + w},${tipY - h}Z`
    : `M${tipX},${tipY}L${tipX + h},${tipY - w}L${tipX + h},${tipY + w}Z`;
}

/** The plot's frame in pixels. */
interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A mark and where it falls on its axis, in pixels. */
interface Placed {
  mark: AxisMark;
  at: number;
}

/** Draws `marks` onto a rendered Plot figure (which must have left room: xMarksMargin / yMarksMargin). */
export function drawAxisMarks(plot: ScaledPlot, marks: AxisMark[]): void {
  if (!marks.length) return;
  const scales = { x: plot.scale('x'), y: plot.scale('y') };
  if (!scales.x?.range || !scales.y?.range) return;
  const xRange = Array.from(scales.x.range, Number),
    yRange = Array.from(scales.y.range, Number);
  const frame: Frame = {
    left: Math.min(...xRange),
    right: Math.max(...xRange),
    top: Math.min(...yRange),
    bottom: Math.max(...yRange),
  };
  const group = svgElement('g', { class: 'axis-marks', 'font-family': FONT, 'font-size': MARK_FONT_SIZE });
  for (const axis of ['x', 'y'] as const) {
    const scale = scales[axis]!;
    const [low, high] = axis === 'x' ? [frame.left, frame.right] : [frame.top, frame.bottom];
    const own = marks
      .filter((m) => m.axis === axis)
      .map((m) => ({ mark: m, at: Number(scale.apply(m.value)) }))
      .filter((m) => Number.isFinite(m.at) && m.at >= low - 0.5 && m.at <= high + 0.5);
    drawTriangles(group, axis, own, frame);
    drawTags(group, axis, own, frame);
  }
  plot.append(group);
}

/** Each mark's triangle on the frame's edge, its label as the triangle's title. */
function drawTriangles(group: SVGElement, axis: 'x' | 'y', own: Placed[], { top, right }: Frame): void {
  // Hollow marks first, so a filled one at the same place stays visible on top.
  const drawOrder = [...own].sort((a, b) => Number(b.mark.shape === 'hollow') - Number(a.mark.shape === 'hollow'));
  // A hollow (measured) mark that would overlap a filled (theory) one moves just inside the frame, pointing at the
  // same value: the two stay apart and readable, one above the other (λ₁ beside the predicted outlier).
  const crowded = (m: Placed) =>
    m.mark.shape === 'hollow' &&
    own.some((o) => o.mark.shape !== 'hollow' && Math.abs(o.at - m.at) < 2 * TRIANGLE_HALF_BASE + 1);
  for (const entry of drawOrder) {
    const { mark, at } = entry;
    const color = mark.color ?? MARKER;
    const inside = crowded(entry);
    const g = svgElement('g', { class: 'axis-mark' });
    const title = svgElement('title');
    title.textContent = mark.label;
    g.append(
      title,
      svgElement('path', {
        d:
          axis === 'x'
            ? triangle('x', at, inside ? top + 1 + TRIANGLE : top - 1)
            : triangle('y', inside ? right - 1 - TRIANGLE : right + 1, at),
        fill: mark.shape === 'hollow' ? BACKGROUND : color,
        stroke: color,
        'stroke-width': 1.5,
        'stroke-linejoin': 'round',
      }),
    );
    group.append(g);
  }
}

/** The short tags beside the triangles, laid out so none collides (rows above the frame, or down its right edge). */
function drawTags(group: SVGElement, axis: 'x' | 'y', own: Placed[], { left, right, top, bottom }: Frame): void {
  const labelled = own.filter((m) => m.mark.tag);
  const { placed } =
    axis === 'x'
      ? layoutLabels(
          labelled.map((m) => ({ at: m.at, size: markTextWidth(m.mark.tag!), priority: m.mark.priority })),
          [left, right],
          X_LABEL_ROWS,
        )
      : layoutLabels(
          labelled.map((m) => ({ at: m.at, size: ROW_HEIGHT, priority: m.mark.priority })),
          [top, bottom + ROW_HEIGHT / 2],
          1,
          0,
        );
  placed.forEach((p) => {
    const { mark } = labelled[p.index];
    const text =
      axis === 'x'
        ? svgElement('text', {
            x: (p.start + p.end) / 2,
            y: top - TRIANGLE - 4 - p.row * ROW_HEIGHT,
            'text-anchor': 'middle',
          })
        : svgElement('text', { x: right + TRIANGLE + 4, y: p.start + ROW_HEIGHT / 2 + 3.5, 'text-anchor': 'start' });
    Object.entries({
      fill: mark.color ?? MARKER,
      stroke: BACKGROUND,
      'stroke-width': 3,
      'paint-order': 'stroke',
      class: 'axis-mark-label',
    }).forEach(([k, v]) => text.setAttribute(k, String(v)));
    text.textContent = mark.tag!;
    group.append(text);
  });
}

export function axisMarkLegend(marks: AxisMark[]): LegendItem[] {
  return marks
    .filter((m) => m.legend !== false)
    .map((m) => ({ label: m.label, color: m.color ?? MARKER, symbol: 'triangle', hollow: m.shape === 'hollow' }));
}
