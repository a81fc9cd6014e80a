// SPDX-License-Identifier: Apache-2.0
// Threshold rules shared by every chart: a dashed (theory) or dotted (marker) line with a short tag
// written beside it, plus the matching legend entry with the full label.
import * as Plot from '@observablehq/plot';
import type { LegendItem } from './legend';
import { BACKGROUND, overlayStroke, type OverlayStyle } from './figure-style';

export interface Rule {
  axis: 'x' | 'y';
  value: number;
  /** Legend text, e.g. "ln n = 5.55 (uniform row)". */
  label: string;
  /** Short text drawn beside the rule (defaults to the label), e.g. "ln n". */
  tag?: string;
  /** 'theory' (dashed, accent colour) for predictions; 'marker' (dotted grey) for measured references. */
  style?: OverlayStyle;
}

/** The data's extent on each axis, so tags can sit on the side of the rule with more room. */
interface Extent {
  x?: [number, number];
  y?: [number, number];
  xLog?: boolean;
  yLog?: boolean;
  /**
   * The points drawn and the chart's size (px): a vertical rule's tag goes to the end (top or bottom) they leave free.
   */
  points?: { x: number; y: number }[];
  width?: number;
  height?: number;
}

const TAG_CHAR_WIDTH = 6.2; // 11px system-ui, as in legend.ts
/** Plot's default margins around the frame (px), for turning a tag's size into data coordinates. */
const FRAME_MARGIN = { x: 72, y: 50 };

/** Where `v` falls in [lo, hi] as a fraction (log-aware). */
function fraction(v: number, [lo, hi]: [number, number], log = false): number {
  const f = (t: number) => (log ? Math.log(t) : t);
  return f(hi) === f(lo) ? 0.5 : (f(v) - f(lo)) / (f(hi) - f(lo));
}

/** Drawn points a vertical rule's tag would cover at one end (top or bottom) on one side (before or after the rule). */
function pointsUnderTag(rule: Rule, before: boolean, end: 'top' | 'bottom', extent: Extent, row: number): number {
  const { points, x, y } = extent;
  if (!points?.length || !x || !y) return 0;
  const plotWidth = Math.max(60, (extent.width ?? 400) - FRAME_MARGIN.x);
  const plotHeight = Math.max(60, (extent.height ?? 260) - FRAME_MARGIN.y);
  const at = fraction(rule.value, x, extent.xLog);
  // the text, its gap and a dot's radius
  const span = ((rule.tag ?? rule.label).length * TAG_CHAR_WIDTH + 14) / plotWidth;
  const [left, right] = before ? [at - span, at] : [at, at + span];
  // The tag's line, `row` lines from the edge (ruleMarks: 8 + 14·row px, 11 px tall), widened by a dot's radius.
  const near = (8 + 14 * row - 5) / plotHeight,
    far = (8 + 14 * row + 16) / plotHeight;
  let count = 0;
  for (const p of points) {
    const px = fraction(p.x, x, extent.xLog);
    if (px < left || px > right) continue;
    const py = fraction(p.y, y, extent.yLog);
    const fromEdge = end === 'top' ? 1 - py : py;
    if (fromEdge >= near && fromEdge <= far) count++;
  }
  return count;
}

/**
 * Where a vertical rule's tag goes: at the top or the bottom of the frame, before or after the rule, on its own line or
 * up to two lines further in, whichever covers the fewest drawn points (a falling spectrum passes the top left, a
 * histogram's bars fill the bottom); ties keep the preferred side, the top and the rule's own line.
 */
export function tagPlace(
  rule: Rule,
  preferBefore: boolean,
  extent: Extent,
  row = 0,
): { end: 'top' | 'bottom'; before: boolean; row: number } {
  // A side where the tag would leave the frame (a rule near its edge) is not a choice, unless both sides would.
  const fits = (before: boolean) => {
    if (!extent.x) return true;
    const span =
      ((rule.tag ?? rule.label).length * TAG_CHAR_WIDTH + 8) / Math.max(60, (extent.width ?? 400) - FRAME_MARGIN.x);
    const at = fraction(rule.value, extent.x, extent.xLog);
    return before ? at - span >= 0 : at + span <= 1;
  };
  const sides = [preferBefore, !preferBefore].filter((before) => fits(before));
  const options = (sides.length ? sides : [preferBefore]).flatMap((before) =>
    [0, 1, 2].flatMap((shift) => (['top', 'bottom'] as const).map((end) => ({ end, before, row: row + shift }))),
  );
  const covered = options.map((o) => pointsUnderTag(rule, o.before, o.end, extent, o.row));
  return options[covered.indexOf(Math.min(...covered))];
}

