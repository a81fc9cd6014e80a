// SPDX-License-Identifier: Apache-2.0
// Legends drawn as SVG (not HTML) so they travel with a figure's SVG and PNG export.
import { colorLut, lutColor, rampPosition, type ColorScale } from './colormap';
import { legendTicks } from './ticks';
import { BACKGROUND, FONT, INK, MUTED, formatNumber } from './figure-style';

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export interface LegendItem {
  label: string;
  color: string;
  /**
   * How the swatch is drawn: a line (optionally dashed), a dot, a filled box, a triangle (an axis
   * mark, see axis-marks.ts; `hollow` for the second kind), or a hollow and a filled triangle side by side.
   */
  symbol: 'line' | 'dot' | 'box' | 'triangle' | 'triangles';
  dash?: string;
  hollow?: boolean;
  /** Class of the row's <g> ('theory', 'sim'), so a page can restyle one kind of mark. */
  className?: string;
}

/** A triangle pointing down with its tip at (x, y), as axis marks draw it. */
function swatchTriangle(x: number, color: string, hollow: boolean): SVGPathElement {
  return svgElement('path', {
    d: `M${x},13L${x - 5},6L${x + 5},6Z`,
    fill: hollow ? BACKGROUND : color,
    stroke: color,
    'stroke-width': 1.5,
    'stroke-linejoin': 'round',
  });
}

const CHAR_WIDTH = 6.2; // average advance of an 11px system-ui glyph; legends are laid out before they are attached

/** Splits a label into lines of at most `maxChars` characters, at spaces where possible. */
export function wrapLabel(label: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(' ')) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A wrapping row of swatches; a label too long for the width wraps onto several lines. */
export function swatchLegend(items: LegendItem[], width: number): SVGSVGElement {
  const svg = svgElement('svg', { class: 'legend', 'font-family': FONT, 'font-size': 11, fill: INK, role: 'list' });
  const lineHeight = 14,
    swatch = 28;
  let x = 0,
    y = 0,
    rowHeight = 0;
  for (const item of items) {
    const lines = wrapLabel(item.label, Math.max(8, Math.floor((width - swatch) / CHAR_WIDTH)));
    const itemWidth = swatch + CHAR_WIDTH * Math.max(...lines.map((l) => l.length));
    if (x > 0 && x + itemWidth > width) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const g = svgElement('g', {
      transform: `translate(${x},${y})`,
      role: 'listitem',
      ...(item.className ? { class: item.className } : {}),
    });
    if (item.symbol === 'line') {
      g.append(
        svgElement('line', {
          x1: 0,
          x2: 22,
          y1: 9,
          y2: 9,
          stroke: item.color,
          'stroke-width': 2,
          ...(item.dash ? { 'stroke-dasharray': item.dash } : {}),
        }),
      );
    } else if (item.symbol === 'dot') {
      g.append(svgElement('circle', { cx: 11, cy: 9, r: 3.5, fill: item.color }));
    } else if (item.symbol === 'triangle') {
      g.append(swatchTriangle(11, item.color, Boolean(item.hollow)));
    } else if (item.symbol === 'triangles') {
      g.append(swatchTriangle(5, item.color, true), swatchTriangle(18, item.color, false));
    } else {
      g.append(svgElement('rect', { x: 4, y: 3, width: 14, height: 12, fill: item.color }));
    }
    lines.forEach((line, i) => {
      const text = svgElement('text', { x: swatch, y: 13 + i * lineHeight });
      text.textContent = line;
      g.append(text);
    });
    svg.append(g);
    x += itemWidth + 14;
    rowHeight = Math.max(rowHeight, lines.length * lineHeight + 4);
  }
  const height = y + rowHeight + 2;
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return svg;
}

/** The empty SVG of a colour legend (a ramp's or integer steps'), in the plots' font and ink. */
function colorLegendSvg(width: number, height: number): SVGSVGElement {
  return svgElement('svg', {
    class: 'legend color-legend',
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-family': FONT,
    'font-size': 11,
    fill: INK,
  });
}

/** A colour ramp with ticks and a title, matching the canvas heatmap's LUT and scale. */
export function colorLegend(scale: ColorScale, title: string, width = 300): SVGSVGElement {
  const lut = colorLut(scale.scheme);
  const height = 46,
    left = 8,
    barTop = 18,
    barHeight = 10;
  const barWidth = Math.max(80, width - 2 * left);
  const svg = colorLegendSvg(width, height);
  const id = `ramp-${scale.scheme}-${Math.random().toString(36).slice(2, 8)}`;
  const gradient = svgElement('linearGradient', { id, x1: 0, x2: 1, y1: 0, y2: 0 });
  for (let i = 0; i <= 32; i++)
    gradient.append(svgElement('stop', { offset: i / 32, 'stop-color': lutColor(lut, (255 * i) / 32) }));
  const defs = svgElement('defs');
  defs.append(gradient);
  const heading = svgElement('text', { x: left, y: 12, 'font-weight': 600 });
  heading.textContent = `${title} (${scale.type === 'log' ? 'log' : 'linear'} scale)`;
  svg.append(
    defs,
    heading,
    svgElement('rect', { x: left, y: barTop, width: barWidth, height: barHeight, fill: `url(#${id})` }),
  );
  const position = rampPosition(scale);
  for (const tick of legendTicks(scale.domain, scale.type)) {
    const x = left + barWidth * position(tick);
    svg.append(svgElement('line', { x1: x, x2: x, y1: barTop + barHeight, y2: barTop + barHeight + 4, stroke: MUTED }));
    // Labels at the ends are anchored inwards so they are never cut off.
    const anchor = position(tick) < 0.08 ? 'start' : position(tick) > 0.92 ? 'end' : 'middle';
    const label = svgElement('text', { x, y: barTop + barHeight + 15, 'text-anchor': anchor });
    label.textContent = formatNumber(tick, 2);
    svg.append(label);
  }
  svg.setAttribute(
    'aria-label',
    `${title}: colour from ${formatNumber(scale.domain[0])} ` +
      `to ${formatNumber(scale.domain[1])}${scale.type === 'log' ? ', log scale' : ''}`,
  );
  return svg;
}

/** A legend of integer steps: one box per value, its colour and the value under it (an integer quantity's scale). */
export function stepLegend(
  steps: readonly { value: number; color: string }[],
  title: string,
  width = 300,
): SVGSVGElement {
  const left = 8,
    box = Math.max(8, Math.min(40, Math.floor((width - 2 * left) / Math.max(1, steps.length))));
  // The title wraps on a narrow screen (a phone) rather than run past the figure's edge.
  const lines = wrapLabel(
    `${title} (one colour per integer)`,
    Math.max(20, Math.floor((width - 2 * left) / (1.1 * CHAR_WIDTH))),
  );
  const barTop = 6 + 14 * lines.length,
    height = barTop + 28;
  const svg = colorLegendSvg(width, height);
  lines.forEach((line, i) => {
    const heading = svgElement('text', { x: left, y: 12 + 14 * i, 'font-weight': 600 });
    heading.textContent = line;
    svg.append(heading);
  });
  steps.forEach(({ value, color }, i) => {
    const x = left + i * box;
    svg.append(svgElement('rect', { x, y: barTop, width: box - 1, height: 10, fill: color }));
    const label = svgElement('text', { x: x + box / 2, y: barTop + 25, 'text-anchor': 'middle' });
    label.textContent = String(value);
    svg.append(label);
  });
  svg.setAttribute('aria-label', `${title}: one colour per integer from ${steps[0]?.value} to ${steps.at(-1)?.value}`);
  return svg;
}
