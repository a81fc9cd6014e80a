// SPDX-License-Identifier: Apache-2.0
// Canvas heatmap: values → 256-entry LUT → putImageData, under a Plot SVG frame with axes, plus an
// SVG colour legend and a readout of the cell under the mouse or the keyboard cursor (heatmap-cursor.ts).
// Grids larger than the canvas are pooled (max-|x|) first.
// heatmapRow draws several grids on one shared colour scale (e.g. exact vs approximation).
import * as Plot from '@observablehq/plot';
import { colorDomain, colorLut, rampPosition, type ColorScale } from './colormap';
import { attachCursor } from './heatmap-cursor';
import { downsampleMaxAbs, pooledCellRange, type Grid } from './downsample';
import { colorLegend } from './legend';
import { GRID, PLOT_STYLE, formatNumber } from './figure-style';
import { indexAxis, valueAxis } from './heatmap-axes';

export interface HeatmapOptions {
  width: number;
  /** Upper bound on the drawn height of the matrix, in CSS pixels (default: what the viewport leaves, 240–720). */
  maxHeight?: number;
  /**
   * The quantities the columns and rows stand for: the axes then show values in [lo, hi] (cell edges)
   * instead of indices. Row 0 is drawn at the top, so with `yDomain` row 0 holds the highest values.
   */
  xDomain?: [number, number];
  yDomain?: [number, number];
  /** The drawn height of the grid (px) when cells need not be square (value axes); capped by maxHeight. */
  height?: number;
  /** The number of the first row and column on index axes and in the readout: 0 (default) or 1 (positions). */
  firstIndex?: number;
  /** Names of the rows and columns of a square matrix (a text's tokens): on both axes and in the readout. */
  labels?: readonly string[];
  /** Scheme, scale type and domain; the domain defaults to the data's extent (log: 4 decades). */
  color?: Partial<ColorScale>;
  /** Name of the value, used in the legend and the readout (e.g. "P_ij"). */
  valueLabel?: string;
  xLabel?: string;
  yLabel?: string;
  /** Size of the matrix the grid was pooled from (the core pools before sending); defaults to the grid's. */
  sourceRows?: number;
  sourceCols?: number;
  /** Draw the colour legend under the matrix (heatmapRow draws one shared legend instead). */
  legend?: boolean;
  /** Device pixels per CSS pixel; defaults to window.devicePixelRatio. */
  pixelRatio?: number;
  ariaLabel?: string;
}

const PLAIN_MARGIN = { top: 10, right: 18, bottom: 38, left: 50 }; // right: room for the last x tick label
const LABELLED_MARGIN = { top: 10, right: 18, bottom: 78, left: 74 }; // names of rows and (turned) columns

export function resolveColorScale(grids: Grid[], color: Partial<ColorScale> = {}): ColorScale {
  const type = color.type ?? 'linear';
  return {
    scheme: color.scheme ?? 'viridis',
    type,
    domain:
      color.domain ??
      colorDomain(
        grids.map((g) => g.data),
        type,
      ),
  };
}

/** The tallest grid that still leaves the colour bar and a line of text on the screen. */
function viewportHeight(): number {
  const h = globalThis.innerHeight;
  return typeof h === 'number' && h > 0 ? Math.max(240, Math.min(720, h - 180)) : 520;
}

