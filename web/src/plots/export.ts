// SPDX-License-Identifier: Apache-2.0
// Figure export: SVG (the on-screen figure composed into one SVG, canvases embedded as PNG <image>s, legends included),
// PNG at 2× (that SVG drawn on a canvas, the canvases drawn directly), CSV and JSON. Every file is stamped (see
// stamp.ts) and downloaded through an <a download> blob URL.
import { svgElement } from './legend';
import {
  CAPTION_FONT_SIZE,
  captionChars,
  captionLines,
  csvText,
  stampFileName,
  insertPngText,
  jsonText,
  svgMetadataMarkup,
  type ExportStamp,
  type FigureData,
} from './stamp';
import { BACKGROUND, FONT, INK, MUTED } from './figure-style';

const SVG_NS = 'http://www.w3.org/2000/svg';

export type ExportFormat = 'svg' | 'png' | 'csv' | 'json';

/**
 * Top-level pieces in paint order: canvases, SVGs not inside another SVG, and [data-export-text] labels; none inside
 * [data-no-export] (what the page adds beside a figure, as the head atlas's preview).
 */
function exportableParts(root: Element): Element[] {
  return [...root.querySelectorAll('canvas, svg, [data-export-text]')].filter(
    (el) => !el.parentElement?.closest('svg') && !el.closest('[data-no-export]'),
  );
}

/** The figure's height in the export: to the bottom of its last exported part when a part of it is left out. */
function exportedHeight(figure: Element, box: DOMRect): number {
  if (!figure.querySelector('[data-no-export]')) return box.height;
  const bottoms = exportableParts(figure).map((part) => part.getBoundingClientRect().bottom);
  return bottoms.length ? Math.max(...bottoms) - box.top : box.height;
}

/**
 * A <g> holding an SVG's children, placed and scaled where the SVG sits on screen. A nested <svg>
 * would pick up CSS sizing (Plot's `height: auto`) and fill the whole export.
 */
function svgAsGroup(part: SVGSVGElement, at: { x: number; y: number; width: number }): SVGGElement {
  const viewWidth = part.viewBox.baseVal?.width || Number(part.getAttribute('width')) || at.width;
  const group = svgElement('g', { transform: `translate(${at.x},${at.y}) scale(${at.width / viewWidth})` });
  for (const name of ['class', 'fill', 'font-family', 'font-size', 'text-anchor']) {
    const value = part.getAttribute(name);
    if (value !== null) group.setAttribute(name, value);
  }
  group.setAttribute('color', INK);
  if (!group.hasAttribute('fill')) group.setAttribute('fill', INK);
  for (const child of part.childNodes) group.append(child.cloneNode(true));
  return group;
}

/**
 * The PNGs of an exported SVG's canvases, by <image data-raster="i">: they enter the file's text only
 * when it is serialised, so the page never holds an <image> with a data: href (it would be fetched,
 * and a strict img-src refuses that).
 */
const RASTER_URLS = new WeakMap<SVGSVGElement, string[]>();

