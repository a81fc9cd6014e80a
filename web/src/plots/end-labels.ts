// SPDX-License-Identifier: Apache-2.0
// Series names written at the right end of their lines (wide charts), spread vertically so that none overlaps.
import { drawable } from './line-axes';
import { svgElement } from './legend';
import type { Series } from './series';
import { FONT, INK } from './figure-style';

/** Below this width end labels would squeeze the chart: their series get legend rows instead. */
export const END_LABEL_MIN_WIDTH = 400;
export const END_CHAR_WIDTH = 6.2,
  END_ROW = 14;

/**
 * Centres (px) for labels of height `size` wanting to sit at `wanted`, moved apart as little as
 * possible so that none overlaps and all stay inside `bounds` (sorted pass down, then back up).
 */
export function spreadLabels(wanted: number[], size: number, bounds: [number, number]): number[] {
  const order = wanted.map((at, i) => ({ at, i })).sort((a, b) => a.at - b.at);
  const out = new Array<number>(wanted.length);
  let previous = -Infinity;
  for (const o of order) {
    previous = Math.max(o.at, previous + size, bounds[0] + size / 2);
    out[o.i] = previous;
  }
  let next = Infinity;
  for (const o of [...order].reverse()) {
    next = Math.min(out[o.i], next - size, bounds[1] - size / 2);
    out[o.i] = next;
  }
  return out;
}

/** Each series' name at its right end, in its colour, spread vertically so that none overlaps. */
export function drawEndLabels(
  plot: Element & { scale(name: 'x' | 'y'): { apply(v: unknown): unknown; range?: Iterable<unknown> } | undefined },
  labelled: Series[],
  xLog: boolean,
  yLog: boolean,
): void {
  const x = plot.scale('x'),
    y = plot.scale('y');
  if (!labelled.length || !x?.range || !y?.range) return;
  const right = Math.max(...Array.from(x.range, Number)),
    yRange = Array.from(y.range, Number);
  const ends = labelled.map((s) => {
    const points = drawable(s.points, xLog, yLog);
    return points.reduce((a, b) => (b.x > a.x ? b : a));
  });
  const centres = spreadLabels(
    ends.map((p) => Number(y.apply(p.y))),
    END_ROW,
    [Math.min(...yRange), Math.max(...yRange)],
  );
  const group = svgElement('g', { class: 'end-labels', 'font-family': FONT, 'font-size': 11 });
  labelled.forEach((s, i) => {
    const text = svgElement('text', {
      x: right + 6,
      y: centres[i] + 4,
      'text-anchor': 'start',
      fill: s.color ?? INK,
      class: `end-label ${s.style === 'theory' ? 'theory' : 'sim'}`,
    });
    text.textContent = s.endLabel as string;
    group.append(text);
  });
  plot.append(group);
}
