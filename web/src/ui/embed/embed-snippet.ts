// SPDX-License-Identifier: Apache-2.0
// The HTML the Embed dialog hands out: an <iframe> (auto-sized by the host script, or of a fixed
// height) or the <attnlab-figure> custom element. DOM-free, so it tests in Node.
import { embedHash, type EmbedFigure, type Hideable } from '../../state/url';

/**
 * In embed mode each figure is drawn at most this tall (ui/results/results.ts), so the first one fits a short frame.
 */
export const EMBED_FIGURE_MAX_HEIGHT = 360;

/** The files the build ships for hosts (web/public/): the auto-height script and the custom element. */
const HOST_SCRIPT = 'attnlab-embed-host.js';
const ELEMENT_SCRIPT = 'attnlab-figure.js';

export interface EmbedOptions {
  /** Any link of the app; its hash gives the state, embed=1 and hide= are set from `hide`. */
  href: string;
  /** CSS width: '100%' or a number of pixels. */
  width: string;
  /** Fixed pixels, or 'auto' (the host script or the element follow the embedded page's height). */
  height: number | 'auto';
  /** The fixed height the snippet falls back on when height is 'auto' (a host that blocks scripts). */
  fallbackHeight: number;
  title: string;
  hide: readonly Hideable[];
  /** loading="lazy": the browser fetches the frame only near the viewport. */
  lazy: boolean;
  kind: 'iframe' | 'element';
  /** fig=, controls=, theme= of a figure embed (none: the whole view). */
  figure?: EmbedFigure;
}

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The embedded view's address: the app's page (no query, no hash) with the link's state in embed mode. */
export function embedAddress(href: string, hide: readonly Hideable[], figure: EmbedFigure = {}): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}${embedHash(url.hash, hide, figure)}`;
}

/** A file shipped next to the app's index.html (the host script, the custom element). */
function shippedFile(href: string, file: string): string {
  return new URL(`./${file}`, href).href; // relative to the page: the hash and query drop
}

/** A CSS width from what the user typed: '100%' style percentages or pixels; anything else is 100%. */
export function cssWidth(text: string): string {
  const t = text.trim();
  if (/^\d{1,3}(\.\d+)?%$/.test(t) && Number.parseFloat(t) <= 100) return t;
  if (/^\d{2,4}(px)?$/.test(t)) return `${Number.parseInt(t, 10)}px`;
  return '100%';
}

/**
 * The height a frame gets when nothing sizes it: enough for the parts above the first figure and that figure with its
 * caption and export row, and the chosen controls; whatever follows (more figures, the panel) scrolls inside the frame.
 * Used only until the dialog's preview has measured the page. Each term is the part's height in embed mode at common
 * widths (styles/base.css, body.embed).
 */
export function estimatedHeight(hide: readonly Hideable[], controls = 0): number {
  const hidden = (part: Hideable) => hide.includes(part);
  let height = 44 + 16; // the title and status bar, and the page's padding
  height += 12 + 30 + EMBED_FIGURE_MAX_HEIGHT; // the first figure: its frame, heading and body
  if (!hidden('text')) height += 44; // its caption (two lines)
  if (!hidden('export')) height += 40;
  if (controls) height += 24 + 72 * controls; // the chosen controls under the figure: label, slider or select, value
  return height;
}

export function embedSnippet(o: EmbedOptions): string {
  const src = embedAddress(o.href, o.hide, o.figure);
  const title = `attnlab: ${o.title}`;
  const fixed = o.height === 'auto' ? o.fallbackHeight : o.height;
  const width = cssWidth(o.width);
  if (o.kind === 'element') {
    return [
      `<script src="${attr(shippedFile(o.href, ELEMENT_SCRIPT))}" defer></script>`,
      `<attnlab-figure src="${attr(src)}" title="${attr(title)}" height="${o.height === 'auto' ? 'auto' : fixed}"` +
        ` style="width:${width}"${o.lazy ? ' loading="lazy"' : ''}></attnlab-figure>`,
    ].join('\n');
  }
  const iframe =
    `<iframe src="${attr(src)}" title="${attr(title)}" ` +
    `width="${width.endsWith('px') ? Number.parseInt(width, 10) : width}" height="${fixed}"` +
    `${o.lazy ? ' loading="lazy"' : ''} ` +
    `style="border:0;max-width:100%"${o.height === 'auto' ? ' data-attnlab-auto-height' : ''}></iframe>`;
  return o.height === 'auto'
    ? `${iframe}\n<script src="${attr(shippedFile(o.href, HOST_SCRIPT))}" defer></script>`
    : iframe;
}