/** Paints `grid` onto a canvas of pixelWidth × pixelHeight, nearest-neighbour, after pooling if needed. */
export function paintGrid(
  canvas: HTMLCanvasElement,
  grid: Grid,
  scale: ColorScale,
  pixelWidth: number,
  pixelHeight: number,
): void {
  const pooled = downsampleMaxAbs(grid, pixelHeight, pixelWidth);
  const lut = colorLut(scale.scheme);
  const position = rampPosition(scale);
  canvas.width = pixelWidth;
  canvas.height = pixelHeight;
  const context = canvas.getContext('2d');
  if (!context) return;
  const image = context.createImageData(pixelWidth, pixelHeight);
  const columnOf = Int32Array.from({ length: pixelWidth }, (_, x) => Math.floor((x * pooled.cols) / pixelWidth));
  for (let y = 0; y < pixelHeight; y++) {
    const rowStart = Math.floor((y * pooled.rows) / pixelHeight) * pooled.cols;
    for (let x = 0; x < pixelWidth; x++) {
      const k = 3 * Math.round(255 * position(pooled.data[rowStart + columnOf[x]]));
      const o = 4 * (y * pixelWidth + x);
      image.data[o] = lut[k];
      image.data[o + 1] = lut[k + 1];
      image.data[o + 2] = lut[k + 2];
      image.data[o + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
}

function readoutText(grid: Grid, options: HeatmapOptions, row: number, col: number): string {
  const sourceRows = options.sourceRows ?? grid.rows,
    sourceCols = options.sourceCols ?? grid.cols;
  const value = grid.data[row * grid.cols + col];
  const name = options.valueLabel ?? 'value';
  const { rows, cols } = pooledCellRange(grid, sourceRows, sourceCols, row, col);
  const first = options.firstIndex ?? 0;
  const span = ([a, b]: [number, number]) => (a === b ? `${a + first}` : `${a + first}–${b + first}`);
  const pooled = rows[0] !== rows[1] || cols[0] !== cols[1];
  // Value axes: the cell's centre in the quantities' units (row 0 is the top, the domain's high end).
  const centre = (domain: [number, number], index: number, count: number, top: boolean) =>
    formatNumber(
      top
        ? domain[1] - ((index + 0.5) * (domain[1] - domain[0])) / count
        : domain[0] + ((index + 0.5) * (domain[1] - domain[0])) / count,
      3,
    );
  const named = ([a, b]: [number, number]) => (options.labels && a === b ? ` “${options.labels[a]}”` : '');
  const yText = options.yDomain
    ? `${options.yLabel ?? 'y'} = ${centre(options.yDomain, row, grid.rows, true)}`
    : `${options.yLabel ?? 'row'} ${span(rows)}${named(rows)}`;
  const xText = options.xDomain
    ? `${options.xLabel ?? 'x'} = ${centre(options.xDomain, col, grid.cols, false)}`
    : `${options.xLabel ?? 'column'} ${span(cols)}${named(cols)}`;
  return `${yText}, ${xText}: ${pooled ? `largest |${name}| ` : `${name} = `}${formatNumber(value, 4)}`;
}

/** The heatmap's axes and frame, drawn by Plot over the canvas (the canvas is the image; readers skip the frame). */
function axesFrame(
  options: HeatmapOptions,
  sourceRows: number,
  sourceCols: number,
  innerWidth: number,
  innerHeight: number,
  margin: typeof PLAIN_MARGIN,
): ReturnType<typeof Plot.plot> {
  return Plot.plot({
    width: innerWidth + margin.left + margin.right,
    height: innerHeight + margin.top + margin.bottom,
    marginTop: margin.top,
    marginRight: margin.right,
    marginBottom: margin.bottom,
    marginLeft: margin.left,
    x: options.xDomain
      ? valueAxis(options.xDomain, options.xLabel)
      : {
          ...indexAxis(sourceCols, options.xLabel, options.firstIndex, options.labels),
          ...(options.labels ? { tickRotate: -60 } : {}),
        },
    y: options.yDomain
      ? valueAxis(options.yDomain, options.yLabel)
      : { ...indexAxis(sourceRows, options.yLabel, options.firstIndex, options.labels), reverse: true },
    style: { ...PLOT_STYLE, pointerEvents: 'none' },
    marks: [Plot.frame({ stroke: GRID })],
  });
}

/**
 * The readout under the matrix and its live region: the cursor's cell (mouse or arrow keys, heatmap-cursor.ts), its
 * rows, columns and value.
 */
function readouts(
  canvas: HTMLCanvasElement,
  grid: Grid,
  options: HeatmapOptions,
  innerWidth: number,
  innerHeight: number,
): [HTMLElement, HTMLElement] {
  const readout = document.createElement('p');
  readout.className = 'heatmap-readout';
  // Kept short (a longer line wraps and makes embedded heatmaps taller); focus shows the cursor's cell at once.
  readout.textContent = 'Hover over the matrix to read values.';
  const announcer = document.createElement('p');
  announcer.className = 'sr-only';
  announcer.setAttribute('aria-live', 'polite');
  attachCursor(canvas, {
    rows: grid.rows,
    cols: grid.cols,
    cellWidth: innerWidth / grid.cols,
    cellHeight: innerHeight / grid.rows,
    show: (row, col, announce) => {
      const text = readoutText(grid, options, row, col);
      readout.textContent = text;
      Object.assign(readout.dataset, {
        row: String(row),
        col: String(col),
        value: String(grid.data[row * grid.cols + col]),
      });
      if (announce) announcer.textContent = text;
    },
  });
  return [readout, announcer];
}

/** One heatmap; the colour scale is returned on the element as `dataset.domain` for tests and export. */
export function heatmap(grid: Grid, options: HeatmapOptions): HTMLElement {
  const MARGIN = options.labels ? LABELLED_MARGIN : PLAIN_MARGIN;
  const scale = resolveColorScale([grid], options.color);
  const sourceRows = options.sourceRows ?? grid.rows,
    sourceCols = options.sourceCols ?? grid.cols;
  let innerWidth = Math.max(60, options.width - MARGIN.left - MARGIN.right);
  const maxHeight = options.maxHeight ?? viewportHeight();
  let innerHeight =
    options.height !== undefined
      ? Math.min(options.height, maxHeight)
      : Math.round((innerWidth * sourceRows) / sourceCols);
  // Square cells: a tall matrix narrows to keep its aspect rather than run off the screen.
  if (innerHeight > maxHeight) {
    innerWidth = Math.round((innerWidth * maxHeight) / innerHeight);
    innerHeight = maxHeight;
  }
  const plotWidth = innerWidth + MARGIN.left + MARGIN.right;
  const ratio = Math.min(3, options.pixelRatio ?? (globalThis.devicePixelRatio || 1));

  const canvas = document.createElement('canvas');
  paintGrid(canvas, grid, scale, Math.round(innerWidth * ratio), Math.round(innerHeight * ratio));
  Object.assign(canvas.style, {
    position: 'absolute',
    left: `${MARGIN.left}px`,
    top: `${MARGIN.top}px`,
    width: `${innerWidth}px`,
    height: `${innerHeight}px`,
  });
  // An application role: a screen reader passes the arrow keys through to the cursor.
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'heatmap');
  canvas.setAttribute(
    'aria-label',
    `${options.ariaLabel ?? `${options.valueLabel ?? 'value'} as a ${sourceRows} × ${sourceCols} heatmap`}, ` +
      `${grid.rows} × ${grid.cols} cells; arrow keys move a cursor cell and read its value`,
  );

  const frame = axesFrame(options, sourceRows, sourceCols, innerWidth, innerHeight, MARGIN);
  frame.setAttribute('aria-hidden', 'true'); // the canvas is the image; the frame only draws axes
  for (const el of frame.querySelectorAll('[aria-label]')) el.removeAttribute('aria-label');

  const stage = document.createElement('div');
  stage.className = 'heatmap-stage';
  Object.assign(stage.style, { position: 'relative', width: `${plotWidth}px`, maxWidth: '100%' });
  stage.append(canvas, frame);

  const figure = document.createElement('div');
  figure.className = 'plot-figure heatmap-figure';
  figure.dataset.domain = scale.domain.join(',');
  figure.append(stage);
  if (options.legend !== false)
    figure.append(colorLegend(scale, options.valueLabel ?? 'value', Math.min(plotWidth, 320)));

  figure.append(...readouts(canvas, grid, options, innerWidth, innerHeight));
  return figure;
}

export interface HeatmapPanel {
  grid: Grid;
  title: string;
  sourceRows?: number;
  sourceCols?: number;
}

/** Several heatmaps side by side (wrapping on narrow screens) on one colour scale with one legend. */
export function heatmapRow(panels: HeatmapPanel[], options: HeatmapOptions): HTMLElement {
  const scale = resolveColorScale(
    panels.map((p) => p.grid),
    options.color,
  );
  const columns = options.width >= 560 ? panels.length : 1;
  const panelWidth = Math.floor((options.width - 16 * (columns - 1)) / columns);
  const row = document.createElement('div');
  row.className = 'heatmap-row';
  for (const panel of panels) {
    const cell = document.createElement('div');
    cell.className = 'heatmap-panel';
    const heading = document.createElement('p');
    heading.className = 'heatmap-title';
    heading.textContent = panel.title;
    heading.dataset.exportText = ''; // keeps the panel title in SVG/PNG exports
    cell.append(
      heading,
      heatmap(panel.grid, {
        ...options,
        width: panelWidth,
        color: scale,
        legend: false,
        sourceRows: panel.sourceRows,
        sourceCols: panel.sourceCols,
      }),
    );
    row.append(cell);
  }
  const figure = document.createElement('div');
  figure.className = 'plot-figure';
  figure.dataset.domain = scale.domain.join(',');
  figure.append(row, colorLegend(scale, options.valueLabel ?? 'value', Math.min(options.width, 320)));
  return figure;
}