/**
 * 'left' when the tag of a horizontal rule at the frame's right end would cover more drawn points than at its left end
 * (falling curves pass the rule on the right, rising ones on the left); `above`: the tag sits above the rule.
 */
export function tagSide(rule: Rule, above: boolean, extent: Extent): 'left' | 'right' {
  const { points, x, y } = extent;
  if (!points?.length || !x || !y) return 'right';
  const plotWidth = Math.max(60, (extent.width ?? 400) - FRAME_MARGIN.x);
  const plotHeight = Math.max(60, (extent.height ?? 260) - FRAME_MARGIN.y);
  const span = ((rule.tag ?? rule.label).length * TAG_CHAR_WIDTH + 8) / plotWidth;
  const at = fraction(rule.value, y, extent.yLog);
  const [low, high] = above ? [at, at + 18 / plotHeight] : [at - 18 / plotHeight, at];
  let left = 0,
    right = 0;
  for (const p of points) {
    const py = fraction(p.y, y, extent.yLog);
    if (py < low || py > high) continue;
    const px = fraction(p.x, x, extent.xLog);
    if (px <= span) left++;
    if (px >= 1 - span) right++;
  }
  return right > left ? 'left' : 'right';
}

export function extentOf(values: number[], log = false): [number, number] | undefined {
  const usable = values.filter((v) => Number.isFinite(v) && (!log || v > 0));
  return usable.length ? [Math.min(...usable), Math.max(...usable)] : undefined;
}

/** True when the value lies in the upper half of the extent (log-aware), so its tag goes before it. */
function inUpperHalf(value: number, extent: [number, number] | undefined, log = false): boolean {
  if (!extent) return false;
  const f = (v: number) => (log ? Math.log(v) : v);
  return f(value) > (f(extent[0]) + f(extent[1])) / 2;
}

export function ruleMarks(rules: Rule[], extent: Extent = {}): Plot.Markish[] {
  let xTags = 0,
    yTags = 0; // successive tags are staggered so neighbouring rules do not overprint
  return rules.flatMap((rule) => {
    const stroke = overlayStroke(rule.style ?? 'theory');
    const common = { ...stroke, strokeWidth: 1.5 };
    const tag = {
      text: () => rule.tag ?? rule.label,
      fill: stroke.stroke,
      stroke: BACKGROUND,
      strokeWidth: 3,
      paintOrder: 'stroke',
      fontSize: 11,
    };
    if (rule.axis === 'x') {
      const { end, before, row } = tagPlace(rule, inUpperHalf(rule.value, extent.x, extent.xLog), extent, xTags++);
      const dy = (8 + 14 * row) * (end === 'top' ? 1 : -1);
      return [
        Plot.ruleX([rule.value], common),
        Plot.text([rule.value], {
          x: (d: number) => d,
          frameAnchor: end,
          textAnchor: before ? 'end' : 'start',
          dx: before ? -4 : 4,
          dy,
          ...tag,
        }),
      ];
    }
    const before = inUpperHalf(rule.value, extent.y, extent.yLog);
    const side = tagSide(rule, !before, extent);
    const dx = (4 + 90 * yTags++) * (side === 'right' ? -1 : 1);
    return [
      Plot.ruleY([rule.value], common),
      Plot.text([rule.value], {
        y: (d: number) => d,
        frameAnchor: side,
        textAnchor: side === 'right' ? 'end' : 'start',
        dx,
        dy: before ? 9 : -7,
        ...tag,
      }),
    ];
  });
}

export function ruleLegend(rules: Rule[]): LegendItem[] {
  return rules.map((rule) => {
    const { stroke, strokeDasharray } = overlayStroke(rule.style ?? 'theory');
    return { label: rule.label, color: stroke, symbol: 'line', dash: strokeDasharray };
  });
}

/** Rules that can be drawn on the axis type (a log axis cannot show values ≤ 0). */
export function drawableRules(rules: Rule[], xLog: boolean, yLog: boolean): Rule[] {
  return rules.filter((r) => Number.isFinite(r.value) && !(r.value <= 0 && (r.axis === 'x' ? xLog : yLog)));
}