/** A canvas part of a figure (a heatmap) and where it sits in the composed SVG. */
interface RasterPart {
  canvas: HTMLCanvasElement;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One SVG that looks like the on-screen figure, with a title above and a stamp caption below.
 * Canvas parts are embedded as PNG images (an SVG file must be self-contained); with `rasters` they
 * are left out and listed there instead, so the PNG export draws them itself: the page never loads
 * a data: image, which a strict img-src forbids.
 */
export function composeSvg(figure: Element, title: string, stamp: ExportStamp, rasters?: RasterPart[]): SVGSVGElement {
  const box = figure.getBoundingClientRect(),
    boxHeight = exportedHeight(figure, box);
  const titleHeight = 26,
    captionLineHeight = 12;
  const width = Math.ceil(box.width);
  const caption = captionLines(stamp, captionChars(width)); // wrapped to the figure's width, so the footer is whole
  const height = Math.ceil(boxHeight) + titleHeight + caption.length * captionLineHeight + 10;
  const svg = svgElement('svg', {
    xmlns: SVG_NS,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-family': FONT,
  });
  svg.insertAdjacentHTML('afterbegin', svgMetadataMarkup(stamp));
  svg.append(svgElement('rect', { width, height, fill: BACKGROUND })); // the palette the figure was drawn in
  const heading = svgElement('text', { x: 4, y: 18, 'font-size': 14, 'font-weight': 600, fill: INK });
  heading.textContent = title;
  svg.append(heading);

  for (const part of exportableParts(figure)) {
    const r = part.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const at = { x: r.left - box.left, y: r.top - box.top + titleHeight, width: r.width, height: r.height };
    if (part instanceof HTMLCanvasElement) {
      if (rasters) {
        rasters.push({ canvas: part, ...at });
      } else {
        const urls = RASTER_URLS.get(svg) ?? [];
        RASTER_URLS.set(svg, [...urls, part.toDataURL('image/png')]);
        svg.append(
          svgElement('image', {
            ...at,
            'data-raster': urls.length,
            preserveAspectRatio: 'none',
            style: 'image-rendering:pixelated',
          }),
        );
      }
    } else if (part instanceof SVGSVGElement) {
      svg.append(svgAsGroup(part, at));
    } else {
      const text = svgElement('text', { x: at.x, y: at.y + r.height * 0.75, 'font-size': 12, fill: INK });
      text.textContent = part.textContent ?? '';
      svg.append(text);
    }
  }
  caption.forEach((line, i) => {
    const text = svgElement('text', {
      x: 4,
      y: Math.ceil(boxHeight) + titleHeight + 12 + i * captionLineHeight,
      'font-size': CAPTION_FONT_SIZE,
      fill: MUTED,
    });
    text.textContent = line;
    svg.append(text);
  });
  return svg;
}

function svgMarkup(svg: SVGSVGElement): string {
  const urls = RASTER_URLS.get(svg) ?? [];
  const markup = new XMLSerializer()
    .serializeToString(svg)
    .replace(/data-raster="(\d+)"/g, (_, i: string) => `href="${urls[Number(i)]}"`);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + markup;
}

/** Rasterises an SVG at `scale`×, draws the raster parts over it, and stamps the PNG's tEXt chunks. */
async function svgToPng(svg: SVGSVGElement, stamp: ExportStamp, scale = 2, rasters: RasterPart[] = []): Promise<Blob> {
  const width = Number(svg.getAttribute('width')),
    height = Number(svg.getAttribute('height'));
  const url = URL.createObjectURL(new Blob([svgMarkup(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas context for the PNG export');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    context.imageSmoothingEnabled = false; // heatmap cells stay sharp, as on screen
    for (const r of rasters) context.drawImage(r.canvas, r.x * scale, r.y * scale, r.width * scale, r.height * scale);
    const blob = encodePng(canvas);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const entries: [string, string][] = [
      ['Software', `attnlab ${stamp.version}`],
      ['Source', stamp.link],
      ['Comment', JSON.stringify(stamp)],
    ];
    return new Blob([insertPngText(bytes, entries)], { type: 'image/png' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Encodes at once with toDataURL. Chromium runs toBlob and convertToBlob in idle periods, and on a
 * results page it found none for a second (measured: 1 s for a 790 × 914 figure, against 25 ms here),
 * long enough on a busy machine for the click's user activation to lapse and the download to be
 * held back. The data: string is only decoded to bytes here, never loaded (the CSP stays strict).
 */
function encodePng(canvas: HTMLCanvasElement): Blob {
  const url = canvas.toDataURL('image/png');
  const base64 = url.slice(url.indexOf(',') + 1);
  if (!url.startsWith('data:image/png;base64,') || !base64) throw new Error('PNG encoding failed');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000); // some browsers read the blob after click returns
}

interface ExportRequest {
  format: ExportFormat;
  /** The rendered figure element on the page (for SVG/PNG). */
  element: Element;
  title: string;
  table: () => { columns: string[]; rows: (number | string)[][] };
  /** The figure's own JSON data; without it the JSON holds the table. Never the whole result. */
  data?: () => FigureData;
  stamp: ExportStamp;
  /** The downloaded file's name; by default attnlab-<experiment>-<figure>.<format>. */
  fileName?: string;
}

export async function exportFigure(request: ExportRequest): Promise<void> {
  const { format, stamp } = request;
  const name = request.fileName ?? stampFileName(stamp.experiment, stamp.figure, format);
  if (format === 'csv') return download(new Blob([csvText(request.table(), stamp)], { type: 'text/csv' }), name);
  if (format === 'json')
    return download(
      new Blob([jsonText(request.data?.() ?? request.table(), stamp)], { type: 'application/json' }),
      name,
    );
  if (format === 'svg')
    return download(
      new Blob([svgMarkup(composeSvg(request.element, request.title, stamp))], { type: 'image/svg+xml' }),
      name,
    );
  const rasters: RasterPart[] = [];
  const svg = composeSvg(request.element, request.title, stamp, rasters);
  download(await svgToPng(svg, stamp, 2, rasters), name);
}
